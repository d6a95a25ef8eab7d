import {
  fillRouteParams,
  findPublishedRoute,
  isRouteParamValue,
  matchesPattern,
  pageChunkName,
  parsePublishedRoutes,
  studentApiPath,
} from './remote-routes';
import type { PublishedRoutes } from './remote-routes';
import { fillPath, ROUTE_PATHS, subRoutePattern } from './route-paths';

const SERVICE: PublishedRoutes = {
  version: 1,
  namespace: 'service',
  routes: [
    {
      name: 'service-contact/faq-category',
      path: ROUTE_PATHS['service-contact/faq-category'],
      titleKey: 'routes.faq',
      requiresAuth: false,
      page: 'faqCategory',
      title: { 'en-GB': 'FAQ' },
    },
    {
      name: 'claims',
      contentPage: 'claims',
      titleKey: 'routes.claims',
      requiresAuth: true,
      page: 'claims',
      title: { 'en-GB': 'Claims' },
      children: [
        {
          name: 'claims/claim',
          path: ':claimNumber',
          titleKey: 'routes.claim',
          requiresAuth: false,
          page: 'claim',
          title: { 'en-GB': 'Claim' },
        },
      ],
    },
  ],
};

describe('preloadApi', () => {
  const tableWith = (preloadApi: unknown) => ({
    version: 1,
    namespace: 'insurance',
    routes: [
      {
        name: 'insurances',
        contentPage: 'insurances',
        titleKey: 't',
        requiresAuth: true,
        page: 'insurances',
        title: {},
        preloadApi,
      },
    ],
  });

  it('should read the api reads a route declares, and find them with the route', () => {
    const table = parsePublishedRoutes(
      tableWith(['api/en/profiles/{profileId}/policies']),
      'remote-insurance',
    );
    expect(findPublishedRoute([['insurance', table]], '/insurances')).toEqual(
      expect.objectContaining({ preloadApi: ['api/en/profiles/{profileId}/policies'] }),
    );
  });

  it.each([
    ['another origin', ['https://evil.example/api/x']],
    ['outside the api', ['en/login']],
    ['a way up', ['api/../admin']],
    ['another blank', ['api/en/claims/{claimNumber}']],
    ['a query', ['api/en/x?y=1']],
    ['not a list', 'api/en/x'],
  ])('should refuse %s, naming the field', (_what, preloadApi) => {
    expect(() => parsePublishedRoutes(tableWith(preloadApi), 'remote-insurance')).toThrow(
      'routes.json of remote-insurance: routes[0] ("insurances"): "preloadApi" must be a list of api paths',
    );
  });
});

describe('preloadApi naming route parameters', () => {
  const tableWith = (preloadApi: unknown, path = ':policyId/renew') => ({
    version: 1,
    namespace: 'insurance',
    routes: [
      {
        name: 'insurances',
        contentPage: 'insurances',
        titleKey: 't',
        requiresAuth: true,
        page: 'insurances',
        title: {},
        children: [
          {
            name: 'insurances/renew',
            path,
            titleKey: 't',
            requiresAuth: true,
            page: 'renew',
            title: {},
            preloadApi,
          },
        ],
      },
    ],
  });

  it("should read a sub-route's read that names its own parameter, and find it with the parameter's value", () => {
    const table = parsePublishedRoutes(tableWith(['api/en/policies/{policyId}']), 'remote-insurance');
    expect(findPublishedRoute([['insurance', table]], '/insurances/P-9/renew')).toEqual(
      expect.objectContaining({ preloadApi: ['api/en/policies/{policyId}'], params: { policyId: 'P-9' } }),
    );
  });

  it("should read a fixed route's read that names its path's parameter, and a child's that names its parent's", () => {
    const table = {
      version: 1,
      namespace: 'service',
      routes: [
        {
          name: 'confirm-claim',
          path: '/confirm-claim/:id',
          titleKey: 't',
          requiresAuth: true,
          page: 'confirm',
          title: {},
          preloadApi: ['api/en/claims/{id}'],
          children: [
            {
              name: 'x',
              path: 'y/:other',
              titleKey: 't',
              requiresAuth: true,
              page: 'x',
              title: {},
              preloadApi: ['api/{id}/{other}'],
            },
          ],
        },
      ],
    };
    expect(() => parsePublishedRoutes(table, 'remote-service')).not.toThrow();
  });

  it.each([
    ['a blank the route does not have', ['api/en/policies/{claimNumber}']],
    ['a parameter of a sibling route', ['api/en/invoices/{invoiceNumber}']],
    ['a blank inside a segment', ['api/en/policies/x{policyId}']],
    ['two blanks in one segment', ['api/en/{policyId}{profileId}']],
    ['a blank with a way up', ['api/en/../{policyId}']],
    ['an unclosed blank', ['api/en/policies/{policyId']],
    ['a blank that is not a name', ['api/en/policies/{1}']],
  ])('should refuse %s, naming the field', (_what, preloadApi) => {
    expect(() => parsePublishedRoutes(tableWith(preloadApi), 'remote-insurance')).toThrow(
      'routes.json of remote-insurance: routes[0] ("insurances"): children[0] ("insurances/renew"): "preloadApi" must be a list of api paths',
    );
  });

  it('should refuse a parameter blank on a content page, which has no parameters', () => {
    const table = tableWith(undefined);
    const withRead = {
      ...table,
      routes: [{ ...table.routes[0], preloadApi: ['api/en/policies/{policyId}'] }],
    };
    expect(() => parsePublishedRoutes(withRead, 'remote-insurance')).toThrow(
      '"preloadApi" must be a list of api paths',
    );
  });
});

describe('fillRouteParams', () => {
  it('should fill each parameter, leaving {profileId} for studentApiPath', () => {
    const filled = fillRouteParams('api/en/profiles/{profileId}/policies/{policyId}', {
      policyId: 'P-1001_2.a',
    });
    expect(filled).toBe('api/en/profiles/{profileId}/policies/P-1001_2.a');
    expect(studentApiPath(filled ?? '', 'P-1')).toBe('api/en/profiles/P-1/policies/P-1001_2.a');
    expect(fillRouteParams('api/en/countries', {})).toBe('api/en/countries');
  });

  it.each([
    ['a way up', '..'],
    ['the current folder', '.'],
    ['a way up inside', 'a..b'],
    ['a slash', 'a/b'],
    ['a slash, encoded', '%2F'],
    ['a slash, encoded twice', '%252F'],
    ['a backslash', 'a\\b'],
    ['a newline', 'a\nb'],
    ['a NUL', '\u0000'],
    ['a DEL', 'a\u007fb'],
    ['a lone surrogate', '\ud800'],
    ['a space', 'a b'],
    ['a query', 'a?b=1'],
    ['a fragment', 'a#b'],
    ['another blank', '{profileId}'],
    ['nothing', ''],
    ['a huge value', 'P'.repeat(101)],
  ])('should read nothing ahead for %s', (_what, value) => {
    expect(fillRouteParams('api/en/policies/{policyId}', { policyId: value })).toBeUndefined();
    expect(isRouteParamValue(value)).toBe(false);
  });

  it('should read nothing ahead for a missing parameter, nor take one from the prototype', () => {
    expect(fillRouteParams('api/en/policies/{policyId}', {})).toBeUndefined();
    expect(fillRouteParams('api/en/{constructor}', {})).toBeUndefined();
  });
});

describe('parsePublishedRoutes', () => {
  it('should read a valid table as it is', () => {
    expect(parsePublishedRoutes(JSON.parse(JSON.stringify(SERVICE)), 'remote-service')).toEqual(SERVICE);
  });

  it('should name the remote, the route and the field that is wrong', () => {
    const broken = { ...SERVICE, routes: [{ ...SERVICE.routes[0], page: 42 }] };
    expect(() => parsePublishedRoutes(broken, 'remote-service')).toThrow(
      'routes.json of remote-service: routes[0] ("service-contact/faq-category"): "page" must be a page key',
    );
  });

  it('should name a sub-route by its place and name', () => {
    const [, claims] = SERVICE.routes;
    const broken = {
      ...SERVICE,
      routes: [SERVICE.routes[0], { ...claims, children: [{ ...claims?.children?.[0], path: '/x' }] }],
    };
    expect(() => parsePublishedRoutes(broken, 'remote-service')).toThrow(
      'routes[1] ("claims"): children[0] ("claims/claim"): "path" must be a path relative to its page',
    );
  });

  it('should refuse a route with both a path and a content page, and a table of another version', () => {
    const both = { ...SERVICE, routes: [{ ...SERVICE.routes[0], contentPage: 'faq' }] };
    expect(() => parsePublishedRoutes(both, 'remote-service')).toThrow('not both');
    expect(() => parsePublishedRoutes({ ...SERVICE, version: 2 }, 'remote-service')).toThrow(
      'routes.json of remote-service: "version" must be 1, not 2',
    );
    expect(() => parsePublishedRoutes('<html>', 'remote-billing')).toThrow(
      'routes.json of remote-billing: not a JSON object',
    );
  });
});

describe('findPublishedRoute', () => {
  it('should find a fixed page, a content page where the tree puts it, and a sub-route', () => {
    const tables = [['service', SERVICE]] as const;
    expect(findPublishedRoute(tables, '/service-contact/faq/travel/')).toMatchObject({
      remote: 'service',
      page: 'faqCategory',
    });
    expect(findPublishedRoute(tables, '/my-claims', () => '/my-claims')?.page).toBe('claims');
    expect(findPublishedRoute(tables, '/claims/C-1')).toEqual({
      remote: 'service',
      name: 'claims/claim',
      page: 'claim',
      requiresAuth: true,
      params: { claimNumber: 'C-1' },
    });
    expect(findPublishedRoute(tables, '/claims/C-1/more')).toBeUndefined();
  });

  it('should not throw on a path with a broken escape', () => {
    expect(matchesPattern('/service-contact/faq/:qaCategoryId/', '/service-contact/faq/%E0%A4%A/')).toBe(
      true,
    );
    expect(matchesPattern('/login', '/%E0%A4%A')).toBe(false);
  });
});

describe('route paths', () => {
  it('should fill a pattern with encoded parameters, and refuse a missing one', () => {
    expect(fillPath(ROUTE_PATHS.activate, { id: 't k', username: 'a@b' })).toBe('/activate/t%20k/a%40b');
    expect(() => fillPath(ROUTE_PATHS.activate, { id: 't' })).toThrow('needs the parameter "username"');
  });

  it('should place a sub-route beneath its page', () => {
    expect(subRoutePattern('invoices/pay')).toBe('/invoices/:invoiceNumber/pay');
    expect(subRoutePattern('verify/code')).toBe('/verify/:code');
  });

  it('should name a page chunk after its page key', () => {
    expect(pageChunkName('payInvoice')).toBe('page-pay-invoice');
  });
});

import type { RouteObject } from '@portal/shared/router';
import { handleForPath } from './route-handle';
import type { RouteHandle } from './route-handle';

const login: RouteHandle = { name: 'login', titleKey: 'routes.login', requiresAuth: false };
const faq: RouteHandle = { name: 'service-contact/faq-answer', requiresAuth: false };
const insurances: RouteHandle = { name: 'insurances', requiresAuth: true, pageId: 'g-ins' };

const ROUTES: RouteObject[] = [
  { index: true },
  { path: '/login', handle: login },
  { path: '/service-contact/faq/:qaCategoryId/:qaId', handle: faq },
  { path: '/insurances', handle: insurances, children: [{ path: 'detail' }] },
  { path: '*' },
];

describe('handleForPath', () => {
  it('should give the meta of the route that shows the path', () => {
    expect(handleForPath(ROUTES, '/login')).toBe(login);
    expect(handleForPath(ROUTES, '/service-contact/faq/travel/q-7')).toBe(faq);
  });

  it('should give the nearest meta when the deepest route has none', () => {
    expect(handleForPath(ROUTES, '/insurances/detail')).toBe(insurances);
  });

  it('should give nothing for a redirect or an unknown path', () => {
    expect(handleForPath(ROUTES, '/')).toBeUndefined();
    expect(handleForPath(ROUTES, '/no-such-page')).toBeUndefined();
  });
});

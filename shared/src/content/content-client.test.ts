/**
 * @jest-environment jest-fixed-jsdom
 */
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import { configureContentClient, createContentClient } from './content-client';
import { CONTENT_ROOT, PagesQuery } from './queries';

const tree = {
  item: {
    pages: [
      {
        id: '{1}',
        name: 'Home',
        path: `${CONTENT_ROOT}/home`,
        pageTitle: 'Home',
        pageDescription: '',
        requiresAuth: false,
        pages: [],
      },
    ],
  },
};

describe('content client', () => {
  let fetchMock: FetchMock | undefined;

  afterEach(() => {
    fetchMock?.restore();
    configureContentClient({});
  });

  it('should POST the pages operation to the content endpoint without client headers by default', async () => {
    fetchMock = mockFetch(() => jsonResponse({ data: tree }));
    const result = await createContentClient()
      .query(PagesQuery, { path: CONTENT_ROOT, lang: 'en' })
      .toPromise();

    expect(result.data?.item?.pages[0]?.name).toBe('Home');
    const request = fetchMock.requests[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/sitecore/api/graph/edge');
    const body = (await request?.json()) as { operationName: string; variables: unknown; query: string };
    expect(body.operationName).toBe('pages');
    expect(body.variables).toEqual({ path: CONTENT_ROOT, lang: 'en' });
    expect(body.query).toContain('item(path: $path, language: $lang)');
    expect(request?.headers.has('apollographql-client-name')).toBe(false);
    expect(request?.headers.has('apollographql-client-version')).toBe(false);
  });

  it('should send the client name and version once configured', async () => {
    fetchMock = mockFetch(() => jsonResponse({ data: tree }));
    configureContentClient({ clientName: 'portal-host', clientVersion: '0.1.1' });
    await createContentClient().query(PagesQuery, { path: CONTENT_ROOT, lang: 'nl' }).toPromise();
    expect(fetchMock.requests[0]?.headers.get('apollographql-client-name')).toBe('portal-host');
    expect(fetchMock.requests[0]?.headers.get('apollographql-client-version')).toBe('0.1.1');
  });

  it('should send identical queries in flight once and answer both', async () => {
    fetchMock = mockFetch(() => jsonResponse({ data: tree }));
    const client = createContentClient();
    const [first, second] = await Promise.all([
      client.query(PagesQuery, { path: CONTENT_ROOT, lang: 'en' }).toPromise(),
      client.query(PagesQuery, { path: CONTENT_ROOT, lang: 'en' }).toPromise(),
    ]);
    expect(fetchMock.requests).toHaveLength(1);
    expect(first.data).toEqual(second.data);
  });

  it('should report GraphQL errors through result.error', async () => {
    fetchMock = mockFetch(() => jsonResponse({ data: null, errors: [{ message: 'Unauthorized' }] }));
    const result = await createContentClient()
      .query(PagesQuery, { path: CONTENT_ROOT, lang: 'en' })
      .toPromise();
    expect(result.error?.graphQLErrors[0]?.message).toBe('Unauthorized');
  });
});

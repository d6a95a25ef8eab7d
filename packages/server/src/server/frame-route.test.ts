/** @jest-environment node */
import Fastify from 'fastify';
import { FRAME_QUEUE_LIMIT, registerFrameRoute } from './frame-route';
import { FRAME_ITEM_LIMIT, frameAuthorization } from './frame-auth';
import type { FrameRenderer, FrameRequest, FrameRoute } from '../prerender/frame-renderer';

function fakeRenderer(overrides: Partial<FrameRenderer> = {}): FrameRenderer & { seen: FrameRequest[] } {
  const seen: FrameRequest[] = [];
  return {
    seen,
    ready: Promise.resolve(),
    routes: new Map(),
    waiting: () => 0,
    render: async (request) => {
      seen.push(request);
      if (request.route === 'unknown') {
        const error = new Error('No page with first api reads is named "unknown".');
        error.name = 'FrameRequestError';
        throw error;
      }
      if (request.route === 'broken') throw new Error('render failed');
      return `<p>${request.profileId}</p>`;
    },
    ...overrides,
  };
}

const SECRET = 'a-frame-secret-of-the-tests-0123456789';
const asHost = { authorization: frameAuthorization(SECRET) };

async function server(renderer: FrameRenderer, perMinute?: number, secret: string | undefined = SECRET) {
  const app = Fastify();
  await registerFrameRoute(app, renderer, { secret, ...(perMinute ? { perMinute } : {}) });
  return app;
}

const valid = {
  route: 'insurances',
  locale: 'en-GB',
  profileId: 'P-1001',
  answers: { 'api/en/profiles/P-1001/policies': [] },
};

describe('GET /frames', () => {
  it('names the routes the remote renders frames for, and the content queries of its content pages', async () => {
    const app = await server(
      fakeRenderer({
        routes: new Map<string, FrameRoute>([
          [
            'insurances',
            { page: 'insurances', preloadApi: ['api/en/profiles/{profileId}/policies'], content: {} },
          ],
          ['faq', { page: 'faq', preloadApi: [], content: { faq: 'query faq($lang: String!) { faq }' } }],
        ]),
      }),
    );
    const response = await app.inject({ url: '/frames' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      routes: ['insurances', 'faq'],
      content: { faq: { faq: 'query faq($lang: String!) { faq }' } },
    });
  });
});

describe('POST /frames', () => {
  it('takes a content page’s request: no student, the path and the content’s answers', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer);
    const request = {
      route: 'faq-answer',
      locale: 'nl',
      member: false,
      pathname: '/service-contact/faq/cover/which',
      answers: {},
      content: { faqCategories: { faqCategories: [] } },
    };
    const response = await app.inject({ method: 'POST', url: '/frames', payload: request, headers: asHost });
    expect(response.statusCode).toBe(200);
    expect(renderer.seen).toEqual([request]);
  });

  it('refuses a path that is not one, or that holds control characters', async () => {
    const app = await server(fakeRenderer());
    for (const pathname of ['service-contact/faq', '/faq/\u0000', '/faq/\ud800', `/${'x'.repeat(300)}`]) {
      const response = await app.inject({
        method: 'POST',
        url: '/frames',
        payload: { route: 'faq', locale: 'en-GB', pathname, answers: {} },
        headers: asHost,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    }
  });

  it('answers with the frame the renderer made, kept by nobody', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer);
    const response = await app.inject({ method: 'POST', url: '/frames', payload: valid, headers: asHost });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ html: '<p>P-1001</p>' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(renderer.seen).toEqual([valid]);
  });

  it.each([
    ['a body that is not JSON', 'not json', 'application/json'],
    ['a missing field', JSON.stringify({ ...valid, answers: undefined }), 'application/json'],
    ['content of another type', JSON.stringify({ ...valid, content: ['faq'] }), 'application/json'],
    ['a member flag of another type', JSON.stringify({ ...valid, member: 'yes' }), 'application/json'],
    ['an unknown language', JSON.stringify({ ...valid, locale: 'de' }), 'application/json'],
    ['a control character', JSON.stringify({ ...valid, profileId: 'P-1\u0000' }), 'application/json'],
    ['a lone surrogate', JSON.stringify({ ...valid, route: 'insurances\ud800' }), 'application/json'],
    ['a huge id', JSON.stringify({ ...valid, profileId: 'P'.repeat(65) }), 'application/json'],
    ['an unknown field', JSON.stringify({ ...valid, admin: true }), 'application/json'],
  ])('refuses %s with the contract’s error body', async (_case, payload, contentType) => {
    const renderer = fakeRenderer();
    const app = await server(renderer);
    const response = await app.inject({
      method: 'POST',
      url: '/frames',
      payload,
      headers: { ...asHost, 'content-type': contentType },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.any(String) });
    expect(renderer.seen).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'refuses a body of type %s with 415 and the contract’s error body',
    async (contentType) => {
      const renderer = fakeRenderer();
      const app = await server(renderer);
      const response = await app.inject({
        method: 'POST',
        url: '/frames',
        payload: JSON.stringify(valid),
        headers: { ...asHost, 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
      expect(renderer.seen).toEqual([]);
    },
  );

  it('refuses a body over the limit', async () => {
    const app = await server(fakeRenderer());
    const response = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: { ...valid, answers: { 'api/en/profiles/P-1001/policies': 'x'.repeat(600 * 1024) } },
      headers: asHost,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.any(String) });
  });

  it('says which route does not fit, and never answers a failed render with a bare 500', async () => {
    const app = await server(fakeRenderer());
    const unknown = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: { ...valid, route: 'unknown' },
      headers: asHost,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'INVALID_REQUEST',
      message: 'No page with first api reads is named "unknown".',
    });
    const broken = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: { ...valid, route: 'broken' },
      headers: asHost,
    });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ code: 'FRAME_FAILED', message: 'The frame could not be rendered.' });
  });

  it('refuses a render when too many wait, so the host keeps its own frame', async () => {
    const renderer = fakeRenderer({ waiting: () => FRAME_QUEUE_LIMIT });
    const app = await server(renderer);
    const response = await app.inject({ method: 'POST', url: '/frames', payload: valid, headers: asHost });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'BUSY', message: expect.any(String) });
    expect(renderer.seen).toEqual([]);
  });

  it('refuses a client that asks for more renders a minute than the limit, with Retry-After', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer, 2);
    for (let asked = 0; asked < 2; asked += 1)
      expect(
        (await app.inject({ method: 'POST', url: '/frames', payload: valid, headers: asHost })).statusCode,
      ).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/frames', payload: valid, headers: asHost });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many frames'),
    });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(renderer.seen).toHaveLength(2);
  });

  it.each([
    ['no Authorization header', {}],
    ['another secret', { authorization: frameAuthorization(`${SECRET}x`) }],
    ['the secret without its scheme', { authorization: SECRET }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('refuses a caller with %s, before reading its body', async (_case, headers) => {
    const renderer = fakeRenderer();
    const app = await server(renderer);
    const response = await app.inject({
      method: 'POST',
      url: '/frames',
      // Not even JSON: the answer must not depend on the body.
      payload: 'not json',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(renderer.seen).toEqual([]);
  });

  it('refuses every caller when the remote has no secret (frames are off)', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer, undefined, '');
    const response = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: valid,
      headers: { authorization: 'Bearer ' },
    });
    expect(response.statusCode).toBe(401);
    expect(renderer.seen).toEqual([]);
  });

  it('renders at most the item limit, and refuses more without rendering', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer);
    const policies = (count: number) => ({
      ...valid,
      answers: { 'api/en/profiles/P-1001/policies': Array.from({ length: count }, (_, i) => ({ id: i })) },
    });
    const within = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: policies(FRAME_ITEM_LIMIT),
      headers: asHost,
    });
    expect(within.statusCode).toBe(200);
    const over = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: policies(FRAME_ITEM_LIMIT + 1),
      headers: asHost,
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ code: 'TOO_MANY_ITEMS', message: expect.any(String) });
    expect(renderer.seen).toHaveLength(1);
  });

  it('gives the renderer a deadline within the time budget, and answers a render too late with 503', async () => {
    const deadlines: Array<number | undefined> = [];
    const renderer = fakeRenderer({
      render: async (_request, options) => {
        deadlines.push(options?.deadline);
        const error = new Error('The frame waited too long for its turn.');
        error.name = 'FrameTooLateError';
        throw error;
      },
    });
    const app = await server(renderer);
    const before = Date.now();
    const response = await app.inject({ method: 'POST', url: '/frames', payload: valid, headers: asHost });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'TOO_LATE', message: expect.any(String) });
    expect(deadlines[0]).toBeGreaterThanOrEqual(before);
    expect(deadlines[0]).toBeLessThanOrEqual(Date.now() + 400);
  });
});

/** @jest-environment node */
import Fastify from 'fastify';
import { FRAME_QUEUE_LIMIT, registerFrameRoute } from './frame-route';
import type { FrameRenderer, FrameRequest } from '../prerender/frame-renderer';

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

async function server(renderer: FrameRenderer, perMinute?: number) {
  const app = Fastify();
  await registerFrameRoute(app, renderer, perMinute ? { perMinute } : {});
  return app;
}

const valid = {
  route: 'insurances',
  locale: 'en-GB',
  profileId: 'P-1001',
  answers: { 'api/en/profiles/P-1001/policies': [] },
};

describe('GET /frames', () => {
  it('names the routes the remote renders frames for', async () => {
    const app = await server(
      fakeRenderer({ routes: new Map([['insurances', { page: 'insurances', preloadApi: [] }]]) }),
    );
    const response = await app.inject({ url: '/frames' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ routes: ['insurances'] });
  });
});

describe('POST /frames', () => {
  it('answers with the frame the renderer made, kept by nobody', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer);
    const response = await app.inject({ method: 'POST', url: '/frames', payload: valid });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ html: '<p>P-1001</p>' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(renderer.seen).toEqual([valid]);
  });

  it.each([
    ['a body that is not JSON', 'not json', 'application/json'],
    ['a missing field', JSON.stringify({ ...valid, profileId: undefined }), 'application/json'],
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
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_REQUEST', message: expect.any(String) });
    expect(renderer.seen).toEqual([]);
  });

  it('refuses a body over the limit', async () => {
    const app = await server(fakeRenderer());
    const response = await app.inject({
      method: 'POST',
      url: '/frames',
      payload: { ...valid, answers: { 'api/en/profiles/P-1001/policies': 'x'.repeat(600 * 1024) } },
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
    });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ code: 'FRAME_FAILED', message: 'The frame could not be rendered.' });
  });

  it('refuses a render when too many wait, so the host keeps its own frame', async () => {
    const renderer = fakeRenderer({ waiting: () => FRAME_QUEUE_LIMIT });
    const app = await server(renderer);
    const response = await app.inject({ method: 'POST', url: '/frames', payload: valid });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'BUSY', message: expect.any(String) });
    expect(renderer.seen).toEqual([]);
  });

  it('refuses a client that asks for more renders a minute than the limit, with Retry-After', async () => {
    const renderer = fakeRenderer();
    const app = await server(renderer, 2);
    for (let asked = 0; asked < 2; asked += 1)
      expect((await app.inject({ method: 'POST', url: '/frames', payload: valid })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/frames', payload: valid });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many frames'),
    });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(renderer.seen).toHaveLength(2);
  });
});

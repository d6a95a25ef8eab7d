import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import helmet from '@fastify/helmet';
import proxy from '@fastify/http-proxy';
import { createStaticServer } from '@portal/shared/server';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { HostServerConfig } from './config';
import { securityHeaders } from './security-headers';
import { createStartData, linkHeader, renderPage } from './start-data';

/** Adds the content API key on the server, so that no key is ever in a bundle or a browser. */
export function withContentApiKey(search: string | undefined, reqUrl: string, apiKey: string): string {
  const query = search && search.length > 1 ? search : (reqUrl.split('?')[1] ?? '');
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  params.set('sc_apikey', apiKey);
  return params.toString();
}

/** The one content path the browser may reach: the GraphQL endpoint (not the rest of the content API). */
export const CONTENT_GRAPHQL_PATH = '/sitecore/api/graph/edge';

// The content backend is another party: the portal session, the anti-forgery token and any
// credentials of the student stay on the host's side of the proxy.
const PRIVATE_REQUEST_HEADERS = ['cookie', 'authorization', 'x-xsrf-token'] as const;

/** The request headers sent to the content backend: without the student's cookies and credentials. */
export function contentRequestHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const forwarded = { ...headers };
  for (const name of PRIVATE_REQUEST_HEADERS) delete forwarded[name];
  return forwarded;
}

/** The content backend's response headers, without any cookie it tries to set on the portal's origin. */
export function contentResponseHeaders<Headers extends IncomingHttpHeaders | OutgoingHttpHeaders>(
  headers: Headers,
): Headers {
  const passed = { ...headers };
  delete passed['set-cookie'];
  return passed;
}

/** The part of a reply {@link backendUnavailable} uses (the proxy passes replies of any server type). */
type GatewayReply = {
  code: (status: number) => { header: (name: string, value: string) => { send: (body: unknown) => unknown } };
};

/** Code of the proxy's answer when a backend cannot be reached (the portal shows "Service unavailable"). */
export const BACKEND_UNAVAILABLE_CODE = 'BACKEND_UNAVAILABLE';

/**
 * The proxy's answer when a backend cannot be reached: a gateway status with the contract body, never
 * the proxy library's own 500 for a refused connection. 504 when the backend was too slow, else 502
 * (503 when the library says the backend itself is unavailable).
 */
export function backendUnavailable(reply: GatewayReply, { error }: { error: Error }): void {
  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  const status = statusCode === 503 || statusCode === 504 ? statusCode : 502;
  void reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ code: BACKEND_UNAVAILABLE_CODE, message: 'Service unavailable: the backend cannot be reached.' });
}

/**
 * The host's production server: the app under /en/ with history fallback, the runtime config at
 * /en/remotes.json, the backends proxied on the same origin, and the security headers.
 */
export async function createHostServer(
  config: HostServerConfig,
  logger: FastifyServerOptions['logger'] = false,
  fetchImpl: typeof fetch = fetch,
): Promise<FastifyInstance> {
  const runtimeJson = JSON.stringify(config.runtime);
  const runtimeEtag = `"${createHash('sha256').update(runtimeJson).digest('base64url').slice(0, 27)}"`;

  // The app page, with the start data of each URL put in (./start-data.ts); as built when there is none.
  const templateFile = path.join(config.distDir, 'index.html');
  const template = existsSync(templateFile) ? readFileSync(templateFile, 'utf8') : undefined;
  const startPage = createStartData(config, fetchImpl);

  return createStaticServer({
    root: config.distDir,
    prefix: '/en/',
    logger,
    renderPage: template
      ? async (request) => {
          const pathname = (request.url.split('?')[0] ?? '').replace(/^\/en(?=\/|$)/, '') || '/';
          const { data, preloads } = await startPage(pathname, request.headers.cookie);
          const headers: Record<string, string> = preloads.length > 0 ? { Link: linkHeader(preloads) } : {};
          return { html: renderPage(template, data, preloads), headers };
        }
      : undefined,
    setup: async (app) => {
      await app.register(helmet, securityHeaders(config.runtime));

      app.get('/', async (_request, reply) => reply.redirect('/en/', 302));
      // Browsers and crawlers ask for /favicon.ico on their own; the icon itself is an SVG under /en/.
      app.get('/favicon.ico', async (_request, reply) => reply.redirect('/en/favicon.svg', 301));

      app.get('/en/remotes.json', async (request, reply) => {
        void reply.header('Cache-Control', 'no-cache').header('ETag', runtimeEtag);
        if (request.headers['if-none-match'] === runtimeEtag) return reply.code(304).send();
        return reply.type('application/json').send(runtimeJson);
      });

      await app.register(proxy, {
        upstream: config.apiOrigin,
        prefix: '/api',
        rewritePrefix: '/api',
        replyOptions: { onError: backendUnavailable },
      });
      await app.register(proxy, {
        upstream: config.apiOrigin,
        prefix: '/pacos',
        rewritePrefix: '/pacos',
        replyOptions: { onError: backendUnavailable },
      });
      await app.register(proxy, {
        upstream: config.contentOrigin,
        prefix: CONTENT_GRAPHQL_PATH,
        rewritePrefix: CONTENT_GRAPHQL_PATH,
        // Only the endpoint itself: no sub-path of it and no other part of the content API.
        routes: ['/'],
        httpMethods: ['GET', 'POST'],
        replyOptions: {
          queryString: (search, reqUrl) => withContentApiKey(search, reqUrl, config.contentApiKey),
          rewriteRequestHeaders: (_request, headers) => contentRequestHeaders(headers),
          rewriteHeaders: (headers) => contentResponseHeaders(headers),
          onError: backendUnavailable,
        },
      });
    },
  });
}

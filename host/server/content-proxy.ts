// The content endpoint on the portal's origin: only its GraphQL path, with the content API key added
// here (never in a bundle or a browser), and nothing of the student's (cookies, credentials) passed on.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import proxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { backendUnavailable, forwardedRequestHeaders, PROXY_LOGGING } from './api-gateway';
import type { HostServerConfig } from './config';

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

/** The content endpoint, proxied on the portal's origin. */
export async function registerContentProxy(app: FastifyInstance, config: HostServerConfig): Promise<void> {
  await app.register(proxy, {
    ...PROXY_LOGGING,
    upstream: config.contentOrigin,
    prefix: CONTENT_GRAPHQL_PATH,
    rewritePrefix: CONTENT_GRAPHQL_PATH,
    // Only the endpoint itself: no sub-path of it and no other part of the content API.
    routes: ['/'],
    httpMethods: ['GET', 'POST'],
    replyOptions: {
      queryString: (search, reqUrl) => withContentApiKey(search, reqUrl, config.contentApiKey),
      rewriteRequestHeaders: (request, headers) =>
        forwardedRequestHeaders(contentRequestHeaders(headers), request),
      rewriteHeaders: (headers) => contentResponseHeaders(headers),
      onError: backendUnavailable,
    },
  });
}

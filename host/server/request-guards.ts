// What the host refuses before anything is proxied or served: the api's development and operations
// routes, however their path is spelled, and bodies over the limit of the backend they are for.
import type { FastifyInstance } from 'fastify';
import { isLoopbackAddress } from '@portal/server';
import type { HostServerConfig } from './config';
import { CONTENT_GRAPHQL_PATH } from './content-proxy';
import {
  API_CONTENT_SECURITY_POLICY,
  DOCUMENT_ONLY_HEADERS,
  isBuiltAsset,
  PERMISSIONS_POLICY,
} from './security-headers';

/** Largest body the host passes to the content endpoint: the portal's queries are a few KB. */
export const CONTENT_BODY_LIMIT = 64 * 1024;
/** Largest body passed to the api: its own JSON limit. */
export const API_BODY_LIMIT = 1024 * 1024;
/** Largest claim upload: five receipts of 10 MB and the form around them. */
export const CLAIM_BODY_LIMIT = 51 * 1024 * 1024;

const CLAIMS_PATH = '/api/en/claims';

/**
 * A request path as the routes and the static files see it: percent-decoded, with runs of slashes as
 * one and no trailing slash, in lower case. A check against a raw URL misses `/api/dev/%6Futbox`,
 * `/api//dev/outbox` or `/api/dev/outbox/`, which the server behind still takes for the same path.
 */
export function normalizedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not decodable: Fastify answers it with 400 itself; compared as it came.
  }
  return decoded
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/+$/, '$1')
    .toLowerCase();
}

/** The api's development routes (the outbox with every mailed link), however the path is spelled. */
export const isDevPath = (url: string): boolean => {
  const path = normalizedPath(url);
  return path === '/api/dev' || path.startsWith('/api/dev/');
};

/** Whether an answer is a page (the payment sandbox's form) rather than data. */
const isPage = (contentType: unknown): boolean => String(contentType ?? '').startsWith('text/html');

/** The body limit of a proxied path, or null for paths the host serves itself. */
export function bodyLimitFor(urlPath: string): number | null {
  if (urlPath === CONTENT_GRAPHQL_PATH || urlPath.startsWith(`${CONTENT_GRAPHQL_PATH}/`))
    return CONTENT_BODY_LIMIT;
  if (urlPath === CLAIMS_PATH || urlPath === `${CLAIMS_PATH}/`) return CLAIM_BODY_LIMIT;
  if (urlPath.startsWith('/api/') || urlPath === '/pacos') return API_BODY_LIMIT;
  return null;
}

/** The api's operations endpoints: never reached through the host, however the path is spelled. */
export const isOpsPath = (url: string): boolean => {
  const path = normalizedPath(url);
  return path === '/api/ops' || path.startsWith('/api/ops/');
};

/**
 * The guards of every request: the development outbox only from this machine and only when the dev
 * setting is on, the api's operations endpoints never, and a proxied body only with a length within its
 * backend's limit. And the headers of what is not a page: a script keeps no document header; an api
 * answer gets the api's own policy.
 */
export function guardRequests(app: FastifyInstance, config: Pick<HostServerConfig, 'devOutbox'>): void {
  app.addHook('onSend', async (request, reply) => {
    // A script's URL asked for as a page (Accept: text/html) gets the app page: that is a document, so it
    // keeps every document header (CSP, frame-ancestors) whatever its URL looks like.
    if (isBuiltAsset(request.url) && !isPage(reply.getHeader('content-type'))) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    } else if (
      bodyLimitFor(request.url.split('?')[0] ?? '') !== null &&
      !isPage(reply.getHeader('content-type'))
    ) {
      for (const name of DOCUMENT_ONLY_HEADERS) {
        if (name !== 'x-frame-options') reply.removeHeader(name);
      }
      void reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // The development outbox holds every mailed link: only reachable when the dev setting is on, and
    // only from this machine (the socket's address: a forwarded header is the client's to write).
    // The api's operations endpoints are for ops on the api's own network, never through the host.
    if (
      (isDevPath(request.url) && (!config.devOutbox || !isLoopbackAddress(request.socket.remoteAddress))) ||
      isOpsPath(request.url)
    ) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
    }
    // The proxies stream bodies to the backends, so Fastify's own body limit does not apply: the
    // declared length is checked before anything is sent on, and a body of unknown length is refused.
    const limit = bodyLimitFor(request.url.split('?')[0] ?? '');
    if (limit === null) return;
    const length = request.headers['content-length'];
    if (length === undefined) {
      if (request.headers['transfer-encoding'] === undefined) return;
      return reply
        .code(411)
        .send({ code: 'LENGTH_REQUIRED', message: 'Send the request with a Content-Length.' });
    }
    if (!/^\d+$/.test(length) || Number(length) > limit) {
      return reply.code(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    }
  });
}

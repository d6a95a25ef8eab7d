import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import helmet from '@fastify/helmet';
import proxy from '@fastify/http-proxy';
import { createStaticServer, isLoopbackAddress, refuseWithoutOpsToken } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import {
  hasLiveCanary,
  newReleaseGroup,
  releaseGroupCookie,
  releaseGroupOf,
  runtimeForGroup,
} from './canary';
import { ReleaseWindows, RollbackStore } from './canary-watch';
import { followApiReplicas, namesReplicas } from './api-replicas';
import type { HostServerConfig } from './config';
import { createHostMetrics } from './metrics';
import { ReplicaPool } from './replica-pool';
import {
  API_CONTENT_SECURITY_POLICY,
  DOCUMENT_ONLY_HEADERS,
  isBuiltAsset,
  PERMISSIONS_POLICY,
  securityHeaders,
} from './security-headers';
import { acceptsBrotli, createPageCompression } from './page-compression';
import { createPageTreeCache } from './page-tree-cache';
import { parsePageTemplate } from './page-template';
import { linkHeader } from './preload-plan';
import { followRemotesFile } from './remotes-file';
import { createRumMetrics, registerRum, releasesStatus } from './rum';
import type { RumDeps } from './rum';
import { createStartData } from './start-data';
import { cached, fetchJson, swrCache, within } from './swr-cache';
import type { RuntimeConfig } from '../src/app/runtime-config-shape';
import type { PrerenderedShell } from '../src/app/start-data-shape';

/** The host's own release (its package version), which its pages report with their field data. */
function hostRelease(): string {
  for (const file of [path.join(__dirname, '..', 'package.json'), path.join(process.cwd(), 'package.json')]) {
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'host' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // Not there (a bundled server): the next place, else "unknown".
    }
  }
  return 'unknown';
}

/** A request whose answer names the remotes' URLs: a page (a navigation) or the runtime config. */
function asksForRuntime(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/en/remotes.json') return true;
  return !isBuiltAsset(request.url) && String(request.headers.accept ?? '').includes('text/html');
}

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
 * The X-Forwarded-* headers the backends see: the client's address and scheme as this server knows
 * them (from the socket, or from a proxy in front named by TRUST_PROXY), never what the client claims;
 * and X-Request-Id, the host's id of the request (in its log line), never the client's.
 */
export function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  client: { ip: string; protocol: string; id?: string },
): IncomingHttpHeaders {
  const forwarded = { ...headers };
  for (const name of ['forwarded', 'x-forwarded-host', 'x-forwarded-port', 'x-real-ip', 'x-request-id'])
    delete forwarded[name];
  forwarded['x-forwarded-for'] = client.ip;
  forwarded['x-forwarded-proto'] = client.protocol;
  if (client.id) forwarded['x-request-id'] = client.id;
  return forwarded;
}

/** The part of a reply {@link backendUnavailable} uses (the proxy passes replies of any server type). */
type GatewayReply = {
  code: (status: number) => { header: (name: string, value: string) => { send: (body: unknown) => unknown } };
};

/** What the proxy's retry hook is told of a failed attempt. */
type RetryContext = { err?: (Error & { code?: string }) | null; req: { method?: string }; attempt: number };

/**
 * Errors that say the request never reached a replica (refused, reset, timed out connecting). A
 * replica that has just left is never picked (./replica-pool.ts), so undici's refusal of a closed pool
 * is not among them.
 */
const UNREACHED = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The proxy's retry rule for `replicas` api replicas (a number, or how many there are at the time): an
 * idempotent request (GET, HEAD, OPTIONS) that could not reach one is sent again at once, and the
 * balanced pool picks a replica again (it may pick the same one, so once more than there are
 * replicas). Anything else is answered as it came: a POST is never sent twice (undici has already
 * destroyed its body).
 */
export function retryOnAnotherReplica(count: number | (() => number)) {
  return ({ err, req, attempt }: RetryContext): number | null => {
    const replicas = typeof count === 'number' ? count : count();
    return retryable(replicas, err, req, attempt);
  };
}

function retryable(replicas: number, err: RetryContext['err'], req: RetryContext['req'], attempt: number) {
  if (replicas <= 1 || attempt >= replicas + 1) return null;
  return ['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? '') && UNREACHED.has(err?.code ?? '') ? 1 : null;
}

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
  // Each remote's release for each browser: the stable one, or its canary for the share of browsers
  // the remotes file gives it (./canary.ts), unless the canary was rolled back (./canary-watch.ts).
  const rollbacks = new RollbackStore(config.canaryStateFile);
  const isRolledBack = (remote: Parameters<RollbackStore['of']>[0], url: string) =>
    rollbacks.of(remote, url) !== undefined;
  const runtimes = new WeakMap<object, RuntimeConfig>();
  /** The runtime config of this request's browser (its release group is read or given in onRequest). */
  const runtimeOf = (raw: object): RuntimeConfig => runtimes.get(raw) ?? config.runtime;

  // The remotes' URLs can change while the host runs (HOST_REMOTES_FILE): read at each request.
  const runtimeAnswer = (runtime: RuntimeConfig) => {
    const json = JSON.stringify(runtime);
    return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  };

  // The app page, with the start data of each URL put in (./start-data.ts); as built when there is none.
  const templateFile = path.join(config.distDir, 'index.html');
  // The built page, read and cut at its slots once.
  const template = existsSync(templateFile)
    ? parsePageTemplate(readFileSync(templateFile, 'utf8'))
    : undefined;
  // The layout's first frame, prerendered by the build (configs/prerender-shell.ts); without it the
  // page shows the skeleton until the app starts.
  const shellFile = path.join(config.distDir, 'prerendered-shell.json');
  const shell = existsSync(shellFile)
    ? (JSON.parse(readFileSync(shellFile, 'utf8')) as PrerenderedShell)
    : undefined;
  const pageTreeCache = config.cacheDir
    ? createPageTreeCache(config.cacheDir, (message, error) => console.warn(message, error))
    : undefined;
  const metrics = createHostMetrics();
  const manifests = swrCache((url, signal) => fetchJson(fetchImpl, url, {}, signal));
  const rum: Omit<RumDeps, 'log'> = {
    metrics: createRumMetrics(metrics.registry),
    windows: new ReleaseWindows(config.canaryRules.windowMs),
    rollbacks,
    rules: config.canaryRules,
    remotes: () => config.runtime.remotes,
    canaries: () => config.canaries,
    releaseOf: async (url) => {
      const manifest = (await within(cached(manifests, url), 1_000)) as
        { metaData?: { buildInfo?: { buildVersion?: unknown } } } | undefined;
      const version = manifest?.metaData?.buildInfo?.buildVersion;
      return typeof version === 'string' ? version : undefined;
    },
    hostRelease: hostRelease(),
    perMinute: config.rumPerMinute,
  };
  const startPage = createStartData(config, fetchImpl, shell, pageTreeCache, (outcome) =>
    metrics.studentFrames.inc({ outcome }),
  );
  const compressPage = createPageCompression();

  return createStaticServer({
    root: config.distDir,
    prefix: '/en/',
    logger,
    trustProxy: config.trustProxy,
    // The id of each request in the host's log line, sent on to the api as X-Request-Id.
    genReqId: () => randomUUID(),
    metrics: { registry: metrics.registry, opsToken: config.opsToken },
    renderPage: template
      ? async (request) => {
          // No 103 Early Hints: this server speaks HTTP/1.1, where browsers ignore them and other
          // clients may take a 103 for the answer (docs/performance.md, "Early Hints").
          const pathname = (request.url.split('?')[0] ?? '').replace(/^\/en(?=\/|$)/, '') || '/';
          const { data, preloads, sessionPreloads, prerendered } = await startPage(
            pathname,
            request.headers.cookie,
            runtimeOf(request.raw),
          );
          // The frame is in the language of the visitor's cookie and for a visitor or a student.
          // A browser that asks to save data gets nothing fetched ahead of need (fetch-ahead.ts).
          const saveData = /^\s*on\s*$/i.test(String(request.headers['save-data'] ?? ''));
          const headers: Record<string, string> = { Vary: 'Cookie, Save-Data' };
          // The student's own api reads, in the header only; the remote's files are in the page's head,
          // which the browser reads as early (its first bytes), so the header does not repeat them.
          if (sessionPreloads.length > 0) headers.Link = linkHeader(sessionPreloads);
          // A page that names a student's data in its header is kept by nobody on the way; a page that
          // shows her data (her own frame) is not even kept by her browser.
          if (sessionPreloads.length > 0) headers['Cache-Control'] = 'private, no-cache';
          if (prerendered?.personal) headers['Cache-Control'] = 'private, no-store';
          const html = template.render(saveData ? { ...data, saveData } : data, preloads, prerendered);
          if (!acceptsBrotli(request.headers['accept-encoding'])) return { html, headers };
          // Compressed here (./page-compression.ts); the compression plugin leaves an encoded answer be.
          return {
            html: await compressPage(html, { personal: prerendered?.personal === true }),
            headers: { ...headers, Vary: 'Cookie, Save-Data, Accept-Encoding', 'Content-Encoding': 'br' },
          };
        }
      : undefined,
    setup: async (app) => {
      app.addHook('onClose', async () => metrics.stop());
      if (config.remotesFile) {
        // A remote rolled back or moved in the file is taken by the next request, without a restart.
        const followRemotes = followRemotesFile(
          config.runtime.remotes,
          config.remotesFile,
          app.log,
          Date.now,
          config.canaries,
        );
        app.addHook('onRequest', async () => followRemotes());
      }
      // A page or the runtime config, while a canary runs: the browser's release group, from its cookie
      // or given now (whichever of the two it asks for first), and the releases of its group. Before
      // helmet, whose CSP names the remotes' origins of this browser.
      app.addHook('onRequest', async (request, reply) => {
        if (!asksForRuntime(request) || !hasLiveCanary(config.canaries, isRolledBack)) return;
        let group = releaseGroupOf(request.headers.cookie);
        if (group === undefined) {
          group = newReleaseGroup();
          void reply.header('Set-Cookie', releaseGroupCookie(group, request.protocol === 'https'));
        }
        runtimes.set(request.raw, runtimeForGroup(config.runtime, config.canaries, group, isRolledBack));
      });
      await app.register(helmet, securityHeaders(config.runtime, runtimeOf));
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
          (isDevPath(request.url) &&
            (!config.devOutbox || !isLoopbackAddress(request.socket.remoteAddress))) ||
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

      await registerRum(app, { ...rum, log: app.log });
      // For the remotes' teams: each remote's stable release and canary, and what they did (OPS_TOKEN).
      app.get('/ops/releases', async (request, reply) => {
        if (refuseWithoutOpsToken(request, reply, config.opsToken)) return reply;
        return reply.header('Cache-Control', 'no-store').send(await releasesStatus({ ...rum, log: app.log }));
      });

      app.get('/', async (_request, reply) => reply.redirect('/en/', 302));
      // Browsers and crawlers ask for /favicon.ico on their own; the icon itself is an SVG under /en/.
      app.get('/favicon.ico', async (_request, reply) => reply.redirect('/en/favicon.svg', 301));

      app.get('/en/remotes.json', async (request, reply) => {
        const { json, etag } = runtimeAnswer(runtimeOf(request.raw));
        void reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Cookie');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/json').send(json);
      });

      // Several api replicas (or a name that stands for several): undici's balanced pool spreads the
      // requests and gives a replica that fails to connect less of them until it answers again; one
      // pool for /api and /pacos. The replicas in it are those ready now (./api-replicas.ts); when they
      // change, a new balanced pool takes the new requests and the one before finishes its own
      // (./replica-pool.ts).
      const apiPool =
        config.apiOrigins.length > 1 || config.apiOrigins.some(namesReplicas) ? new ReplicaPool() : undefined;
      const replicas = apiPool
        ? followApiReplicas(apiPool, config.apiOrigins, config.apiRefreshSeconds, {
            onChange: (current) => {
              metrics.apiReplicas.set(current.length);
              app.log.info({ replicas: current }, 'api replicas the proxy sends to');
            },
          })
        : undefined;
      metrics.apiReplicas.set(replicas?.current().length ?? config.apiOrigins.length);
      if (apiPool)
        app.addHook('onClose', async () => {
          replicas?.stop();
          await apiPool.close();
        });
      const apiReplyOptions = {
        rewriteRequestHeaders: (
          request: { ip: string; protocol: string; id: string },
          headers: IncomingHttpHeaders,
        ) => forwardedRequestHeaders(headers, request),
        onError: backendUnavailable,
        retryDelay: retryOnAnotherReplica(() => replicas?.current().length ?? config.apiOrigins.length),
      };
      const apiUpstream = { upstream: config.apiOrigins[0] ?? '', ...(apiPool ? { undici: apiPool } : {}) };
      // The proxy's own lines ("fetching from remote server") would log each URL again, unredacted: the
      // request line Fastify logs (redacted) already says what was asked for.
      const proxyLogging = { disableRequestLogging: true };
      await app.register(proxy, {
        ...proxyLogging,
        ...apiUpstream,
        prefix: '/api',
        rewritePrefix: '/api',
        replyOptions: apiReplyOptions,
      });
      await app.register(proxy, {
        ...proxyLogging,
        ...apiUpstream,
        prefix: '/pacos',
        rewritePrefix: '/pacos',
        replyOptions: apiReplyOptions,
      });
      await app.register(proxy, {
        ...proxyLogging,
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
    },
  });
}

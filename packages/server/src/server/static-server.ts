import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { cacheControlFor, IMMUTABLE, NO_CACHE } from './cache-control';
import { clientErrorBody, contractErrorHandler, contractFrameworkErrors } from './error-bodies';
import { registerMetrics } from './metrics';
import type { MetricsOptions } from './metrics';
import { redactedRequestLog } from '@portal/shared/token-pages';

/** Headers an immutable file's answer does without (see `setHeaders`). */
const UNUSED_BY_IMMUTABLE = ['etag'] as const;

/** Options of {@link createStaticServer}. */
export interface StaticServerOptions {
  /** Folder with the built app (its `dist`). */
  root: string;
  /** URL prefix the files are served under, with leading and trailing slash. Default `/`. */
  prefix?: string;
  /** Origins allowed to load the files cross-origin (the host page loading a remote). */
  corsOrigins?: string[];
  /** Answer unknown page URLs under the prefix with `index.html` (client-side routes). Default true. */
  historyFallback?: boolean;
  /** Registers hooks, routes and plugins that must come before the static files (headers, proxies). */
  setup?: (app: FastifyInstance) => Promise<void>;
  /** Fastify logger setting. Default false. */
  logger?: FastifyServerOptions['logger'];
  /** Request metrics and `GET /metrics` for ops (see ./metrics.ts); none without. */
  metrics?: MetricsOptions;
  /** Fastify's request id: the host makes the X-Request-Id it sends to the api. Default Fastify's counter. */
  genReqId?: FastifyServerOptions['genReqId'];
  /** Proxies in front whose X-Forwarded-For/-Proto are believed (Fastify `trustProxy`). Default none. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Renders the app page for a page URL (the history fallback and the prefix itself) instead of sending
   * `index.html` as it is: the host puts the start data of that URL in it.
   */
  renderPage?: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ html: string | Buffer; headers?: Record<string, string> }>;
}

/** Headers every response carries, whatever serves it (file, fallback page, 404, health). */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // A script or stylesheet is run only when served with its own type, never sniffed from content.
  'X-Content-Type-Options': 'nosniff',
  // Links to other sites learn the origin, never the path (tokens and e-mail addresses in links).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

const LOOKS_LIKE_FILE = /\.[a-z0-9]+$/i;
const SOURCE_MAP = /\.map\/*$/i;

/**
 * The path a URL names once decoded, as the static files are looked up: `x.js.ma%70` and `x.js%2Emap`
 * are `x.js.map`. A path that cannot be decoded is checked as it came (Fastify refuses it with 400).
 */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A browser navigation asks for HTML; a script or stylesheet does not. The Accept header, not the
 * URL, decides: client-side routes may end in something that looks like a file name, such as the
 * e-mail address of an activation link (`/en/activate/{token}/student@example.com`).
 */
function wantsPage(accept: string | undefined, urlPath: string): boolean {
  return (accept ?? '').includes('text/html') || !LOOKS_LIKE_FILE.test(urlPath);
}

/**
 * A Fastify server for a built app: static files with the cache policy of the design (hashed assets
 * immutable, stable names `no-cache` with an ETag), brotli or gzip on every text response (the build's
 * precompressed files, else compressed on the fly), CORS for the host origin, history fallback,
 * `GET /healthz` and {@link BASELINE_SECURITY_HEADERS} on every response. Extend it (routes, proxies) before calling `listen`.
 */
export async function createStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const {
    root,
    prefix = '/',
    corsOrigins = [],
    historyFallback = true,
    logger = false,
    trustProxy = false,
    setup,
    renderPage,
    metrics,
    genReqId,
  } = options;
  if (!prefix.startsWith('/') || !prefix.endsWith('/')) {
    throw new Error(`The static prefix must start and end with "/", got "${prefix}".`);
  }
  // Every request is logged without the secrets its URL may carry (mailed tokens, the content API key).
  const app = Fastify({
    logger:
      logger === true || (typeof logger === 'object' && logger !== null)
        ? { ...(logger === true ? {} : logger), serializers: { req: redactedRequestLog } }
        : logger,
    trustProxy,
    ...(genReqId ? { genReqId, requestIdHeader: false } : {}),
    // Every answer of the server's own in the contract's error body (./error-bodies.ts).
    frameworkErrors: contractFrameworkErrors,
  });
  app.setErrorHandler(contractErrorHandler);
  if (metrics) registerMetrics(app, metrics);

  // First hook of all, so that a later plugin (helmet on the host) may still refine these.
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(BASELINE_SECURITY_HEADERS);
    // Source maps hold the source and the build's paths; a production build keeps them (hidden) for
    // reading stack traces, but they are never served.
    if (SOURCE_MAP.test(decodedPath(request.url))) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
    }
  });

  // Whatever is not precompressed (the runtime config, proxied JSON, a file the build left raw) is
  // compressed on the way out; a response that already has an encoding is left as it is.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 256 });

  if (corsOrigins.length > 0) {
    await app.register(cors, { origin: corsOrigins, methods: ['GET', 'HEAD'] });
  }

  if (setup) await setup(app);

  /** The app page: rendered for the URL when the app renders it, else `index.html` as built. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply): void => {
    void reply.header('Cache-Control', NO_CACHE);
    if (!renderPage) {
      void reply.sendFile('index.html');
      return;
    }
    renderPage(request, reply).then(
      ({ html, headers = {} }) => void reply.headers(headers).type('text/html; charset=utf-8').send(html),
      (error: unknown) => {
        request.log.error(error, 'the page could not be rendered; sending it as built');
        void reply.sendFile('index.html');
      },
    );
  };
  // The prefix itself is the app's first page (the static files would answer it with index.html).
  if (renderPage) app.get(prefix, (request, reply) => sendPage(request, reply));

  await app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix,
    // One validator is enough to revalidate (If-None-Match), and nothing here is fetched in ranges:
    // each header left out is some 25 bytes of every answer with a stable name (a remote's entry and
    // manifest, the icon sprite) on a first load.
    etag: true,
    lastModified: false,
    acceptRanges: false,
    // The build writes `<file>.br` and `<file>.gz` beside each text asset: send the one the browser accepts.
    preCompressed: true,
    cacheControl: false,
    // Directory URLs get index.html; the history fallback below handles the rest. A rendered page
    // answers the prefix itself too.
    index: renderPage ? false : ['index.html'],
    wildcard: true,
    setHeaders: (reply, filePath) => {
      const cacheControl = cacheControlFor(filePath);
      void reply.header('Cache-Control', cacheControl);
      // A browser never asks again for an immutable file, so its validator would only be bytes on the
      // wire: a kilobyte of a page's first load with the headers left out above.
      if (cacheControl === IMMUTABLE) {
        for (const name of UNUSED_BY_IMMUTABLE) void reply.removeHeader(name);
      }
    },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      historyFallback &&
      (urlPath === prefix.slice(0, -1) || urlPath.startsWith(prefix)) &&
      wantsPage(request.headers.accept, urlPath);
    if (!isPage) {
      void reply.code(404).send(clientErrorBody(404));
      return;
    }
    sendPage(request, reply);
  });

  return app;
}

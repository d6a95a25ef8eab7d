// The host's production server, put together from its parts: the release of each remote for each
// browser (./canary.ts), the security headers and request guards, field data, the page of each URL
// (./page-renderer.ts), the api gateway and the content proxy.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import { createStaticServer, refuseWithoutOpsToken } from '@portal/server';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { registerApiGateway } from './api-gateway';
import {
  hasLiveCanary,
  newReleaseGroup,
  releaseGroupCookie,
  releaseGroupOf,
  runtimeForGroup,
} from './canary';
import { ReleaseWindows, RollbackStore } from './canary-watch';
import type { HostServerConfig } from './config';
import { registerContentProxy } from './content-proxy';
import { createHostMetrics } from './metrics';
import { createPageCompression } from './page-compression';
import { createPageRenderer } from './page-renderer';
import { createPageTreeCache } from './page-tree-cache';
import { parsePageTemplate } from './page-template';
import { readAssetScripts, readPrerenderedShell, readReleaseOf } from './remote-documents';
import { followRemotesFile } from './remotes-file';
import { guardRequests } from './request-guards';
import { createRumMetrics, registerRum, releasesStatus } from './rum';
import type { RumDeps } from './rum';
import { isBuiltAsset, securityHeaders } from './security-headers';
import { createStartData } from './start-data';
import { cached, fetchJson, swrCache, within } from './swr-cache';
import type { RuntimeConfig } from '../src/app/runtime-config-shape';

/** Where the build's files are served, as the build names them (its webpack `publicPath`). */
const HOST_PUBLIC_PATH = '/en/';

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
  const shell = existsSync(shellFile) ? readPrerenderedShell(readFileSync(shellFile, 'utf8')) : undefined;
  // The content client's scripts, which the start-up leaves out: a page that shows content preloads them.
  const contentFile = path.join(config.distDir, 'content-assets.json');
  const contentScripts = existsSync(contentFile)
    ? readAssetScripts(readFileSync(contentFile, 'utf8'), HOST_PUBLIC_PATH)
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
      return readReleaseOf(await within(cached(manifests, url), 1_000));
    },
    hostRelease: hostRelease(),
    perMinute: config.rumPerMinute,
  };
  const startPage = createStartData(
    config,
    fetchImpl,
    shell,
    pageTreeCache,
    (outcome) => metrics.studentFrames.inc({ outcome }),
    contentScripts,
  );

  return createStaticServer({
    root: config.distDir,
    prefix: HOST_PUBLIC_PATH,
    logger,
    trustProxy: config.trustProxy,
    // The id of each request in the host's log line, sent on to the api as X-Request-Id.
    genReqId: () => randomUUID(),
    metrics: { registry: metrics.registry, opsToken: config.opsToken },
    renderPage: template
      ? createPageRenderer({ template, startPage, runtimeOf, compressPage: createPageCompression() })
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
      guardRequests(app, config);

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

      await registerApiGateway(app, config, metrics);
      await registerContentProxy(app, config);
    },
  });
}

// Field data from students' browsers (`POST /en/rum`): page views, web vitals and errors, each naming
// the route, the remote that owns the page, that remote's release and whether the browser was on its
// canary. Nothing of the student is kept: a report is validated, counted into the host's metrics by
// remote and release (histograms and counters), and into the last minutes of each remote's releases,
// which judge its canary (./canary-watch.ts). The report itself is dropped.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';
import * as v from 'valibot';
import { isRemoteName } from '../src/app/runtime-config-shape';
import type { RemoteName } from '../src/app/runtime-config-shape';
import { judgeCanary, p75 } from './canary-watch';
import type { CanaryRules, ReleaseWindows, RollbackStore } from './canary-watch';
import type { Canaries } from './config';

/** Where the browser sends its reports. */
export const RUM_PATH = '/en/rum';

/** A report is a few events of a few hundred bytes each. */
export const RUM_BODY_LIMIT = 16 * 1024;

/** Events one report may hold. */
export const RUM_MAX_EVENTS = 30;

/** The host's own pages (home, content pages) report as this "remote". */
export const HOST_REMOTE = 'host';

const text = (pattern: RegExp, what: string) => v.pipe(v.string(), v.regex(pattern, what));
const common = {
  route: text(/^[\w/-]{1,100}$/, 'a route name'),
  // The portal's own remotes, one added later (ADDED_REMOTES), or the host: a name of that shape. A
  // report naming a remote the host does not compose now is refused (UNKNOWN_REMOTE): labels stay few.
  remote: v.union(
    [
      v.literal(HOST_REMOTE),
      v.pipe(
        v.string(),
        v.check((name: string) => isRemoteName(name)),
      ),
    ],
    'a remote of the portal',
  ),
  release: text(/^[\w.+-]{1,40}$/, 'a release version'),
  canary: v.boolean(),
};

/** One event of a report. */
export const rumEventSchema = v.variant('type', [
  v.strictObject({ type: v.literal('view'), ...common }),
  v.strictObject({
    type: v.literal('vital'),
    ...common,
    name: v.picklist(['LCP', 'INP', 'CLS', 'TTFB']),
    // Milliseconds (CLS has no unit); an hour at most.
    value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(3_600_000)),
  }),
  v.strictObject({
    type: v.literal('error'),
    ...common,
    kind: v.picklist(['error', 'rejection', 'remote-load', 'boundary']),
  }),
]);

/** A report: the events the browser gathered since it last sent. */
export const rumReportSchema = v.strictObject({
  events: v.pipe(v.array(rumEventSchema), v.minLength(1), v.maxLength(RUM_MAX_EVENTS)),
});

export type RumEvent = v.InferOutput<typeof rumEventSchema>;

/** The host's field-data metrics, by remote, release and variant (stable or canary). */
export function createRumMetrics(registry: Registry) {
  const labelNames = ['remote', 'release', 'variant'] as const;
  const histogram = (name: string, help: string, buckets: number[]) =>
    new Histogram({ name, help, labelNames, buckets, registers: [registry] });
  const seconds = [0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10];
  return {
    views: new Counter({
      name: 'host_rum_page_views_total',
      help: "Page views reported by students' browsers, by remote, release and variant.",
      labelNames,
      registers: [registry],
    }),
    errors: new Counter({
      name: 'host_rum_errors_total',
      help: "Errors reported by students' browsers (uncaught, unhandled rejection, remote load, error boundary).",
      labelNames: [...labelNames, 'kind'] as const,
      registers: [registry],
    }),
    LCP: histogram('host_rum_lcp_seconds', 'Largest Contentful Paint in students’ browsers.', seconds),
    INP: histogram(
      'host_rum_inp_seconds',
      'Interaction to Next Paint in students’ browsers.',
      [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2],
    ),
    TTFB: histogram('host_rum_ttfb_seconds', 'Time to First Byte in students’ browsers.', seconds),
    CLS: histogram(
      'host_rum_cls',
      'Cumulative Layout Shift in students’ browsers.',
      [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    ),
    rollbacks: new Counter({
      name: 'host_canary_rollbacks_total',
      help: 'Canaries rolled back by the host because they did worse than the stable release.',
      labelNames: ['remote'] as const,
      registers: [registry],
    }),
  };
}

export type RumMetrics = ReturnType<typeof createRumMetrics>;

/** What the rum route needs of the host. */
export type RumDeps = {
  metrics: RumMetrics;
  windows: ReleaseWindows;
  rollbacks: RollbackStore;
  rules: CanaryRules;
  /** The stable URL of each remote, as the host serves them now. */
  remotes: () => Partial<Record<RemoteName, string>>;
  canaries: () => Canaries;
  /** The release (manifest `buildVersion`) of a remote's build at a manifest URL, when it can be read. */
  releaseOf: (manifestUrl: string) => Promise<string | undefined>;
  /** The host's own release. */
  hostRelease: string;
  perMinute: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).header('Cache-Control', 'no-store').send({ code, message });
}

/** The release a page names when it could not learn it (left before it had read the manifest). */
export const UNKNOWN_RELEASE = 'unknown';

/**
 * The release label of an event: the version it names when that is the build its variant serves now
 * (or the host's own); the served build's when the page could not tell; else `other` (a page opened
 * before a promotion, or a made-up version: labels stay few whatever a client sends).
 */
async function releaseLabel(event: RumEvent, deps: RumDeps): Promise<string> {
  // The host's pages are served with the host itself: its own release, whatever the page says.
  if (event.remote === HOST_REMOTE) return deps.hostRelease;
  const url = event.canary ? deps.canaries()[event.remote]?.url : deps.remotes()[event.remote];
  const release = url ? await deps.releaseOf(url) : undefined;
  if (release !== undefined && event.release === UNKNOWN_RELEASE) return release;
  return release !== undefined && release === event.release ? release : 'other';
}

/** Counts a report's events into the metrics and the windows; judges the canaries it touched. */
export async function recordReport(events: readonly RumEvent[], deps: RumDeps): Promise<void> {
  const touched = new Set<RemoteName>();
  for (const event of events) {
    const canaryOf = event.remote === HOST_REMOTE ? undefined : deps.canaries()[event.remote];
    // A browser that says it is on a canary the remote does not have counts with the stable release.
    const canary = event.canary && canaryOf !== undefined;
    const build = canary ? { canary: canaryOf.url } : 'stable';
    const labels = {
      remote: event.remote,
      release: await releaseLabel(event, deps),
      variant: canary ? 'canary' : 'stable',
    };
    const remote = event.remote === HOST_REMOTE ? undefined : event.remote;
    if (event.type === 'view') {
      deps.metrics.views.inc(labels);
      if (remote) deps.windows.view(remote, build);
    } else if (event.type === 'error') {
      deps.metrics.errors.inc({ ...labels, kind: event.kind });
      if (remote) deps.windows.error(remote, build);
    } else {
      deps.metrics[event.name].observe(labels, event.name === 'CLS' ? event.value : event.value / 1000);
      if (remote && (event.name === 'LCP' || event.name === 'INP'))
        deps.windows.vital(remote, build, event.name === 'LCP' ? 'lcp' : 'inp', event.value);
    }
    if (remote && canaryOf) touched.add(remote);
  }
  for (const remote of touched) judge(remote, deps);
}

/** Rolls the remote's canary back when it is clearly worse than its stable release. */
function judge(remote: RemoteName, deps: RumDeps): void {
  const canary = deps.canaries()[remote];
  if (!canary || deps.rollbacks.of(remote, canary.url)) return;
  const verdict = judgeCanary(
    deps.windows.stats(remote, 'stable'),
    deps.windows.stats(remote, { canary: canary.url }),
    deps.rules,
  );
  if (!verdict.rollback) return;
  deps.rollbacks.add(remote, { canaryUrl: canary.url, at: new Date().toISOString(), reason: verdict.reason });
  deps.metrics.rollbacks.inc({ remote });
  deps.log.warn(
    { remote, canary: canary.url, reason: verdict.reason },
    `The canary of remote-${remote} is rolled back: every new page load gets the stable release.`,
  );
}

/** `GET /ops/releases`: each remote's stable release and canary, what they did, and any rollback. */
export async function releasesStatus(deps: RumDeps) {
  const describe = async (url: string, canary: boolean, remote: RemoteName) => {
    const stats = deps.windows.stats(remote, canary ? { canary: url } : 'stable');
    return {
      url,
      release: (await deps.releaseOf(url)) ?? null,
      pageViews: stats.views,
      errors: stats.errors,
      errorsPerView: stats.views === 0 ? null : stats.errors / stats.views,
      lcpP75Ms: p75(stats.lcp),
      inpP75Ms: p75(stats.inp),
    };
  };
  const remotes = await Promise.all(
    (Object.entries(deps.remotes()) as Array<[RemoteName, string]>).map(async ([remote, url]) => {
      const canary = deps.canaries()[remote];
      const rollback = canary ? deps.rollbacks.of(remote, canary.url) : undefined;
      return {
        remote,
        stable: await describe(url, false, remote),
        canary: canary
          ? {
              ...(await describe(canary.url, true, remote)),
              percent: canary.percent,
              rolledBack: rollback !== undefined,
            }
          : null,
        rollback: rollback ?? null,
      };
    }),
  );
  return { windowSeconds: deps.rules.windowMs / 1000, rules: deps.rules, remotes };
}

/**
 * `POST /en/rum`: a report as `navigator.sendBeacon` sends it (JSON, as text/plain or
 * application/json), at most {@link RUM_BODY_LIMIT} bytes and `perMinute` reports a minute per client.
 * 204 when counted; every refusal has the contract body.
 */
export async function registerRum(app: FastifyInstance, deps: RumDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      keyGenerator: (request) => normalizeIP(request.ip),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many reports; try again in ${Math.ceil(context.ttl / 1000)} s.`), {
          statusCode: 429,
        }),
    });
    scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error(error, 'a field report could not be counted');
      const [code, message] =
        status === 429
          ? ['RATE_LIMITED', error.message]
          : status === 413
            ? ['PAYLOAD_TOO_LARGE', 'The report is too large.']
            : status === 415
              ? ['UNSUPPORTED_MEDIA_TYPE', 'Send the report as JSON.']
              : status === 500
                ? ['INTERNAL_ERROR', 'The report could not be counted.']
                : ['INVALID_REPORT', 'The report is not JSON.'];
      void refuse(reply, status, code, message);
    });
    // sendBeacon sends a string as text/plain: read as JSON here.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.post(
      RUM_PATH,
      { bodyLimit: RUM_BODY_LIMIT, config: { rateLimit: { max: deps.perMinute, timeWindow: 60_000 } } },
      async (request, reply) => {
        // Reports come from the portal's own pages (a beacon is a simple request any site could send).
        const origin = request.headers.origin;
        if (origin !== undefined && hostOf(origin) !== request.headers.host)
          return refuse(reply, 403, 'FORBIDDEN', 'Reports come from the portal’s own pages only.');
        const parsed = v.safeParse(rumReportSchema, request.body);
        if (!parsed.success)
          return refuse(
            reply,
            400,
            'INVALID_REPORT',
            `The report is not valid: ${v.summarize(parsed.issues)}`,
          );
        const served = deps.remotes();
        const unknown = parsed.output.events.find(
          (event) => event.remote !== HOST_REMOTE && served[event.remote] === undefined,
        );
        if (unknown)
          return refuse(reply, 400, 'UNKNOWN_REMOTE', `This portal has no remote "${unknown.remote}".`);
        await recordReport(parsed.output.events, deps);
        return reply.code(204).header('Cache-Control', 'no-store').send();
      },
    );
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * A server's Prometheus registry: the process's own metrics (CPU, memory, event-loop lag, GC) with a
 * `service` label, to which the server adds its own. Create the server's metrics on it with
 * `new Counter({ ..., registers: [registry] })`.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** The metric of `name` in `registry`, made by `create` the first time (servers built twice in one process). */
export function metricOf<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

/** Options of {@link registerMetrics}. */
export interface MetricsOptions {
  registry: Registry;
  /** OPS_TOKEN: without one, `/metrics` answers 404, as if it did not exist. */
  opsToken: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request carries `Authorization: Bearer <token>`, compared in constant time. Every
 * operations endpoint answers only to it.
 */
export function hasOpsToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Answers an operations request that may not go on: 404 when OPS_TOKEN is unset, 401 when the token is
 * missing or wrong. Returns true when it answered.
 */
export function refuseWithoutOpsToken(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): boolean {
  if (!token) {
    void reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
    return true;
  }
  if (!hasOpsToken(request, token)) {
    void reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer')
      .send({ code: 'UNAUTHORIZED', message: 'The operations token is missing or wrong.' });
    return true;
  }
  return false;
}

/** Latency buckets in seconds: from a cached file (a millisecond) to a claim upload (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Counts every request and its latency by method, route (the route's pattern, never the raw URL, so
 * that ids and tokens make no series of their own) and status, and answers `GET /metrics` in
 * Prometheus's text format to `Authorization: Bearer $OPS_TOKEN` only.
 */
export function registerMetrics(app: FastifyInstance, { registry, opsToken }: MetricsOptions): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = metricOf(
    registry,
    'http_requests_total',
    () =>
      new Counter({
        name: 'http_requests_total',
        help: 'Requests answered, by method, route pattern and status.',
        labelNames,
        registers: [registry],
      }),
  );
  const latency = metricOf(
    registry,
    'http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time from the request to its answer, by method, route pattern and status.',
        labelNames,
        buckets: LATENCY_BUCKETS,
        registers: [registry],
      }),
  );

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // Requests no route took (404s, refused ones) share one series.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (refuseWithoutOpsToken(request, reply, opsToken)) return reply;
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}

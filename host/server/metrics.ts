// The host server's Prometheus metrics, on one registry that `GET /metrics` answers with (OPS_TOKEN):
// the request counts and latencies of every server (@portal/shared/server), and the host's own below.
// A new metric of the host goes here, on `registry`, and is handed to the code that counts it.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import { createMetricsRegistry } from '@portal/server';

/** The host's metrics; `registry` holds them all. */
export interface HostMetrics {
  registry: Registry;
  /** A student's own first frame (./student-frame.ts): rendered, or the build's frame kept instead. */
  studentFrames: Counter<'outcome'>;
  /** Requests to a backend (an api replica, a remote, the content origin) that failed on the way. */
  upstreamErrors: Counter<'upstream' | 'code'>;
  /** The api replicas the proxy sends to now (./api-replicas.ts). */
  apiReplicas: Gauge;
  /** Stops counting what only a subscription sees. */
  stop(): void;
}

/** What undici publishes when a request to a backend fails (connection refused, reset, timed out). */
const REQUEST_ERROR_CHANNEL = 'undici:request:error';
type RequestError = { request?: { origin?: unknown }; error?: { code?: unknown; name?: unknown } };

export function createHostMetrics(): HostMetrics {
  const registry = createMetricsRegistry('host');
  const studentFrames = new Counter({
    name: 'host_student_frames_total',
    help: "Students' own first frames asked for, by outcome: rendered, or fallback (the build's frame).",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'host_upstream_errors_total',
    help: 'Requests to a backend that failed before an answer, by backend origin (each api replica) and error code.',
    labelNames: ['upstream', 'code'] as const,
    registers: [registry],
  });
  const apiReplicas = new Gauge({
    name: 'host_api_replicas',
    help: 'The api replicas the proxy sends new requests to.',
    registers: [registry],
  });
  // The proxy (undici's pool) and the host's own fetches both publish here, whichever undici they use.
  const onRequestError = (message: unknown) => {
    const { request, error } = message as RequestError;
    const upstream =
      typeof request?.origin === 'string' ? request.origin : String(request?.origin ?? 'unknown');
    const code = typeof error?.code === 'string' ? error.code : String(error?.name ?? 'Error');
    upstreamErrors.inc({ upstream, code });
  };
  subscribe(REQUEST_ERROR_CHANNEL, onRequestError);
  return {
    registry,
    studentFrames,
    upstreamErrors,
    apiReplicas,
    stop: () => unsubscribe(REQUEST_ERROR_CHANNEL, onRequestError),
  };
}

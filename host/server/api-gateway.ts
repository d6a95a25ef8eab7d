// The api on the portal's origin (/api and /pacos): one upstream, or a balanced pool of its ready
// replicas, with the client's address as this server knows it and the contract body when it is down.
import type { IncomingHttpHeaders } from 'node:http';
import proxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { followApiReplicas, namesReplicas } from './api-replicas';
import type { HostServerConfig } from './config';
import type { createHostMetrics } from './metrics';
import { ReplicaPool } from './replica-pool';

/**
 * The proxy's own lines ("fetching from remote server") would log each URL again, unredacted: the
 * request line Fastify logs (redacted) already says what was asked for.
 */
export const PROXY_LOGGING = { disableRequestLogging: true };

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
 * The api and the address lookup, proxied. Several api replicas (or a name that stands for several):
 * undici's balanced pool spreads the requests and gives a replica that fails to connect less of them
 * until it answers again; one pool for /api and /pacos. The replicas in it are those ready now
 * (./api-replicas.ts); when they change, a new balanced pool takes the new requests and the one before
 * finishes its own (./replica-pool.ts).
 */
export async function registerApiGateway(
  app: FastifyInstance,
  config: Pick<HostServerConfig, 'apiOrigins' | 'apiRefreshSeconds'>,
  metrics: Pick<ReturnType<typeof createHostMetrics>, 'apiReplicas'>,
): Promise<void> {
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
  const replyOptions = {
    rewriteRequestHeaders: (
      request: { ip: string; protocol: string; id: string },
      headers: IncomingHttpHeaders,
    ) => forwardedRequestHeaders(headers, request),
    onError: backendUnavailable,
    retryDelay: retryOnAnotherReplica(() => replicas?.current().length ?? config.apiOrigins.length),
  };
  const upstream = { upstream: config.apiOrigins[0] ?? '', ...(apiPool ? { undici: apiPool } : {}) };
  for (const prefix of ['/api', '/pacos'])
    await app.register(proxy, { ...PROXY_LOGGING, ...upstream, prefix, rewritePrefix: prefix, replyOptions });
}

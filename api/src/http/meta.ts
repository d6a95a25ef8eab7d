import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { errors } from '../errors.js';
import { isLoopbackAddress } from '@portal/server/loopback';
import { listOutbox } from '../mail/outbox.js';
import { apiPaths } from '../paths.js';
import type { RouteContext } from './context.js';

/** Loads the OpenAPI document. */
export async function loadOpenapi(): Promise<Record<string, unknown>> {
  return parse(await readFile(apiPaths.openapi, 'utf8')) as Record<string, unknown>;
}

/** Health check, the OpenAPI document and the development outbox. */
export async function metaRoutes(
  app: FastifyInstance,
  { db, config, mailer, readiness }: RouteContext,
): Promise<void> {
  const openapi = await loadOpenapi();

  const databaseUnavailable = { code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' };
  // Liveness: the process runs and reaches its database, also while it shuts down.
  app.get('/healthz', async (_request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      return reply.status(503).send(databaseUnavailable);
    }
  });

  // Readiness: whether a proxy may send this replica new requests. 503 from the moment it is told to
  // stop, while the requests it already has are finished.
  app.get('/readyz', async (_request, reply) => {
    if (!readiness.ready)
      return reply.status(503).send({ code: 'SHUTTING_DOWN', message: 'This replica is shutting down.' });
    try {
      await db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send(databaseUnavailable);
    }
  });

  app.get('/api/openapi.json', async () => openapi);

  app.get('/api/dev/outbox', async (request) => {
    if (!config.devOutbox) throw errors.notFound('Route');
    // Every mailed link is in it (password resets): only for this machine, whatever interface the api
    // listens on and whatever a client claims in X-Forwarded-For. The host, which proxies it, checks
    // its own clients the same way.
    if (!isLoopbackAddress(request.socket.remoteAddress)) throw errors.notFound('Route');
    // Reset mails are written by the job queue after their request is answered; show them once the
    // jobs due now have run (a development aid: the journeys read their mails here).
    await mailer.idle().catch(() => undefined);
    return listOutbox(db);
  });
}

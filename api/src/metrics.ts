// The api's Prometheus metrics, answered at `GET /metrics` with OPS_TOKEN (see docs/operations.md):
// requests by route and status (@portal/server/metrics), the job queue and the database pool.
import { createMetricsRegistry } from '@portal/server/metrics';
import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Db, PgDb } from './db/db.js';

interface JobCount {
  queue: string;
  state: string;
  count: number;
}

/**
 * A registry with the api's own metrics: the jobs of each queue by state (pg-boss's `created` and
 * `retry` are the queue's depth, `failed` the jobs that gave up), read from the database when scraped,
 * and the connections of the database pool (on PostgreSQL).
 */
export function createApiMetrics(db: Db | PgDb, onError: (error: unknown) => void): Registry {
  const registry = createMetricsRegistry('api');
  new Gauge({
    name: 'api_jobs',
    help: 'Jobs of each queue by state (pg-boss): created and retry are waiting, failed gave up.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await db.query<JobCount>(
          'SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job GROUP BY name, state',
        );
        for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
      } catch (error) {
        // The queue's tables come with its first start; a scrape never fails for them.
        onError(error);
      }
    },
  });
  if ('pool' in db) {
    const { pool } = db;
    new Gauge({
      name: 'api_db_pool_connections',
      help: 'Connections of the database pool: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return registry;
}

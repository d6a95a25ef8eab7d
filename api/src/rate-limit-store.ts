import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/db.js';

/** What @fastify/rate-limit asks of a store: count a hit, read the count, and a store per route. */
type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type RouteParams = {
  continueExceeding?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/** How many hits between two sweeps of the expired counters. */
const SWEEP_EVERY = 1_000;

// One statement, so that two api processes counting the same key at once both count: the row lock of
// the upsert orders them. The window restarts when it has ended (or, with continueExceeding, on every
// hit over the limit). The database's clock decides, the same for every process.
const INCREMENT = `
  INSERT INTO rate_limit_hits (key, hits, expires_at)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limit_hits.expires_at <= clock_timestamp() THEN 1 ELSE rate_limit_hits.hits + 1 END,
    expires_at = CASE
      WHEN rate_limit_hits.expires_at <= clock_timestamp() OR ($3::boolean AND rate_limit_hits.hits >= $4::int)
        THEN excluded.expires_at
      ELSE rate_limit_hits.expires_at
    END
  RETURNING hits, greatest(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::int AS ttl`;

const READ = `
  SELECT hits, greatest(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::int AS ttl
    FROM rate_limit_hits WHERE key = $1 AND expires_at > clock_timestamp()`;

/**
 * A store for @fastify/rate-limit on the api's database, so that every limit counts across all api
 * processes (N replicas do not give a client N times the attempts), and survives a restart. It plays the
 * part of the library's Redis store, with the same keys (route, then client key), on the PostgreSQL the
 * api already has; PGlite works the same for one process.
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger) {
  let hitsSinceSweep = 0;
  const sweep = () => {
    hitsSinceSweep = 0;
    db.query('DELETE FROM rate_limit_hits WHERE expires_at < clock_timestamp()').catch((err: unknown) =>
      log.warn({ err }, 'Could not sweep the expired rate-limit counters'),
    );
  };

  return class PostgresRateLimitStore {
    readonly prefix: string;
    readonly continueExceeding: boolean;

    constructor(params: RouteParams = {}, prefix = 'rl:') {
      this.prefix = prefix;
      this.continueExceeding = params.continueExceeding === true;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY) sweep();
      db.query<{ hits: number; ttl: number }>(INCREMENT, [
        this.prefix + key,
        timeWindow,
        this.continueExceeding,
        max,
      ]).then(
        ([row]) => callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      db.query<{ hits: number; ttl: number }>(READ, [this.prefix + key]).then(
        ([row]) => callback(null, { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The library passes the route's merged limit settings, with the route as `routeInfo` (its types
    // say the route's options). Fastify answers HEAD with every GET route, limits included: both count
    // under the GET's key, or HEAD would be a second budget for the same lookup.
    child(routeOptions: object): PostgresRateLimitStore {
      const params = routeOptions as RouteParams;
      const { method = '', url = '' } = params.routeInfo ?? {};
      const counted = String(method) === 'HEAD' ? 'GET' : String(method);
      return new PostgresRateLimitStore(params, `${this.prefix}${counted}${url}-`);
    }
  };
}

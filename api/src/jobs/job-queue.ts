import PgBoss from 'pg-boss';
import type { BaseLogger } from 'pino';
import { JOB_QUEUE_LOCK, withAdvisoryLock } from '../db/db.js';
import type { Db } from '../db/db.js';

/**
 * Work that an answer promises and that must survive the process: a job is a row in the database
 * (pg-boss), stored in the same transaction as the change that causes it, and run by whichever api
 * process fetches it first. A process that dies while running a job leaves it active until it expires;
 * then another process runs it again, so every handler is written to be safe to run twice.
 */
export interface JobQueue {
  /** Stores a job through `db` (the queue's own, or a transaction, which then decides whether it exists). */
  send(name: QueueName, data: object, db?: Db): Promise<void>;
  /** Runs `handler` for each job of the queue, in this process; a handler that throws is retried. */
  work<T extends object>(name: QueueName, handler: (job: JobRun<T>) => Promise<void>): Promise<void>;
  /** Stops this process's workers of a queue (the jobs stay for the other processes). */
  offWork(name: QueueName): Promise<void>;
  /** Fetches at once, instead of at the next poll, after a transaction that sent jobs has committed. */
  wake(name: QueueName): void;
  /** Resolves when no job of the queues is due or running (jobs waiting for a later retry do not count). */
  idle(timeoutMs?: number): Promise<void>;
  /** Waits for the jobs this process runs, then stops. */
  stop(): Promise<void>;
}

/** A job as its handler sees it: which try this is, and whether it is the last one. */
export interface JobRun<T> {
  id: string;
  data: T;
  lastTry: boolean;
}

/** How often a queue's jobs are tried and how long one may run before another process takes it over. */
export interface QueueSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

/** The queues of the api. */
export const QUEUES = {
  /** A reset request by e-mail address: look the account up, make the link, store the mail. */
  passwordReset: 'password-reset',
  /** One stored mail to send over SMTP (only with SMTP_URL). */
  mailDelivery: 'mail-delivery',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Where the queue reports jobs that failed and its own errors. */
export type JobLogger = Pick<BaseLogger, 'error' | 'warn'>;

/** How often a worker looks for jobs that another process sent (its own are fetched at once). */
const POLLING_SECONDS = 1;

/**
 * A queue on the api's database, the in-process PGlite or a PostgreSQL server alike. pg-boss keeps its
 * tables in the `pgboss` schema and creates them at the first start.
 */
export function createJobQueue(
  db: Db,
  logger: JobLogger,
  settings: Record<QueueName, QueueSettings>,
): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.executeSql(text, values) },
    // A job left active by a process that died is given back once it expires: look as often as the
    // shortest expiry, at most every 30 s.
    maintenanceIntervalSeconds: Math.min(
      30,
      ...Object.values(settings).map((queue) => Math.max(1, queue.expireInSeconds)),
    ),
    schedule: false,
  });
  boss.on('error', (err) => logger.error({ err }, 'Job queue error'));
  const started = (async () => {
    await boss.start();
    // Replicas that start at the same moment would create the same queues at once, which can
    // deadlock in PostgreSQL (pg-boss inserts the queue and creates its partition): one at a time.
    await withAdvisoryLock(db, JOB_QUEUE_LOCK, async () => {
      for (const [name, queue] of Object.entries(settings)) {
        const options = {
          name,
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: queue.expireInSeconds,
        };
        // Creating is idempotent (a queue that exists is kept); updating applies changed settings.
        await boss.createQueue(name, options);
        await boss.updateQueue(name, options);
      }
    });
  })();
  // A failed start is reported by every call that needs the queue; this keeps it from being unhandled.
  started.catch(() => undefined);
  const workers = new Map<QueueName, string>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  return {
    async send(name, data, target = db) {
      await started;
      await boss.send(name, data, {
        db: { executeSql: (text, values) => target.executeSql(text, values) },
      });
    },
    async work<T extends object>(name: QueueName, handler: (job: JobRun<T>) => Promise<void>) {
      await started;
      const id = await boss.work<T>(
        name,
        { includeMetadata: true, pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          const run = handler({ id: job.id, data: job.data, lastTry: job.retryCount >= job.retryLimit });
          running.add(run);
          try {
            await run;
          } catch (err) {
            logger.warn({ err, queue: name, jobId: job.id, try: job.retryCount + 1 }, 'Job failed');
            throw err;
          } finally {
            running.delete(run);
          }
        },
      );
      workers.set(name, id);
    },
    async offWork(name) {
      workers.delete(name);
      await boss.offWork(name);
    },
    wake(name) {
      const id = workers.get(name);
      if (id && !stopped) boss.notifyWorker(id);
    },
    async idle(timeoutMs = 10_000) {
      await started;
      const names = Object.keys(settings);
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await db.query<{ due: number }>(
          `SELECT count(*)::int AS due FROM pgboss.job
            WHERE name = ANY($1::text[])
              AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
          [names],
        );
        if ((row?.due ?? 0) === 0 && running.size === 0) return;
        if (Date.now() > until) throw new Error(`Jobs still due after ${timeoutMs} ms`);
        for (const name of workers.keys()) boss.notifyWorker(workers.get(name) ?? '');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await started;
      } catch {
        return;
      }
      await Promise.allSettled([...running]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';

/** Work a request starts but does not wait for; failures are logged, never lost in silence. */
export interface Background {
  run(task: () => Promise<void>): void;
  /** Resolves when every task started so far has finished. */
  idle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(task) {
      const work: Promise<void> = task()
        .catch((err: unknown) => log.error({ err }, 'Background work failed'))
        .finally(() => running.delete(work));
      running.add(work);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

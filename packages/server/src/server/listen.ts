import type { FastifyInstance } from 'fastify';

/** Where {@link listenUntilSignal} binds. */
export interface ListenOptions {
  port: number;
  /** Interface to bind; `0.0.0.0` so that containers are reachable. */
  host?: string;
}

/**
 * Starts the server and closes it cleanly on SIGINT/SIGTERM, so that `docker stop` and Ctrl+C finish
 * in-flight requests instead of cutting them.
 */
export async function listenUntilSignal(
  app: FastifyInstance,
  { port, host = '0.0.0.0' }: ListenOptions,
): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port, host });
}

/**
 * Runs a server's start-up; a failure is logged with its stack (and its cause, which Node prints
 * with the error) and ends the process with exit code 1.
 */
export function runMain(main: () => Promise<void>, exit: (code: number) => void = process.exit): void {
  main().catch((error: unknown) => {
    // The whole error, not only its message: the stack says where a programming error came from.
    console.error('Start-up failed:', error);
    exit(1);
  });
}

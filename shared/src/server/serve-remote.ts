import path from 'node:path';
import { readOrigins, readPort } from './env';
import { listenUntilSignal, runMain } from './listen';
import { createStaticServer } from './static-server';

/** Options of {@link serveRemote}. */
export interface ServeRemoteOptions {
  /** The remote's package folder; its built assets are in `dist/`. */
  appDir: string;
  /** Env var with the remote's own port, read after `PORT` (e.g. `REMOTE_BILLING_PORT`). */
  portVariable: string;
  /** Port when neither `PORT` nor `portVariable` is set. */
  defaultPort: number;
}

/**
 * Runs a remote's production server: its built assets (remoteEntry.js, mf-manifest.json,
 * chunks) for the host page, with CORS for `HOST_ORIGIN`, until SIGINT or SIGTERM. Assets only:
 * a remote's pages run inside the host (standalone pages come from its dev server).
 */
export function serveRemote({ appDir, portVariable, defaultPort }: ServeRemoteOptions): void {
  runMain(async () => {
    const port = readPort(process.env, ['PORT', portVariable], defaultPort);
    const app = await createStaticServer({
      root: path.join(appDir, 'dist'),
      corsOrigins: readOrigins(process.env, 'HOST_ORIGIN', 'http://localhost:8080'),
      historyFallback: false,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
    });
    await listenUntilSignal(app, { port, host: process.env.LISTEN_HOST });
  });
}

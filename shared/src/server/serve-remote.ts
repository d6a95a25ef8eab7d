import path from 'node:path';
import { readOrigins, readPort } from './env';
import { listenUntilSignal, runMain } from './listen';
import { createStaticServer } from './static-server';
import { DEFAULT_PORTS, originOf, PORT_VARIABLES } from '../../../configs/topology.cjs';
import type { RemoteProcessName } from '../../../configs/topology.cjs';

/** Options of {@link serveRemote}. */
export interface ServeRemoteOptions {
  /** The remote's package folder; its built assets are in `dist/` (or `REMOTE_DIST_DIR`). */
  appDir: string;
  /** The remote's federation name; its port comes from `PORT`, else the topology (configs/topology.cjs). */
  name: RemoteProcessName;
}

/**
 * Runs a remote's production server: its built assets (remoteEntry.js, mf-manifest.json,
 * chunks) for the host page, with CORS for `HOST_ORIGIN`, until SIGINT or SIGTERM. Assets only:
 * a remote's pages run inside the host (standalone pages come from its dev server).
 */
export function serveRemote({ appDir, name }: ServeRemoteOptions): void {
  runMain(async () => {
    const port = readPort(process.env, ['PORT', PORT_VARIABLES[name]], DEFAULT_PORTS[name]);
    const app = await createStaticServer({
      // Another build of the remote may be served instead (an older release, in the version-skew check).
      root: process.env.REMOTE_DIST_DIR || path.join(appDir, 'dist'),
      corsOrigins: readOrigins(process.env, 'HOST_ORIGIN', originOf('host')),
      historyFallback: false,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
    });
    await listenUntilSignal(app, { port, host: process.env.LISTEN_HOST });
  });
}

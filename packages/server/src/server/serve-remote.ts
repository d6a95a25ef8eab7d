import path from 'node:path';
import { readOrigins, readPort } from './env';
import { listenUntilSignal, runMain } from './listen';
import { createMetricsRegistry } from './metrics';
import { createStaticServer } from './static-server';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PORTS, originOf, PORT_VARIABLES } from '../../../../configs/topology.cjs';
import type { RemoteProcessName } from '../../../../configs/topology.cjs';

/**
 * Which remote, and where it listens: one of the portal's own, whose port comes from `PORT`, else the
 * topology (configs/topology.cjs); or a remote added later (`pnpm create-remote`), whose port comes
 * from `PORT`, else `REMOTE_<NAME>_PORT`, else the `port` it was made with.
 */
export type RemoteIdentity = { name: RemoteProcessName; port?: never } | { name: string; port: number };

/** Options of {@link serveRemote}. */
export type ServeRemoteOptions = RemoteIdentity & {
  /** The remote's package folder; its built assets are in `dist/` (or `REMOTE_DIST_DIR`). */
  appDir: string;
  /**
   * Adds the routes that render a student's own first frame (`registerFrameRoute` of
   * `@portal/shared/frame-renderer`, kept out of this module so that servers without frames do not
   * carry it). Its pages are this source's: a server that serves another build (`REMOTE_DIST_DIR`)
   * leaves it out, so a frame never belongs to another release.
   */
  frames?: (app: FastifyInstance) => Promise<void>;
};

/** The port a remote listens on (see {@link RemoteIdentity}). */
export function remotePort(identity: RemoteIdentity, env: NodeJS.ProcessEnv = process.env): number {
  if (identity.port === undefined) {
    const name = identity.name as RemoteProcessName;
    return readPort(env, ['PORT', PORT_VARIABLES[name]], DEFAULT_PORTS[name]);
  }
  return readPort(env, ['PORT', `REMOTE_${identity.name.toUpperCase()}_PORT`], identity.port);
}

/**
 * Runs a remote's production server: its built assets (remoteEntry.js, mf-manifest.json,
 * chunks) for the host page, with CORS for `HOST_ORIGIN`, until SIGINT or SIGTERM, and with `frames`
 * a student's own first frames for the host server. A remote's pages run inside the host (standalone
 * pages come from its dev server).
 */
export function serveRemote(options: ServeRemoteOptions): void {
  const { appDir, name, frames } = options;
  runMain(async () => {
    const port = remotePort(options);
    // Another build of the remote may be served instead (an older release, in the version-skew check).
    const otherBuild = process.env.REMOTE_DIST_DIR;
    const addFrames = otherBuild ? undefined : frames;
    const app = await createStaticServer({
      root: otherBuild || path.join(appDir, 'dist'),
      corsOrigins: readOrigins(process.env, 'HOST_ORIGIN', originOf('host')),
      historyFallback: false,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      // `GET /metrics` for ops, with OPS_TOKEN (the frames' renders are POST /frames by status).
      metrics: {
        registry: createMetricsRegistry(`remote-${name}`),
        opsToken: process.env.OPS_TOKEN || undefined,
      },
      ...(addFrames ? { setup: addFrames } : {}),
    });
    await listenUntilSignal(app, { port, host: process.env.LISTEN_HOST });
  });
}

import path from 'node:path';
import { createStaticServer, listenUntilSignal, readOrigins, readPort, runMain } from '@portal/shared/server';

// Serves the built remote (remoteEntry.js, mf-manifest.json, chunks) to the host page.
runMain(async () => {
  const port = readPort(process.env, ['PORT', 'REMOTE_INSURANCE_PORT'], 8082);
  const app = await createStaticServer({
    root: path.join(__dirname, '..', 'dist'),
    corsOrigins: readOrigins(process.env, 'HOST_ORIGIN', 'http://localhost:8080'),
    // Assets only: the remote's pages run inside the host (standalone pages come from `pnpm dev`).
    historyFallback: false,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  await listenUntilSignal(app, { port, host: process.env.LISTEN_HOST });
});

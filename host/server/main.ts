import { listenUntilSignal, runMain } from '@portal/server';
import { readHostConfig } from './config';
import { createHostServer } from './host-server';

runMain(async () => {
  const config = readHostConfig(process.env);
  const app = await createHostServer(config, { level: process.env.LOG_LEVEL ?? 'info' });
  await listenUntilSignal(app, { port: config.port, host: config.listenHost });
});

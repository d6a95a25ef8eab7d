// `pnpm dev` / `npm run dev`: the api in watch mode and every app's webpack dev server with hot
// reload. The host's dev server serves remotes.json and proxies the backends itself
// (host/configs/webpack.dev.cjs). Ctrl-C stops everything.
import { parseArgs } from 'node:util';
import { ensurePnpm } from './lib/pnpm.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { demoLoginsText, parseOnly, stackPorts, stackServices } from './lib/stack.mjs';
import { bold, green, red, step } from './lib/log.mjs';

const USAGE = `Usage: pnpm dev [-- options]   (or: node scripts/dev.mjs [options])

Runs the api in watch mode and each app's "dev" script (webpack serve, hot reload).
Dependencies must be installed (pnpm install).

Options:
  --only=a,b   run only these (api, account, insurance, billing, service, host)
  -h, --help   show this help`;

async function main() {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const only = parseOnly(values.only);
  await ensurePnpm();
  const supervisor = new Supervisor({ healthTimeoutMs: 300_000 });
  supervisor.stopOnSignals();
  supervisor.onUnexpectedExit(async (name) => {
    console.error(red(`\n${name} stopped: stopping the others.`));
    await supervisor.stopAll();
    process.exit(1);
  });
  step(`Starting ${only.join(', ')} in development mode`);
  for (const service of await stackServices({ mode: 'dev', only })) supervisor.start(service);
  try {
    await supervisor.waitHealthy();
  } catch (error) {
    console.error(red(`\n${error.message}`));
    await supervisor.stopAll();
    process.exit(1);
  }
  if (only.includes('host')) {
    const { host } = stackPorts();
    console.log(`\n${bold(green('Development portal:'))} ${bold(`http://localhost:${host}/en/`)}\n`);
    console.log(`${demoLoginsText()}\n`);
  }
  console.log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(red(`\npnpm dev failed: ${error.message}`));
  process.exit(1);
});

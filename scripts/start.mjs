// `npm start`: install, build and run the whole portal on the embedded reference backend,
// then print the URL and the demo logins. Ctrl-C stops everything.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './lib/paths.mjs';
import { pnpm } from './lib/pnpm.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { demoLoginsText, parseOnly, stackPorts, stackServices } from './lib/stack.mjs';
import { bold, green, red, step } from './lib/log.mjs';
import { busyPorts, describeBusy } from './lib/ports.mjs';

const USAGE = `Usage: npm start [-- options]   (or: node scripts/start.mjs [options])

Installs dependencies, builds the host and the remotes, then runs the api, the four remotes
and the host, waits until each answers /healthz and prints the portal URL. Ctrl-C stops all.

Options:
  --no-install     skip "pnpm install --frozen-lockfile"
  --no-build       skip "pnpm build" (the dist/ folders must exist)
  --only=a,b       start only these services (api, account, insurance, billing, service, host)
  -h, --help       show this help

Env: HOST_PORT, REMOTE_*_PORT, API_PORT, API_ORIGIN, CONTENT_ORIGIN, REMOTE_*_URL, GTM_ID,
API_RESET=1, API_DATA_DIR, DATABASE_URL, API_DEV_OUTBOX (the dev outbox is on for this local
demo; API_DEV_OUTBOX=0 turns it off), API_PAYMENT_SANDBOX (the payment sandbox is on for this
local demo; API_PAYMENT_SANDBOX=0 turns it off), HOST (every server listens on 127.0.0.1, this
machine only; HOST=0.0.0.0 opens them to the network, the dev outbox still answers only this
machine). See docs/operations.md.`;

function parseCli() {
  const { values } = parseArgs({
    options: {
      'no-install': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  return values;
}

async function main() {
  let options;
  try {
    options = parseCli();
  } catch (error) {
    console.error(`${red(error.message)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const only = parseOnly(options.only);

  if (!options['no-install']) {
    step('Installing dependencies (pnpm install --frozen-lockfile)');
    await pnpm(['install', '--frozen-lockfile']);
  }
  if (!options['no-build']) {
    step('Building the host and the remotes (pnpm build)');
    await pnpm(['build']);
  }

  const unbuilt = ['host', 'account', 'insurance', 'billing', 'service']
    .filter((name) => only.includes(name))
    .map((name) => (name === 'host' ? 'host' : `remote-${name}`))
    .filter((pkg) => !existsSync(join(repoRoot, pkg, 'dist')));
  if (unbuilt.length > 0) {
    throw new Error(
      `No build found in ${unbuilt.map((pkg) => `${pkg}/dist`).join(', ')}: run "pnpm build" first (or drop --no-build).`,
    );
  }

  const ports = stackPorts();
  const busy = await busyPorts(Object.fromEntries(only.map((name) => [name, ports[name]])));
  if (busy.length > 0) {
    throw new Error(
      `${describeBusy(busy).trimStart()}\nStop what runs there (an earlier "npm start" or "npm run dev"?) or choose other ports (HOST_PORT, REMOTE_*_PORT, API_PORT).`,
    );
  }

  const supervisor = new Supervisor();
  supervisor.stopOnSignals();
  supervisor.onUnexpectedExit(async (name) => {
    console.error(red(`\n${name} stopped unexpectedly: stopping the portal.`));
    await supervisor.stopAll();
    process.exit(1);
  });
  step(`Starting ${only.join(', ')}`);
  for (const service of await stackServices({ mode: 'start', only })) supervisor.start(service);
  try {
    await supervisor.waitHealthy();
  } catch (error) {
    console.error(red(`\n${error.message}`));
    await supervisor.stopAll();
    process.exit(1);
  }

  if (only.includes('host')) {
    const { host } = ports;
    console.log(`\n${bold(green('The portal is running:'))} ${bold(`http://localhost:${host}/en/`)}\n`);
    console.log(`${demoLoginsText()}\n`);
  } else {
    console.log(`\n${bold(green('Started:'))} ${only.join(', ')}`);
  }
  console.log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(red(`\nnpm start failed: ${error.message}`));
  process.exit(1);
});

// The browser journeys' servers (e2e/playwright.config.ts): one stack per Playwright worker, all
// started at once under one supervisor, and "Journey stacks ready" on stdout when every process
// answers. A stack is what `npm start` runs (api on a fresh database, the four remotes, the host,
// production builds), plus three hosts that each meet a fault: a remote down, the content endpoint
// down, a host deployed without the billing remote. Stack N listens STACK_PORT_STEP × N ports above
// stack 0 (configs/topology.cjs), so no journey meets another worker's students or sessions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import topology from '../configs/topology.cjs';
import { busyPorts, describeBusy } from './lib/ports.mjs';
import { listenHost, packageScriptCommand, stackServices } from './lib/stack.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { red } from './lib/log.mjs';

export const READY = 'Journey stacks ready';

/**
 * The operations key of the journeys' apis (e2e/support/origins.ts has the same): the claim journeys
 * move a claim on through the claims handler, as the insurer's system would.
 */
export const JOURNEY_OPS_TOKEN = 'journey-ops-token';

/** The journeys log in, file claims and ask for mails many times from one address. */
const JOURNEY_LIMITS = {
  API_RATE_LIMIT_AUTH: '10000',
  API_RATE_LIMIT_CONTENT: '100000',
  API_MAIL_LIMIT_PER_HOUR: '10000',
  API_RATE_LIMIT_VISITOR_CLAIM: '10000',
  API_RATE_LIMIT_LETTERS: '10000',
  API_RATE_LIMIT_ANONYMOUS: '10000',
  API_CLAIMS_PER_DAY: '10000',
  API_VISITOR_CLAIMS_PER_POLICY: '10000',
};

/** The services of stack `stack`, each named with its stack after the first. */
async function stackOfServices(stack, { gtmId, logs }) {
  const ports = topology.journeyStackPorts(stack);
  const canary = canaryCheck(process.env);
  const origin = topology.localOrigin;
  const closed = origin(ports.closed);
  const stackEnv = {
    ...topology.stackPortVariables(stack),
    API_RESET: '1',
    API_DEV_OUTBOX: '1',
    // Card and iDeal journeys pay through the sandbox provider page.
    API_PAYMENT_SANDBOX: '1',
    API_DATA_DIR: mkdtempSync(join(tmpdir(), `portal-e2e-${stack}-`)),
    ...JOURNEY_LIMITS,
    // Eighteen processes share this machine's cores: a student's frame gets 2 s, not 400 ms, so that
    // the journeys prove what it holds rather than how fast a loaded machine renders it (the bench does).
    FRAME_TIME_BUDGET_MS: process.env.FRAME_TIME_BUDGET_MS ?? '2000',
    GTM_ID: gtmId,
    // The remotes also serve the fault hosts (and the canary check's host).
    HOST_ORIGIN: [
      ports.host,
      ports.billingDownHost,
      ports.contentDownHost,
      ports.billingOffHost,
      ...(canary ? [ports.canaryHost] : []),
    ]
      .map(origin)
      .join(','),
    // Every request logged by eighteen processes costs the journeys CPU; E2E_SERVER_LOGS shows them.
    ...(logs ? {} : { LOG_LEVEL: 'warn' }),
  };
  /** @type {Array<[string, number, Record<string, string>]>} */
  const faultHosts = [
    // A remote that is down: the billing remote's URL points at a closed port.
    ['host, billing down', ports.billingDownHost, { REMOTE_BILLING_URL: `${closed}/mf-manifest.json` }],
    // The content endpoint down: the page tree cannot load.
    ['host, content down', ports.contentDownHost, { CONTENT_ORIGIN: closed }],
    // A host deployed without the billing remote.
    ['host, no billing', ports.billingOffHost, { REMOTE_BILLING_URL: 'off' }],
  ];
  const named = (name) => (stack === 0 ? name : `${name} #${stack}`);
  const services = (await stackServices({ mode: 'start', env: { ...process.env, ...stackEnv } })).map(
    (service) => ({
      ...service,
      name: named(service.name),
      env: {
        ...stackEnv,
        ...service.env,
        ...(service.name === 'api' ? { OPS_TOKEN: JOURNEY_OPS_TOKEN } : {}),
      },
    }),
  );
  for (const [name, port, faultEnv] of faultHosts) {
    const hostEnv = { ...stackEnv, HOST_PORT: String(port), ...faultEnv };
    const [host] = await stackServices({
      mode: 'start',
      only: ['host'],
      env: { ...process.env, ...hostEnv },
    });
    services.push({ ...host, name: named(name), env: { ...hostEnv, ...host.env } });
  }
  if (canary) services.push(...(await canaryServices(stackEnv, ports, canary, named)));
  return { services, ports };
}

/**
 * The release stage's canary check (scripts/check-releases.mjs) names a broken build of the billing
 * remote (CANARY_BILLING_DIST_DIR) and the remotes file its host reads (CANARY_REMOTES_FILE); its
 * new-remote check, the worktree (ADDED_REMOTE_ROOT) where `pnpm create-remote` made and built a remote
 * (ADDED_REMOTE_NAME), which is served beside that host.
 */
function canaryCheck(env) {
  if (!env.CANARY_BILLING_DIST_DIR || !env.CANARY_REMOTES_FILE) return null;
  const added =
    env.ADDED_REMOTE_ROOT && env.ADDED_REMOTE_NAME
      ? { root: env.ADDED_REMOTE_ROOT, name: env.ADDED_REMOTE_NAME }
      : null;
  return { brokenDist: env.CANARY_BILLING_DIST_DIR, remotesFile: env.CANARY_REMOTES_FILE, added };
}

/**
 * For the canary check: the broken billing build and today's billing build, each served on a port of
 * its own as a canary, and a host that reads its remotes from the file the journey writes, judges a
 * canary from 3 page views, and answers its operations routes with the journeys' token.
 */
async function canaryServices(stackEnv, ports, canary, named) {
  const services = [];
  for (const [name, port, dist] of [
    ['billing canary, broken', ports.brokenBillingCanary, canary.brokenDist],
    ['billing canary, healthy', ports.healthyBillingCanary, undefined],
  ]) {
    const remoteEnv = {
      ...stackEnv,
      REMOTE_BILLING_PORT: String(port),
      ...(dist ? { REMOTE_BILLING_DIST_DIR: dist } : {}),
    };
    const [remote] = await stackServices({
      mode: 'start',
      only: ['billing'],
      env: { ...process.env, ...remoteEnv },
    });
    services.push({ ...remote, name: named(name), env: { ...remoteEnv, ...remote.env } });
  }
  const hostEnv = {
    ...stackEnv,
    HOST_PORT: String(ports.canaryHost),
    HOST_REMOTES_FILE: canary.remotesFile,
    HOST_CANARY_STATE_FILE: join(mkdtempSync(join(tmpdir(), 'portal-canary-')), 'rollbacks.json'),
    HOST_CANARY_MIN_VIEWS: '3',
    OPS_TOKEN: JOURNEY_OPS_TOKEN,
  };
  const [host] = await stackServices({ mode: 'start', only: ['host'], env: { ...process.env, ...hostEnv } });
  services.push({ ...host, name: named('host, canaries'), env: { ...hostEnv, ...host.env } });
  if (canary.added) {
    // Its own server, as its team runs it: the host learns of it only from the remotes file.
    const command = await packageScriptCommand(`remote-${canary.added.name}`, 'start', canary.added.root);
    services.push({
      name: named(`remote-${canary.added.name}, added`),
      ...command,
      env: { ...stackEnv, ...command.env, LISTEN_HOST: listenHost(), PORT: String(ports.addedRemote) },
      healthUrl: `${topology.localOrigin(ports.addedRemote)}/healthz`,
    });
  }
  return services;
}

async function main() {
  const { values } = parseArgs({
    options: { stacks: { type: 'string', default: '1' }, 'gtm-id': { type: 'string', default: '' } },
    strict: true,
  });
  const count = Number(values.stacks);
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error('--stacks must be 1 to 8.');

  const stacks = [];
  for (let stack = 0; stack < count; stack += 1) {
    stacks.push(
      await stackOfServices(stack, { gtmId: values['gtm-id'], logs: Boolean(process.env.E2E_SERVER_LOGS) }),
    );
  }
  // The journeys always start their own servers (the production build, fresh data): a dev build or
  // an old database on these ports would make the results mean nothing.
  const wanted = Object.fromEntries(
    stacks.flatMap(({ services }) =>
      services.map((service) => [service.name, Number(new URL(service.healthUrl).port)]),
    ),
  );
  const busy = await busyPorts(wanted);
  if (busy.length > 0) {
    throw new Error(
      `The browser journeys start their own portal, but:${describeBusy(busy)}\nStop what runs there (an earlier "npm start"?) or move the ports (HOST_PORT, REMOTE_*_PORT, API_PORT).`,
    );
  }

  const supervisor = new Supervisor();
  supervisor.stopOnSignals();
  supervisor.onUnexpectedExit(async (name) => {
    console.error(red(`${name} stopped unexpectedly: stopping the journey stacks.`));
    await supervisor.stopAll();
    process.exit(1);
  });
  for (const { services } of stacks) for (const service of services) supervisor.start(service);
  try {
    await supervisor.waitHealthy();
  } catch (error) {
    console.error(red(error.message));
    await supervisor.stopAll();
    process.exit(1);
  }
  console.log(`${READY}: ${stacks.map(({ ports }) => topology.localOrigin(ports.host)).join(', ')}`);
}

main().catch((error) => {
  console.error(red(`journey stacks: ${error.message}`));
  process.exit(1);
});

// The portal's processes, ports and health URLs, as `npm start`, the benchmark and the
// browser journeys start them. Every port and origin can be overridden with the env vars of
// docs/operations.md.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import topology from '../../configs/topology.cjs';
import { pnpmCommand } from './pnpm.mjs';
import { repoRoot } from './paths.mjs';

/** The ports in use, from env with the product defaults (configs/topology.cjs). */
export function stackPorts(env = process.env) {
  return topology.ports(env);
}

/**
 * The remotes: federation name, package, the env var of the manifest URL the host publishes, and the
 * env var that serves another build of the remote (a folder with its `dist/` content) instead of its own.
 */
export const REMOTES = Object.entries(topology.REMOTE_PACKAGES).map(([key, pkg]) => ({
  key,
  pkg,
  urlVar: topology.REMOTE_URL_VARIABLES[key],
  distVar: `REMOTE_${key.toUpperCase()}_DIST_DIR`,
}));

export const SERVICE_NAMES = ['api', ...REMOTES.map((remote) => remote.key), 'host'];

/** The demo logins seeded by the reference backend. */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';
export const DEMO_LOGINS = [
  {
    email: 'anna.devries@example.com',
    note: 'pays herself: Travel, Health and Stay policies, open and paid invoices',
  },
  { email: 'ben.okafor@example.com', note: 'his institute pays: profile not editable, no invoices' },
  {
    email: 'chen.li@example.com',
    note: 'pays via the institution by card: a policy in each of the 7 statuses',
  },
  { email: 'blocked.user@example.com', note: 'blocked account (login answers 403)' },
  { email: 'new.student@example.com', note: 'not activated yet (activation mail in the dev outbox)' },
];

/**
 * `npm start` and `npm run dev` are the local demo: the api keeps the mails it sends (activation,
 * password reset) in its dev outbox, so new.student can be activated without a mail server.
 * API_DEV_OUTBOX=0 turns it off.
 */
export function devOutboxEnabled(env = process.env) {
  return env.API_DEV_OUTBOX !== '0';
}

/** One secret for every stack this process starts, unless FRAME_SECRET names one. */
const generatedFrameSecret = randomBytes(32).toString('base64url');

/**
 * The secret the host sends with a student's frame request and the remotes' servers check
 * (FRAME_SECRET): the environment's, else one made for this run, so nobody else may ask for frames.
 */
export function frameSecret(env = process.env) {
  return env.FRAME_SECRET || generatedFrameSecret;
}

/**
 * Where the servers listen: this machine only (127.0.0.1), so that the demo (and its dev outbox)
 * is not open to the network it is on; `HOST=0.0.0.0` opens it (LISTEN_HOST is the servers' own name).
 */
export function listenHost(env = process.env) {
  return env.HOST || '127.0.0.1';
}

/** Where the browser reads the dev outbox: through the host, like every api call. */
export function devOutboxUrl(env = process.env) {
  return `${topology.localOrigin(stackPorts(env).host)}/api/dev/outbox`;
}

/** The demo logins as a plain-text table, with the mailbox URL when the dev outbox is on. */
export function demoLoginsText() {
  const outbox = devOutboxEnabled()
    ? `Mailbox (dev outbox, newest first): ${devOutboxUrl()}`
    : 'Mailbox: off (API_DEV_OUTBOX=0); activation and reset mails are not kept.';
  return `Demo logins:\n${demoLoginsTable()}\n\n${outbox}`;
}

/** The demo logins as a plain-text table. */
export function demoLoginsTable() {
  const width = Math.max(...DEMO_LOGINS.map((login) => login.email.length));
  const rows = DEMO_LOGINS.map((login) => `  ${login.email.padEnd(width)}  ${DEMO_PASSWORD}  ${login.note}`);
  return [`  ${'e-mail'.padEnd(width)}  ${'password'.padEnd(DEMO_PASSWORD.length)}  notes`, ...rows].join(
    '\n',
  );
}

/** `node --import` came with Node 20.6; an earlier Node 20 runs the start script through pnpm. */
function nodeHasImportFlag(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 20 || (major === 20 && minor >= 6);
}

/**
 * How a package's script runs. A `start` script that is `tsx [--tsconfig <file>] <file>` runs as
 * `node --import tsx <file>` (with `TSX_TSCONFIG_PATH` for the tsconfig)
 * in the package's folder: one process, where pnpm, npm's npx shim and tsx's own launcher would start
 * three more node processes per service, seconds of CPU at every start of a stack (the journeys and
 * the benchmark start several). Any other script runs through pnpm, as written.
 * @param {string} pkg @param {string} script @param {string} root the workspace
 */
export async function packageScriptCommand(pkg, script, root = repoRoot) {
  if (script === 'start' && nodeHasImportFlag()) {
    const manifest = JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8'));
    const tsxEntry = /^tsx (?:--tsconfig ([\w./-]+) )?([\w./-]+)$/.exec(manifest.scripts?.start ?? '');
    if (tsxEntry) {
      const [, tsconfig, entry] = tsxEntry;
      return {
        cmd: process.execPath,
        args: ['--import', 'tsx', entry],
        cwd: join(root, pkg),
        // tsx's loader reads `--tsconfig` from the environment.
        env: tsconfig ? { TSX_TSCONFIG_PATH: tsconfig } : {},
      };
    }
  }
  const command = await pnpmCommand(['--filter', pkg, 'run', script]);
  return { ...command, cwd: root, env: {} };
}

/**
 * The service specs for the Supervisor. `mode` is 'start' (production build) or 'dev'
 * (webpack serve with hot reload, api in watch mode). `only` limits which services start. `env`
 * places them (ports, origins, other builds): by default this process's.
 */
export async function stackServices({ mode = 'start', only = SERVICE_NAMES, env = process.env } = {}) {
  const ports = stackPorts(env);
  const hostOrigin = topology.localOrigin(ports.host);
  const script = mode === 'dev' ? 'dev' : 'start';
  // Every server of the stack: bound to this machine unless HOST says otherwise.
  const LISTEN_HOST = listenHost(env);
  const FRAME_SECRET = frameSecret(env);
  const services = [];
  const add = async (name, pkg, extraEnv, healthUrl, root = repoRoot) => {
    if (!only.includes(name)) return;
    const command = await packageScriptCommand(pkg, script, root);
    services.push({ name, ...command, env: { ...command.env, LISTEN_HOST, ...extraEnv }, healthUrl });
  };

  await add(
    'api',
    'api',
    {
      API_PORT: String(ports.api),
      // Links in mails, payment returns and passkeys name the host's origin, wherever it listens.
      API_PUBLIC_ORIGIN: env.API_PUBLIC_ORIGIN ?? hostOrigin,
      API_DEV_OUTBOX: devOutboxEnabled(env) ? '1' : '0',
      // The demo has no real payment provider: the sandbox stands in (API_PAYMENT_SANDBOX=0 turns it off).
      API_PAYMENT_SANDBOX: env.API_PAYMENT_SANDBOX === '0' ? '0' : '1',
    },
    `${topology.localOrigin(ports.api)}/healthz`,
  );
  for (const remote of REMOTES) {
    const remotePort = ports[remote.key];
    await add(
      remote.key,
      remote.pkg,
      {
        PORT: String(remotePort),
        HOST_ORIGIN: env.HOST_ORIGIN ?? hostOrigin,
        FRAME_SECRET,
        ...(env[remote.distVar] ? { REMOTE_DIST_DIR: env[remote.distVar] } : {}),
      },
      // webpack-dev-server has no /healthz; its manifest shows the first compile is done.
      `${topology.localOrigin(remotePort)}/${mode === 'dev' ? 'mf-manifest.json' : 'healthz'}`,
    );
  }
  const hostEnv = {
    HOST_PORT: String(ports.host),
    FRAME_SECRET,
    // The host passes /api/dev/outbox on only when the api keeps one.
    API_DEV_OUTBOX: devOutboxEnabled(env) ? '1' : '0',
    API_ORIGIN: env.API_ORIGIN ?? topology.localOrigin(ports.api),
    CONTENT_ORIGIN: env.CONTENT_ORIGIN ?? topology.localOrigin(ports.api),
  };
  for (const remote of REMOTES) {
    hostEnv[remote.urlVar] =
      env[remote.urlVar] ?? `${topology.localOrigin(ports[remote.key])}/mf-manifest.json`;
  }
  // The release check runs an older host, server and build, from a worktree of its release tag.
  await add(
    'host',
    'host',
    hostEnv,
    `${hostOrigin}/${mode === 'dev' ? 'en/' : 'healthz'}`,
    env.RELEASE_HOST_ROOT ?? repoRoot,
  );
  return services;
}

/** Parse `--only=a,b` into service names, rejecting unknown ones with a clear message. */
export function parseOnly(value) {
  if (!value) return SERVICE_NAMES;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !SERVICE_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown service(s) in --only: ${unknown.join(', ')}. Known: ${SERVICE_NAMES.join(', ')}.`,
    );
  }
  return names;
}

// `npm test`'s images stage: what can be checked of the container images on a machine where no
// container engine runs (see docs/operations.md, "Container images"). No image is built here. For each service
// of docker-compose.yml this
//
// 1. reads its Dockerfile: several stages, the build stage deploys with `pnpm deploy --prod`, the
//    runtime stage copies only that from it, runs as a non-root user, has a HEALTHCHECK, and starts
//    with an exec-form CMD; and checks that .dockerignore keeps node_modules, build output and data
//    out of the build context;
// 2. runs the build stage's `pnpm … deploy --prod` command into a temporary folder (the image's
//    WORKDIR), after compiling the servers (`pnpm build:server`; `pnpm build` must have run);
// 3. starts the runtime stage's CMD, word for word, in that folder with the stage's ENV (its port on a
//    spare one, data in a temporary folder), waits for 200 from /healthz, runs the HEALTHCHECK command
//    against it, makes the service's own probe where it has one (the insurance remote renders a
//    student's frame with the image's dependencies), and stops it with SIGTERM.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pnpm } from './lib/pnpm.mjs';
import { deployCommandOf, imageProblems, runtimeOf } from './lib/dockerfile.mjs';
import { formatCommand } from './lib/run.mjs';
import { sparePort } from './lib/ports.mjs';
import { repoRoot } from './lib/paths.mjs';
import { bold, green, red, step } from './lib/log.mjs';

/** The services built from a Dockerfile of this repository, with the package each one deploys. */
const SERVICES = [
  // The image runs in production mode, which needs these set (docker-compose.yml sets them).
  {
    service: 'api',
    pkg: 'api',
    env: { CONTENT_API_KEY: 'images-check-key', API_PUBLIC_ORIGIN: 'http://localhost:8080' },
  },
  { service: 'remote-account', pkg: 'remote-account' },
  // Its server renders a student's own My Insurance frame: the deployed image must be able to.
  {
    service: 'remote-insurance',
    pkg: 'remote-insurance',
    probe: {
      path: '/frames',
      method: 'POST',
      body: {
        route: 'insurances',
        locale: 'en-GB',
        profileId: 'P-1',
        answers: { 'api/en/profiles/P-1/policies': [] },
      },
      expect: 'My Insurance',
    },
  },
  { service: 'remote-billing', pkg: 'remote-billing' },
  { service: 'remote-service', pkg: 'remote-service' },
  { service: 'host', pkg: 'host' },
];
/** What .dockerignore must keep out of every build context. */
const IGNORED = ['node_modules', '**/node_modules', '**/dist', '**/dist-server', '**/.data'];
const START_TIMEOUT_MS = 120_000;
/** The probe asks for a frame as the host does: with the secret the service is started with. */
const FRAME_SECRET = randomBytes(32).toString('base64url');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `argv` in `cwd` and waits until `url` answers 200; returns the child and its exit. */
async function startAndWait(argv, cwd, env, url) {
  const [cmd, ...args] = argv;
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  /** @type {{ gone: { code: number | null, signal: NodeJS.Signals | null } | null }} */
  const exit = { gone: null };
  void exited.then((result) => (exit.gone = result));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { gone } = exit;
    if (gone)
      throw new Error(`"${formatCommand(cmd, args)}" exited (${gone.signal ?? `code ${gone.code}`}).`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { child, exited };
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s.`);
}

function runQuiet(argv, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: 'inherit' });
    child.on('error', () => resolve(-1));
    child.on('exit', (code) => resolve(code));
  });
}

/** @param {{ service: string, pkg: string, probe?: { path: string, method: string, body: unknown, expect: string }, env?: Record<string, string> }} image */
async function checkImage({ service, pkg, probe, env: settings = {} }) {
  const dockerfile = join(pkg, 'Dockerfile');
  const runtime = runtimeOf(readFileSync(join(repoRoot, dockerfile), 'utf8'));
  const deploy = deployCommandOf(runtime.stages);
  const problems = imageProblems(runtime, deploy);
  if (problems.length > 0) throw new Error(`${dockerfile}: ${problems.join('; ')}.`);

  const workdir = mkdtempSync(join(tmpdir(), `portal-image-${service}-`));
  const dataDir = mkdtempSync(join(tmpdir(), `portal-image-${service}-data-`));
  try {
    // The deploy target must not exist yet; the folder stands in for the image's WORKDIR.
    rmSync(workdir, { recursive: true, force: true });
    await pnpm([...deploy.slice(0, -1), workdir]);

    const port = await sparePort();
    const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? tmpdir(), FRAME_SECRET, ...settings };
    for (const [name, value] of Object.entries(runtime.env)) {
      // The exposed port moves to a spare one; a data folder to a temporary one; listen on loopback only.
      if (runtime.expose.includes(value)) env[name] = String(port);
      else if (value.startsWith('/')) env[name] = dataDir;
      else if (name === 'LISTEN_HOST') env[name] = '127.0.0.1';
      else env[name] = value;
    }
    const url = `http://127.0.0.1:${port}/healthz`;
    // imageProblems() refuses an image without CMD, so there is one here.
    const command = runtime.cmd ?? [];
    console.log(`${service}: ${formatCommand(command[0], command.slice(1))} (in the deployed ${pkg})`);
    const { child, exited } = await startAndWait(command, workdir, env, url);
    let health;
    try {
      health = await runQuiet(runtime.healthcheck, workdir, env);
      if (probe) await checkProbe(service, port, probe);
    } finally {
      child.kill('SIGTERM');
    }
    const stopped = await Promise.race([exited, sleep(15_000).then(() => null)]);
    if (!stopped) child.kill('SIGKILL');
    if (health !== 0) throw new Error(`${service}: the HEALTHCHECK command exited with ${health}.`);
    if (!stopped || stopped.code !== 0)
      throw new Error(
        `${service} did not stop cleanly on SIGTERM (${stopped ? (stopped.signal ?? stopped.code) : 'still running after 15 s'}).`,
      );
    console.log(green(`${service}: /healthz answered 200, the HEALTHCHECK passed, SIGTERM stopped it`));
  } finally {
    rmSync(workdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A request the deployed service must answer with 200 and a body that contains `expect`: what its
 * /healthz cannot show (a remote's server rendering its pages with the image's own dependencies).
 * @param {string} service @param {number} port
 * @param {{ path: string, method: string, body: unknown, expect: string }} probe
 */
async function checkProbe(service, port, probe) {
  const response = await fetch(`http://127.0.0.1:${port}${probe.path}`, {
    method: probe.method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${FRAME_SECRET}` },
    body: JSON.stringify(probe.body),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes(probe.expect))
    throw new Error(
      `${service}: ${probe.method} ${probe.path} answered ${response.status}: ${text.slice(0, 200)}`,
    );
  console.log(green(`${service}: ${probe.method} ${probe.path} answered 200 with "${probe.expect}"`));
}

async function main() {
  const ignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const missing = IGNORED.filter((entry) => !ignore.includes(entry));
  if (missing.length > 0) throw new Error(`.dockerignore does not leave out: ${missing.join(', ')}.`);

  const unbuilt = SERVICES.filter(({ pkg }) => pkg !== 'api' && !existsSync(join(repoRoot, pkg, 'dist')));
  if (unbuilt.length > 0)
    throw new Error(`No dist/ in ${unbuilt.map(({ pkg }) => pkg).join(', ')}: run "pnpm build" first.`);
  step('Compiling the servers (pnpm build:server)');
  await pnpm(['build:server']);

  // Three at a time: a deploy mostly waits on the disk, a start on the network; one at a time took
  // over a minute on two cores. Every image is checked, and every failure named.
  const queue = [...SERVICES];
  const failures = [];
  const worker = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      step(`Image ${image.service}: deploy, start command, /healthz`);
      await checkImage(image).catch((error) => failures.push(error.message));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  if (failures.length > 0) throw new Error(failures.join('\n'));
  console.log(bold(green(`\nAll ${SERVICES.length} images' start commands answer /healthz.`)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(red(`Images check failed: ${error.message}`));
    process.exit(1);
  });
}

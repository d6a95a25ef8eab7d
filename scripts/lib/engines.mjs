// `npm test`'s engines stage: the core journeys (e2e/engines/) in WebKit and in Firefox, with the
// engines Debian packages: WebKitGTK (`webkit2gtk-driver`: WebKitWebDriver driving MiniBrowser, under
// `xvfb-run`) and Firefox ESR (`firefox-esr`, driven over WebDriver BiDi). As root on Debian/Ubuntu the
// packages are installed with apt-get when missing; an engine that cannot be had is skipped with a
// loud note, never counted as passed.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDebianLike, isRoot } from './chromium.mjs';
import { bold, green, loud, red, step } from './log.mjs';
import { repoRoot } from './paths.mjs';
import { busyPorts, describeBusy } from './ports.mjs';
import { run } from './run.mjs';
import { stackPorts, stackServices } from './stack.mjs';
import { Supervisor } from './supervisor.mjs';

/** The tag-manager container the engines' host runs with (e2e/engines/journeys.ts checks it). */
const ENGINES_GTM_ID = 'GTM-PORTAL1';

/** The Debian packages each engine needs. */
export const ENGINE_PACKAGES = {
  webkit: ['webkit2gtk-driver', 'xvfb'],
  firefox: ['firefox-esr'],
};

/** MiniBrowser sits in the multiarch folder of WebKitGTK's API version (4.1 on bookworm). */
function findMiniBrowser() {
  if (process.env.WEBKIT_BROWSER) return process.env.WEBKIT_BROWSER;
  let folders = [];
  try {
    folders = readdirSync('/usr/lib');
  } catch {
    return null;
  }
  for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
    for (const folder of folders) {
      const path = join('/usr/lib', folder, api, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  }
  return null;
}

/**
 * What each engine needs on this machine: `{ engine, env, missing }`, where `env` tells the journeys
 * the paths and `missing` names the files that are not there.
 */
export function locateEngines() {
  const driver = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
  const xvfbRun = process.env.XVFB_RUN ?? '/usr/bin/xvfb-run';
  const browser = findMiniBrowser();
  const firefox = process.env.FIREFOX_BINARY ?? '/usr/bin/firefox-esr';
  return [
    {
      engine: 'webkit',
      env: { WEBKIT_DRIVER: driver, XVFB_RUN: xvfbRun, ...(browser ? { WEBKIT_BROWSER: browser } : {}) },
      missing: [
        ...[driver, xvfbRun].filter((path) => !existsSync(path)),
        ...(browser ? [] : ['MiniBrowser (webkit2gtk-4.1)']),
      ],
    },
    { engine: 'firefox', env: { FIREFOX_BINARY: firefox }, missing: existsSync(firefox) ? [] : [firefox] },
  ];
}

/**
 * The engines that can run here, installing the missing ones with apt-get as root on Debian/Ubuntu.
 * Resolves to `{ available, unavailable: [{ engine, reason }] }`.
 */
export async function findEngines() {
  let engines = locateEngines();
  const missing = engines.filter((entry) => entry.missing.length > 0);
  if (missing.length > 0 && isRoot() && isDebianLike()) {
    const packages = missing.flatMap((entry) => ENGINE_PACKAGES[entry.engine]);
    step(`Installing ${packages.join(', ')} with apt-get`);
    const started = Date.now();
    try {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      await run('apt-get', ['update'], { env });
      await run('apt-get', ['install', '-y', ...packages], { env });
      console.log(
        `apt-get installed ${packages.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    } catch (error) {
      loud(`apt-get could not install ${packages.join(', ')}: ${error.message}`);
    }
    engines = locateEngines();
  }
  const why = (entry) =>
    `${entry.missing.join(', ')} missing` +
    (isRoot() && isDebianLike()
      ? ''
      : ` (install ${ENGINE_PACKAGES[entry.engine].join(' ')} as root on Debian/Ubuntu)`);
  return {
    available: engines.filter((entry) => entry.missing.length === 0),
    unavailable: engines
      .filter((entry) => entry.missing.length > 0)
      .map((entry) => ({ engine: entry.engine, reason: why(entry) })),
  };
}

/** The servers a student's browser reaches: the host and the remotes (the api sits behind the host). */
const REACHABLE = ['host', 'account', 'insurance', 'billing', 'service'];

/**
 * A small HTTP endpoint on 127.0.0.1 for the journeys: POST /stack/down stops every server the
 * browser reaches (WebDriver has no offline switch; a portal nobody reaches is what a student without a
 * network gets), POST /stack/up starts them again and answers when they are healthy.
 */
async function startStackControl(supervisor) {
  const server = createServer((request, response) => {
    const action = request.method === 'POST' ? /^\/stack\/(down|up)$/.exec(request.url ?? '')?.[1] : null;
    if (!action) {
      response.writeHead(404).end();
      return;
    }
    const work =
      action === 'down'
        ? Promise.all(REACHABLE.map((name) => supervisor.stop(name)))
        : Promise.all(REACHABLE.map((name) => supervisor.startAgain(name)));
    work.then(
      () => response.writeHead(204).end(),
      (error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error.message)),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * Starts the production stack (built dist/ folders, fresh data, payment sandbox and dev outbox on,
 * on the ports of the env) and runs each available engine's journeys with node's test runner.
 * Resolves to `{ ran, unavailable }`; rejects when a journey fails.
 */
export async function runEngineJourneys() {
  const found = await findEngines();
  // ENGINES=webkit (or firefox) runs one engine only; the other is then reported as skipped.
  const chosen = (process.env.ENGINES ?? 'webkit,firefox').split(',').map((name) => name.trim());
  const available = found.available.filter((entry) => chosen.includes(entry.engine));
  const unavailable = [
    ...found.unavailable,
    ...found.available
      .filter((entry) => !chosen.includes(entry.engine))
      .map((entry) => ({ engine: entry.engine, reason: `not selected (ENGINES=${process.env.ENGINES})` })),
  ];
  for (const { engine, reason } of unavailable) {
    loud(`The ${engine} journeys are SKIPPED: ${reason}.\nThey prove nothing about ${engine} on this run.`);
  }
  if (available.length === 0) return { ran: [], unavailable };

  const ports = stackPorts();
  const busy = await busyPorts({
    host: ports.host,
    'remote-account': ports.account,
    'remote-insurance': ports.insurance,
    'remote-billing': ports.billing,
    'remote-service': ports.service,
    api: ports.api,
  });
  if (busy.length > 0)
    throw new Error(`The engines stage starts its own portal, but:\n${describeBusy(busy)}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-engines-'));
  const resultsDir = join(repoRoot, 'e2e', 'test-results', 'engines');
  rmSync(resultsDir, { recursive: true, force: true });
  const supervisor = new Supervisor();
  supervisor.stopOnSignals();
  let control;
  const failed = [];
  try {
    step('Starting the production stack for the engine journeys');
    const apiEnv = {
      API_RESET: '1',
      API_DATA_DIR: dataDir,
      // Every journey logs in; production keeps the strict defaults (see api/README.md).
      API_RATE_LIMIT_AUTH: '10000',
      API_RATE_LIMIT_CONTENT: '100000',
      API_MAIL_LIMIT_PER_HOUR: '10000',
    };
    for (const service of await stackServices({ mode: 'start' })) {
      supervisor.start({
        ...service,
        env: {
          ...service.env,
          LOG_LEVEL: 'warn',
          ...(service.name === 'api' ? apiEnv : {}),
          // The consent journey checks that the tag manager starts only once it is accepted.
          ...(service.name === 'host' ? { GTM_ID: ENGINES_GTM_ID } : {}),
        },
      });
    }
    await supervisor.waitHealthy();
    control = await startStackControl(supervisor);

    for (const [index, entry] of available.entries()) {
      // Each engine starts from the demo data: an invoice paid in one is open again for the next.
      if (index > 0) await supervisor.restart('api', 'SIGTERM', { env: { API_RESET: '1' } });
      step(`${entry.engine}: the core journeys`);
      try {
        await run(
          process.execPath,
          ['--import', 'tsx', '--test', '--test-concurrency=1', `engines/${entry.engine}.test.ts`],
          {
            cwd: join(repoRoot, 'e2e'),
            env: {
              ...process.env,
              ...entry.env,
              ENGINES_STACK_CONTROL: control.url,
              ENGINES_RESULTS_DIR: resultsDir,
            },
          },
        );
        console.log(green(`${entry.engine}: every journey passed`));
      } catch (error) {
        failed.push(entry.engine);
        console.log(red(`${entry.engine}: ${error.message}`));
      }
    }
  } finally {
    control?.server.close();
    await supervisor.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed.length > 0) {
    console.log(bold(`Screenshots of the failing pages: ${resultsDir}`));
    throw new Error(`engine journeys failed in ${failed.join(' and ')} (screenshots in ${resultsDir})`);
  }
  return { ran: available.map((entry) => entry.engine), unavailable };
}

// `npm run bench`: starts the production stack and measures what a visitor downloads,
// Lighthouse's mobile scores for the login page, and the api's own benchmark.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensurePnpm, pnpm, pnpmCommand } from './lib/pnpm.mjs';
import { findChromium } from './lib/chromium.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { DEMO_PASSWORD, REMOTES, stackPorts, stackServices } from './lib/stack.mjs';
import { repoRoot } from './lib/paths.mjs';
import { bold, loud, red, step } from './lib/log.mjs';
import { busyPorts, describeBusy } from './lib/ports.mjs';
import {
  DEFAULT_CPU_SLOWDOWN,
  REFERENCE_BENCHMARK_INDEX,
  cpuSlowdownFor,
  machineBenchmarkIndex,
  timeToUse,
} from './lib/use-timing.mjs';
import { pageTable } from './lib/page-table.mjs';

const USAGE = `Usage: npm run bench [-- options]

Builds when a dist/ folder is missing, starts the production stack on the product ports and
prints: the first load of /en/login and /en/insurances (logged in) as bytes on the wire (every
response, compressed as it travels) and its JS, each remoteEntry.js, the median of Lighthouse
mobile runs of both pages (performance, LCP, TBT, CLS; the logged-in page with the session
cookie), and the api benchmark.

With --load it runs the load test instead: autocannon through the host (loopback only) for
--seconds (default 40, at most 60) with logged-in page and api reads, claims and contact requests;
a third of the way in the insurance remote is restarted (SIGTERM), half-way the api is killed
(SIGKILL) and started again. It prints requests per second, latency and errors for the host, and
checks that every claim and contact request answered with 2xx is in the database afterwards (exit
code 1 when one is missing).

Options:
  --load            run the load test with a fault (see above) instead of the other figures
  --replicas        with --load: on a throwaway PostgreSQL, the load with one api replica and then
                    with two behind the host (the second killed half-way), figures side by side
  --seconds=N       length of the load test in seconds (default 40, at most 60)
  --connections=N   concurrent connections of the load test (default 10)
  --no-lighthouse   skip Lighthouse
  --no-use          skip the time-to-use figures (login usable, policies on screen)
  --runs=N          Lighthouse runs and time-to-use visits per page, median printed (default 5)
  --cpu=N           CPU slowdown for Lighthouse and the time-to-use visits (default: calibrated from
                    this machine's benchmarkIndex to 4x on the reference machine, index ${REFERENCE_BENCHMARK_INDEX})
  --no-api          skip the api benchmark
  --pages           only the table of every page: each page a student reaches from the navigation
                    and each public page, cold (data visible, interactive), every move between two
                    remotes and one inside a remote, INP of three interactions, the bytes fetched
                    ahead of need; under applied throttling, median of --runs (default 3 here)
  --only=A,B        with --pages: only the rows whose name contains A or B (e.g. --only=faq,Invoices)
  --no-pages        skip that table
  --files           also list every file of the first loads, with its size on the wire
  -h, --help        show this help`;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
const LIGHTHOUSE_DEBUG_PORT = 9222 + 1000 + Math.floor(Math.random() * 500);

/** The mark the host sets when it starts fetching ahead of need (host/src/features/remotes/fetch-ahead.ts). */
const FETCH_AHEAD_MARK = 'portal-fetch-ahead';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The number on anna's first policy card: what "policies on screen" waits for. */
async function firstPolicyNumber(browser, host, storageState) {
  const context = await browser.newContext({ storageState });
  try {
    const session = await (await context.request.get(`${host}/api/checksession`)).json();
    const policies = await (
      await context.request.get(`${host}/api/en/profiles/${session.profileId}/policies`)
    ).json();
    const first = policies[0];
    if (!first) throw new Error('anna has no policy to wait for.');
    return String(first.policyNumber ?? first.applicationNumber);
  } finally {
    await context.close();
  }
}

/** Logs in through the form like a visitor and returns the browser state (the session cookie). */
async function loggedInState(browser, host, email) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL('/en/login', host).href);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/en\/insurances/, { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * What a fresh visit (empty cache) receives until the network is idle: every response's size on the
 * wire (headers and body as they travel, compressed when the server compressed it), and the same for
 * its scripts alone.
 */
async function firstLoad(browser, url, storageState) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then(
        (sizes) => ({
          url: request.url(),
          started: request.timing().startTime,
          script: request.resourceType() === 'script',
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
        }),
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // What the page fetched once idle, ahead of need (the other remotes), is counted on its own.
  const aheadFrom = await page.evaluate((name) => {
    const mark = performance.getEntriesByName(name)[0];
    return mark ? performance.timeOrigin + mark.startTime : Number.POSITIVE_INFINITY;
  }, FETCH_AHEAD_MARK);
  const all = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const files = all.filter((file) => file.started < aheadFrom);
  const ahead = all.filter((file) => file.started >= aheadFrom);
  const sum = (list) => list.reduce((total, file) => total + file.wire, 0);
  const scripts = files.filter((file) => file.script);
  return {
    list: files,
    files: files.length,
    wire: sum(files),
    scripts: scripts.length,
    scriptWire: sum(scripts),
    ahead: ahead.length,
    aheadWire: sum(ahead),
  };
}

const median = (values) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Size of each remote's entry file as it travels (brotli), found through its mf-manifest.json. */
async function remoteEntrySizes(ports) {
  const rows = [];
  for (const remote of REMOTES) {
    const origin = `http://localhost:${ports[remote.key]}`;
    let name = 'remoteEntry.js';
    try {
      const manifest = await (await fetch(`${origin}/mf-manifest.json`)).json();
      name = manifest?.metaData?.remoteEntry?.name || name;
    } catch {
      // Fall back to the conventional name.
    }
    // node's fetch would decompress the body: ask with a raw request to count what travels.
    const wire = await encodedLength(`${origin}/${name}`);
    rows.push({ remote: remote.pkg, file: name, ...wire });
  }
  return rows;
}

/** The body length of a response as it travels (brotli when offered), and its encoding. */
function encodedLength(url) {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve({ wire: bytes, encoding: response.headers['content-encoding'] ?? 'none' })
          : reject(new Error(`${url} answered ${response.statusCode}.`)),
      );
    });
    request.on('error', reject);
  });
}

/**
 * One Lighthouse run (default config: mobile, simulated slow 4G) against a Chromium we launched, each
 * with a fresh profile (an empty cache). With `cookies` (a logged-in student's, as Playwright's
 * storage state lists them) the browser holds them in its own cookie jar, as the student's does, and
 * Lighthouse leaves the origin's storage as it is. A `Cookie` header of Lighthouse's instead would be
 * dropped as soon as the page sets a cookie of its own (the language), and the page would see no session.
 */
async function lighthouseRun(chromium, executablePath, url, cookies, cpuSlowdown) {
  const { default: lighthouse } = await import('lighthouse');
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${LIGHTHOUSE_DEBUG_PORT}`],
  });
  try {
    if (cookies) {
      const cdp = await browser.newBrowserCDPSession();
      await cdp.send('Storage.setCookies', {
        cookies: cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
          name,
          value,
          domain,
          path,
          httpOnly,
          secure,
          sameSite,
          ...(expires > 0 ? { expires } : {}),
        })),
      });
      await cdp.detach();
    }
    const result = await lighthouse(url, {
      port: LIGHTHOUSE_DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      // The browser is new, so its cache is empty; only the cookies set above are kept.
      ...(cookies ? { disableStorageReset: true } : {}),
    });
    const lhr = result?.lhr;
    const score = (key) => Math.round((lhr?.categories?.[key]?.score ?? 0) * 100);
    const audit = (key) => lhr?.audits?.[key]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalUrl: lhr?.finalDisplayedUrl ?? lhr?.finalUrl ?? url,
      benchmarkIndex: lhr?.environment?.benchmarkIndex ?? Number.NaN,
      // Lighthouse could not record the load at all (e.g. NO_NAVSTART): no figure of it counts.
      failed: Boolean(lhr?.runtimeError) || !lhr,
      problems: [
        lhr?.runtimeError?.message,
        ...['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
          (key) => lhr?.audits?.[key]?.errorMessage,
        ),
      ].filter(Boolean),
    };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse now and then fails to record a page load at all (NO_NAVSTART, about one run in ten here):
 * such a run is made again, up to this many attempts in all, instead of entering the median as a 0.
 */
const LIGHTHOUSE_ATTEMPTS = 3;

/** The median of `runs` Lighthouse runs of a page, per figure. */
async function lighthouseMedian(chromium, executablePath, url, runs, cookies, cpuSlowdown) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    let result = await lighthouseRun(chromium, executablePath, url, cookies, cpuSlowdown);
    for (let retry = 1; result.failed && retry < LIGHTHOUSE_ATTEMPTS; retry += 1) {
      console.log(`  run ${run + 1}: not recorded (${result.problems[0] ?? 'no result'}), run again`);
      result = await lighthouseRun(chromium, executablePath, url, cookies, cpuSlowdown);
    }
    results.push(result);
    console.log(
      `  run ${run + 1}: performance ${result.performance}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}, benchmarkIndex ${Math.round(result.benchmarkIndex)}${result.problems.length ? `; ${result.problems.join('; ')}` : ''}`,
    );
  }
  // A run whose audit failed has no figure: the median is taken over the runs that have one.
  const recorded = results.filter((result) => !result.failed);
  const pick = (key) => median(recorded.map((result) => result[key]).filter((value) => !Number.isNaN(value)));
  const landed = results.map((result) => new URL(result.finalUrl).pathname);
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    benchmarkIndex: pick('benchmarkIndex'),
    landed: [...new Set(landed)].join(', '),
  };
}

/** Runs `pnpm --filter api bench`, echoing and returning its output. */
async function apiBench() {
  const command = await pnpmCommand(['--filter', 'api', 'run', 'bench']);
  return new Promise((resolve, reject) => {
    const child = spawn(command.cmd, command.args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`pnpm --filter api bench exited with code ${code}.`)),
    );
  });
}

/**
 * Stops before anything starts when a port of the stack is taken: a server already running there
 * would answer in place of ours, and the figures (or the load) would be another stack's.
 */
async function ensurePortsFree() {
  const busy = await busyPorts(stackPorts());
  if (busy.length > 0) {
    throw new Error(
      `${describeBusy(busy).trimStart()}\nStop what runs there or choose other ports (HOST_PORT, REMOTE_*_PORT, API_PORT).`,
    );
  }
}

/** Builds when a dist/ folder is missing. */
async function ensureBuilt() {
  const built = ['host', ...REMOTES.map((remote) => remote.pkg)].every((pkg) =>
    existsSync(join(repoRoot, pkg, 'dist')),
  );
  if (!built) {
    step('Building (a dist/ folder is missing)');
    await pnpm(['build']);
  }
}

/** `--load`: the production stack under load through the host, with a remote and the api restarted. */
async function loadBench(values) {
  const { LOAD_ENV, MAX_LOAD_SECONDS, persistedSubmissions, runLoad } = await import('./lib/load.mjs');
  await ensureBuilt();
  await ensurePortsFree();
  const seconds = Math.min(MAX_LOAD_SECONDS, Math.max(5, Number.parseInt(values.seconds, 10) || 40));
  const connections = Math.max(1, Number.parseInt(values.connections, 10) || 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
  Object.assign(process.env, LOAD_ENV, { API_RESET: '1', API_DATA_DIR: dataDir });
  const supervisor = new Supervisor();
  supervisor.stopOnSignals();
  step('Starting the production stack');
  for (const service of await stackServices({ mode: 'start' })) {
    supervisor.start({ ...service, env: { ...service.env, LOG_LEVEL: 'warn' } });
  }
  let run;
  try {
    await supervisor.waitHealthy();
    const host = `http://localhost:${stackPorts().host}`;
    step(`Load through ${host} for ${seconds} s, ${connections} connections, with a fault`);
    run = await runLoad({
      host,
      seconds,
      connections,
      faults: [
        {
          at: seconds / 3,
          name: 'insurance remote restarted (SIGTERM)',
          run: () => supervisor.restart('insurance', 'SIGTERM'),
        },
        {
          at: seconds / 2,
          name: 'api killed (SIGKILL), restarted',
          // Restarted on the same data: API_RESET=1 would reseed and wipe what was written.
          run: () => supervisor.restart('api', 'SIGKILL', { env: { API_RESET: '0' } }),
        },
      ],
    });
  } finally {
    await supervisor.stopAll();
  }
  step('Reading the acknowledged submissions back from the database');
  let persisted;
  try {
    persisted = await persistedSubmissions({ databaseUrl: process.env.DATABASE_URL, dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const missingClaims = run.acknowledged.claims.filter((number) => !persisted.claims.has(number));
  const missingContacts = run.acknowledged.contacts.filter((marker) => !persisted.contacts.has(marker));

  const { result } = run;
  const figures = [
    ['load', `${run.duration} s, ${connections} connections, through the host (loopback)`],
    ['host requests per second', `${result.requests.average.toFixed(0)} (${result.requests.total} requests)`],
    [
      'host latency',
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    ],
    ['host 2xx per second', (result['2xx'] / run.duration).toFixed(0)],
    [
      'host status codes',
      Object.entries(result.statusCodeStats ?? {})
        .map(([code, { count }]) => `${code} ${count}`)
        .join(', '),
    ],
    [
      'host answers',
      `2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    ],
    ...Object.entries(run.kinds).map(([kind, { ok, failed }]) => [kind, `2xx ${ok}, other ${failed}`]),
    ...run.outages.map((outage) => [
      outage.name,
      `at ${outage.at.toFixed(1)} s, healthy again after ${(outage.ms / 1000).toFixed(1)} s`,
    ]),
    [
      'acknowledged, in the database',
      `claims ${run.acknowledged.claims.length - missingClaims.length}/${run.acknowledged.claims.length}, contact requests ${run.acknowledged.contacts.length - missingContacts.length}/${run.acknowledged.contacts.length}`,
    ],
  ];
  const width = Math.max(...figures.map(([name]) => name.length));
  console.log(`\n${bold('Load with a fault')}`);
  for (const [name, value] of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
  if (missingClaims.length > 0 || missingContacts.length > 0) {
    throw new Error(
      `acknowledged but not in the database: ${missingClaims.length} claims (${missingClaims.slice(0, 5).join(', ')}), ${missingContacts.length} contact requests.`,
    );
  }
}

/** The port of the second api replica of `--load --replicas`: beside the product ports. */
const SECOND_API_PORT_OFFSET = 20;

/**
 * `--load --replicas`: the same load through the host on a throwaway PostgreSQL, first with one api
 * replica, then with two (the second killed with SIGKILL half-way), so that the figures compare.
 */
async function replicasLoadBench(values) {
  const { LOAD_ENV, MAX_LOAD_SECONDS, persistedSubmissions, runLoad } = await import('./lib/load.mjs');
  const { withPostgres } = await import('./lib/postgres.mjs');
  await ensureBuilt();
  await ensurePortsFree();
  const seconds = Math.min(MAX_LOAD_SECONDS, Math.max(5, Number.parseInt(values.seconds, 10) || 20));
  const connections = Math.max(1, Number.parseInt(values.connections, 10) || 10);
  const ports = stackPorts();
  const secondPort = ports.api + SECOND_API_PORT_OFFSET;
  const rows = [];
  const ran = await withPostgres(async (databaseUrl) => {
    for (const replicas of [1, 2]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
      const origins = [`http://localhost:${ports.api}`, `http://localhost:${secondPort}`].slice(0, replicas);
      Object.assign(process.env, LOAD_ENV, {
        API_RESET: '1',
        API_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        API_ORIGIN: origins.join(','),
        CONTENT_ORIGIN: origins[0],
      });
      const supervisor = new Supervisor();
      supervisor.stopOnSignals();
      step(`Starting the production stack with ${replicas} api replica(s) on PostgreSQL`);
      const services = await stackServices({ mode: 'start' });
      const api = services.find((service) => service.name === 'api');
      // The first replica migrates and seeds; the second starts on that database as it is.
      supervisor.start({ ...api, env: { ...api.env, LOG_LEVEL: 'warn' } });
      await supervisor.waitHealthy();
      if (replicas === 2)
        supervisor.start({
          ...api,
          name: 'api-2',
          env: { ...api.env, API_PORT: String(secondPort), API_RESET: '0', LOG_LEVEL: 'warn' },
          healthUrl: `http://localhost:${secondPort}/healthz`,
        });
      for (const service of services.filter((candidate) => candidate.name !== 'api'))
        supervisor.start({ ...service, env: { ...service.env, LOG_LEVEL: 'error' } });
      let run;
      try {
        await supervisor.waitHealthy();
        step(`Load through the host for ${seconds} s, ${connections} connections, ${replicas} replica(s)`);
        run = await runLoad({
          host: `http://localhost:${ports.host}`,
          seconds,
          connections,
          faults:
            replicas === 2
              ? [
                  {
                    at: seconds / 2,
                    name: 'second replica killed (SIGKILL)',
                    run: async () => {
                      const started = Date.now();
                      await supervisor.stop('api-2', 'SIGKILL');
                      return Date.now() - started;
                    },
                  },
                ]
              : [],
        });
      } finally {
        await supervisor.stopAll();
      }
      const persisted = await persistedSubmissions({ databaseUrl, dataDir });
      rmSync(dataDir, { recursive: true, force: true });
      const missingClaims = run.acknowledged.claims.filter((number) => !persisted.claims.has(number));
      const missingContacts = run.acknowledged.contacts.filter((marker) => !persisted.contacts.has(marker));
      if (missingClaims.length + missingContacts.length > 0)
        loud(
          `${replicas} replica(s): not in the database: claims ${missingClaims.slice(0, 5).join(', ')} (${missingClaims.length}), contact requests ${missingContacts.slice(0, 3).join(', ')} (${missingContacts.length}); in the database: ${persisted.claims.size} claims, ${persisted.contacts.size} contact requests`,
        );
      const missing = missingClaims.length + missingContacts.length;
      rows.push({ replicas, run, missing });
    }
    return true;
  });
  if (!ran) return;
  console.log(`\n${bold('Load through the host on PostgreSQL: one api replica, then two')}`);
  console.log(`  ${seconds} s each, ${connections} connections; with two, the second is killed half-way`);
  for (const { replicas, run, missing } of rows) {
    const { result } = run;
    console.log(
      `  ${replicas} replica${replicas === 1 ? ' ' : 's'}  ${result.requests.average.toFixed(0)} requests/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, 2xx ${result['2xx']}, non-2xx ${result.non2xx}, ` +
        `errors ${result.errors}; ${Object.entries(run.kinds)
          .map(([kind, { ok, failed }]) => `${kind} ${ok}/${ok + failed}`)
          .join(', ')}; acknowledged claims ${run.acknowledged.claims.length}, contact requests ` +
        `${run.acknowledged.contacts.length}, missing in the database ${missing}`,
    );
  }
  const lost = rows.reduce((sum, row) => sum + row.missing, 0);
  if (lost > 0) throw new Error(`${lost} acknowledged submissions are not in the database.`);
}

/** `--pages`: this machine's index and the calibration, then the table of every page alone. */
async function onlyPageTable({ browser, host, anna, runs, fixedCpu, figures, only }) {
  step('This machine');
  const benchmarkIndex = await machineBenchmarkIndex(browser);
  const cpuSlowdown = cpuSlowdownFor(benchmarkIndex, fixedCpu);
  if (benchmarkIndex < REFERENCE_BENCHMARK_INDEX / DEFAULT_CPU_SLOWDOWN)
    loud(
      `benchmarkIndex ${benchmarkIndex} is far below the reference machine's ${REFERENCE_BENCHMARK_INDEX}: measure on a quiet machine.`,
    );
  figures.push(['this machine', `benchmarkIndex ${benchmarkIndex}; CPU slowdown ${cpuSlowdown}x`]);
  const chen = await loggedInState(browser, host, 'chen.li@example.com');
  step(`Every page and move, applied throttling (slow 4G, CPU ${cpuSlowdown}x, cold), median of ${runs}`);
  await pageTable({ browser, host, anna, chen, runs, cpuSlowdown, benchmarkIndex, only });
}

async function main() {
  const { values } = parseArgs({
    options: {
      'no-lighthouse': { type: 'boolean', default: false },
      'no-api': { type: 'boolean', default: false },
      files: { type: 'boolean', default: false },
      runs: { type: 'string' },
      cpu: { type: 'string' },
      'no-use': { type: 'boolean', default: false },
      pages: { type: 'boolean', default: false },
      only: { type: 'string' },
      'no-pages': { type: 'boolean', default: false },
      load: { type: 'boolean', default: false },
      replicas: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '40' },
      connections: { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  await ensurePnpm();
  if (values.load && values.replicas) {
    await replicasLoadBench(values);
    return;
  }
  if (values.load) {
    await loadBench(values);
    return;
  }
  await ensureBuilt();
  await ensurePortsFree();

  const executablePath = await findChromium();
  const { chromium } = createRequire(join(repoRoot, 'e2e', 'package.json'))('@playwright/test');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  process.env.API_RESET = '1';
  process.env.API_DATA_DIR = dataDir;

  const supervisor = new Supervisor();
  const cleanUp = async () => {
    await supervisor.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  };
  supervisor.stopOnSignals();
  step('Starting the production stack');
  for (const service of await stackServices({ mode: 'start' })) {
    // Keep the figures readable: the servers' own logs are not needed here.
    supervisor.start({ ...service, env: { ...service.env, LOG_LEVEL: 'warn' } });
  }
  const figures = [];
  try {
    await supervisor.waitHealthy();
    const ports = stackPorts();
    const host = `http://localhost:${ports.host}`;

    const runs = Math.max(1, Number.parseInt(values.runs ?? (values.pages ? '3' : '5'), 10) || 5);
    const fixedCpu = values.cpu === undefined ? undefined : Number(values.cpu);
    if (fixedCpu !== undefined && !(fixedCpu >= 1)) throw new Error('--cpu must be a number of 1 or more.');
    step('First load, bytes on the wire');
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const listFiles = (visit) => {
      if (!values.files) return;
      for (const file of [...visit.list].sort((a, b) => b.wire - a.wire))
        console.log(`  ${kb(file.wire).padStart(9)}  ${new URL(file.url).host}${new URL(file.url).pathname}`);
    };
    let anna;
    let benchmarkIndex = Number.NaN;
    let cpuSlowdown = 4;
    try {
      anna = await loggedInState(browser, host, 'anna.devries@example.com');
      if (values.pages) {
        const only = (values.only ?? '').split(',').filter(Boolean);
        await onlyPageTable({ browser, host, anna, runs, fixedCpu, figures, only });
        return;
      }
      for (const [label, path, state] of [
        ['/en/login', '/en/login', undefined],
        ['/en/insurances, logged in', '/en/insurances', anna],
      ]) {
        const visit = await firstLoad(browser, `${host}${path}`, state);
        listFiles(visit);
        figures.push([
          `first load ${label}, on the wire`,
          `${kb(visit.wire)} in ${visit.files} responses; scripts ${kb(visit.scriptWire)} in ${visit.scripts}`,
        ]);
        figures.push([
          `  then fetched ahead of need, once idle`,
          `${kb(visit.aheadWire)} in ${visit.ahead} responses`,
        ]);
      }

      step('This machine');
      benchmarkIndex = await machineBenchmarkIndex(browser);
      cpuSlowdown = cpuSlowdownFor(benchmarkIndex, fixedCpu);
      if (benchmarkIndex < REFERENCE_BENCHMARK_INDEX / DEFAULT_CPU_SLOWDOWN) {
        loud(
          `benchmarkIndex ${benchmarkIndex} is far below the reference machine's ${REFERENCE_BENCHMARK_INDEX}: ` +
            'this machine is busy or slow, and no slowdown can make its figures comparable. Measure on a quiet machine.',
        );
      }
      figures.push([
        'this machine',
        `benchmarkIndex ${benchmarkIndex}; CPU slowdown ${cpuSlowdown}x (${
          fixedCpu === undefined
            ? `calibrated: 4 x ${benchmarkIndex} / ${REFERENCE_BENCHMARK_INDEX}, the reference machine's index`
            : 'fixed with --cpu'
        })`,
      ]);

      if (!values['no-use']) {
        const firstPolicy = await firstPolicyNumber(browser, host, anna);
        for (const [label, url, target, state] of [
          [
            'login usable (e-mail field takes input)',
            `${host}/en/login`,
            { selector: 'input[type="email"]' },
            undefined,
          ],
          [
            `policies on screen (anna's ${firstPolicy})`,
            `${host}/en/insurances`,
            { selector: 'main', text: firstPolicy },
            anna,
          ],
        ]) {
          step(
            `Time to use, applied throttling (slow 4G, CPU ${cpuSlowdown}x, cold), median of ${runs}: ${label}`,
          );
          const times = [];
          for (let run = 0; run < runs; run += 1) {
            times.push(await timeToUse(browser, { url, target, cpuSlowdown, storageState: state }));
            console.log(`  run ${run + 1}: ${Math.round(times[times.length - 1])} ms`);
          }
          figures.push([
            label,
            `${(median(times) / 1000).toFixed(2)} s (runs ${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`,
          ]);
        }
      }
      if (!values['no-pages']) {
        const chen = await loggedInState(browser, host, 'chen.li@example.com');
        step(
          `Every page and move, applied throttling (slow 4G, CPU ${cpuSlowdown}x, cold), median of ${Math.min(runs, 3)}`,
        );
        await pageTable({ browser, host, anna, chen, runs: Math.min(runs, 3), cpuSlowdown, benchmarkIndex });
      }
    } finally {
      await browser.close();
    }
    if (values.pages) return;

    step('remoteEntry sizes');
    for (const row of await remoteEntrySizes(ports)) {
      figures.push([`${row.remote} ${row.file}, on the wire`, `${kb(row.wire)} (${row.encoding})`]);
    }

    if (!values['no-lighthouse']) {
      for (const [label, path, pageCookie] of [
        ['/en/login', '/en/login', undefined],
        ['/en/insurances, logged in', '/en/insurances', anna.cookies],
      ]) {
        step(`Lighthouse (mobile, median of ${runs}) ${label}`);
        const result = await lighthouseMedian(
          chromium,
          executablePath,
          `${host}${path}`,
          runs,
          pageCookie,
          cpuSlowdown,
        );
        figures.push([
          `Lighthouse mobile ${label}`,
          `performance ${result.performance}, LCP ${(result.lcp / 1000).toFixed(2)} s, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}, accessibility ${result.accessibility} (ended on ${result.landed})`,
        ]);
      }
    }
  } finally {
    await cleanUp();
  }

  if (values.pages) return;
  if (!values['no-api']) {
    step('api benchmark (pnpm --filter api bench)');
    const output = await apiBench();
    const lines = output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /\d/.test(line) && !line.startsWith('>'));
    for (const line of lines.slice(-12)) figures.push(['api', line]);
  }

  const width = Math.max(...figures.map(([name]) => name.length));
  console.log(`\n${bold('Figures')}`);
  for (const [name, value] of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
}

main().catch((error) => {
  console.error(red(`\nnpm run bench failed: ${error.message}`));
  process.exit(1);
});

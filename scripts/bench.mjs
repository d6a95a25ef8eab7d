// `npm run bench`: starts the production stack and measures what a visitor downloads,
// Lighthouse's mobile scores for the login page, and the api's own benchmark.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensurePnpm, pnpm, pnpmCommand } from './lib/pnpm.mjs';
import { findChromium } from './lib/chromium.mjs';
import { Supervisor } from './lib/supervisor.mjs';
import { DEMO_PASSWORD, REMOTES, stackPorts, stackServices } from './lib/stack.mjs';
import { repoRoot } from './lib/paths.mjs';
import { bold, red, step } from './lib/log.mjs';

const USAGE = `Usage: npm run bench [-- options]

Builds when a dist/ folder is missing, starts the production stack on the product ports and
prints: first-load JS (gzip) of /en/login and /en/insurances (logged in), each remoteEntry.js
(gzip), Lighthouse mobile performance and accessibility of /en/login, and the api benchmark.

Options:
  --no-lighthouse   skip Lighthouse
  --no-api          skip the api benchmark
  --files           also list every JS file of the first loads, with its gzip size
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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Sum of the gzip sizes of every JS response a fresh visit downloads until the network is idle. */
async function firstLoadJs(browser, url, { login } = {}) {
  let storageState;
  if (login) {
    // Log in through the form like a visitor; the measured visit starts with an empty cache.
    const loginContext = await browser.newContext();
    const loginPage = await loginContext.newPage();
    await loginPage.goto(new URL('/en/login', url).href);
    await loginPage.getByLabel('E-mail address').fill(login);
    await loginPage.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await loginPage.getByRole('button', { name: 'Log in', exact: true }).click();
    await loginPage.waitForURL(/\/en\/insurances/, { timeout: 30_000 });
    storageState = await loginContext.storageState();
    await loginContext.close();
  }
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  return {
    list: files,
    files: files.length,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/** gzip size of each remote's entry file, found through its mf-manifest.json. */
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
    const response = await fetch(`${origin}/${name}`);
    if (!response.ok) throw new Error(`${origin}/${name} answered ${response.status}.`);
    const body = Buffer.from(await response.arrayBuffer());
    rows.push({
      remote: remote.pkg,
      file: name,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  return rows;
}

/** Lighthouse (default config: mobile, simulated throttling) against a Chromium we launched. */
async function lighthouseScores(chromium, executablePath, url) {
  const { default: lighthouse } = await import('lighthouse');
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${LIGHTHOUSE_DEBUG_PORT}`],
  });
  try {
    const result = await lighthouse(url, {
      port: LIGHTHOUSE_DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const categories = result?.lhr?.categories ?? {};
    const score = (key) => (categories[key]?.score == null ? 'n/a' : Math.round(categories[key].score * 100));
    return { performance: score('performance'), accessibility: score('accessibility') };
  } finally {
    await browser.close();
  }
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

async function main() {
  const { values } = parseArgs({
    options: {
      'no-lighthouse': { type: 'boolean', default: false },
      'no-api': { type: 'boolean', default: false },
      files: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  await ensurePnpm();
  const built = ['host', ...REMOTES.map((remote) => remote.pkg)].every((pkg) =>
    existsSync(join(repoRoot, pkg, 'dist')),
  );
  if (!built) {
    step('Building (a dist/ folder is missing)');
    await pnpm(['build']);
  }

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

    step('First-load JavaScript');
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const listFiles = (visit) => {
      if (!values.files) return;
      for (const file of [...visit.list].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${kb(file.gzip).padStart(9)}  ${new URL(file.url).host}${new URL(file.url).pathname}`);
    };
    try {
      const login = await firstLoadJs(browser, `${host}/en/login`);
      listFiles(login);
      figures.push([
        'first-load JS /en/login (gzip)',
        `${kb(login.gzip)} in ${login.files} files (raw ${kb(login.raw)})`,
      ]);
      const insurances = await firstLoadJs(browser, `${host}/en/insurances`, {
        login: 'anna.devries@example.com',
      });
      listFiles(insurances);
      figures.push([
        'first-load JS /en/insurances, logged in (gzip)',
        `${kb(insurances.gzip)} in ${insurances.files} files (raw ${kb(insurances.raw)})`,
      ]);
    } finally {
      await browser.close();
    }

    step('remoteEntry sizes');
    for (const row of await remoteEntrySizes(ports)) {
      figures.push([`${row.remote} ${row.file} (gzip)`, `${kb(row.gzip)} (raw ${kb(row.raw)})`]);
    }

    if (!values['no-lighthouse']) {
      step('Lighthouse (mobile) /en/login');
      const scores = await lighthouseScores(chromium, executablePath, `${host}/en/login`);
      figures.push(['Lighthouse mobile performance /en/login', String(scores.performance)]);
      figures.push(['Lighthouse mobile accessibility /en/login', String(scores.accessibility)]);
    }
  } finally {
    await cleanUp();
  }

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

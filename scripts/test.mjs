// `npm test`: install, lint, typecheck, unit and api tests (on PGlite, then on a real PostgreSQL
// server), build (with the size budgets),
// the docker-compose check, the images check, the browser journeys (Chromium, then the core ones in
// WebKit and Firefox) and the release checks, in that order. Stops at the first
// failing stage, prints one summary line per stage and a closing "N passed, N failed" line.
import { parseArgs } from 'node:util';
import { ensurePnpm, pnpm } from './lib/pnpm.mjs';
import { findChromium } from './lib/chromium.mjs';
import { runEngineJourneys } from './lib/engines.mjs';
import { describeJourneys, readJourneyReport } from './lib/journey-report.mjs';
import { checkComposeFiles, checkPrometheusConfig, ensureDockerCompose } from './lib/compose.mjs';
import { withPostgres } from './lib/postgres.mjs';
import { installAhead } from './lib/system-packages.mjs';
import { run } from './lib/run.mjs';
import { repoRoot } from './lib/paths.mjs';
import { bold, green, loud, red, step, yellow } from './lib/log.mjs';

/** Returned by a stage that could not run here (counted as skipped, never as passed). */
const SKIPPED = Symbol('skipped');

/** Like SKIPPED, with the reason to print in the summary. */
const skipped = (note) => ({ skipped: SKIPPED, note });

/** Runs an api script on a real PostgreSQL server (TEST_DATABASE_URL); skipped when none can be had. */
async function apiScriptOnPostgres(script) {
  const ran = await withPostgres(async (url) => {
    await pnpm(['--filter', 'api', script], { env: { ...process.env, TEST_DATABASE_URL: url } });
    return true;
  });
  return ran ? undefined : SKIPPED;
}

/**
 * The whole api suite runs once: on a real PostgreSQL server when one can be had (what production
 * runs), else on PGlite, the database of `npm start`. The unit stage runs the PGlite-specific part
 * (the database layer, crash safety, the seed, the server) on PGlite either way.
 */
async function apiTests() {
  if ((await apiScriptOnPostgres('test')) !== SKIPPED) return undefined;
  loud('No PostgreSQL server: the whole api suite runs on PGlite instead.');
  await pnpm(['--filter', 'api', 'test']);
  return undefined;
}

const STAGES = [
  { name: 'pnpm', title: 'pnpm at the pinned version', action: () => ensurePnpm() },
  {
    name: 'install',
    title: 'pnpm install --frozen-lockfile',
    action: () => pnpm(['install', '--frozen-lockfile']),
  },
  { name: 'lint', title: 'lint (eslint + prettier)', action: () => pnpm(['lint']) },
  { name: 'typecheck', title: 'typecheck (tsc in every package)', action: () => pnpm(['typecheck']) },
  { name: 'unit', title: "unit tests, and the api's PGlite tests", action: () => pnpm(['test:unit']) },
  {
    name: 'postgres',
    systemPackages: true,
    title: 'the api tests, on a real PostgreSQL server (on PGlite when none can be had)',
    action: () => apiTests(),
  },
  {
    name: 'replicas',
    systemPackages: true,
    title: 'two api replicas on one PostgreSQL behind the host: shared limits, no acknowledged work lost',
    action: () => apiScriptOnPostgres('test:replicas'),
  },
  {
    name: 'build',
    title: 'production build and size budgets',
    // The root build's postbuild step checks the bundle size budgets.
    action: () => pnpm(['build']),
  },
  {
    name: 'compose',
    systemPackages: true,
    title:
      'docker-compose.yml is valid; the api port is published only with its override; the Prometheus scrape config passes promtool',
    action: async () => {
      const compose = await ensureDockerCompose();
      if (!compose) return SKIPPED;
      await checkComposeFiles(compose);
      if (!(await checkPrometheusConfig())) return skipped('promtool is not available for the scrape config');
    },
  },
  {
    name: 'images',
    title: "each image's start command, on the compiled output, answers /healthz (no image is built)",
    action: () => run(process.execPath, ['scripts/check-images.mjs'], { cwd: repoRoot }),
  },
  {
    name: 'e2e',
    systemPackages: true,
    title: 'browser journeys (Playwright, production build)',
    action: async () => {
      const chromium = await findChromium();
      console.log(`Chromium: ${chromium}`);
      try {
        await pnpm(['test:e2e'], { env: { ...process.env, CHROMIUM_PATH: chromium } });
      } catch (error) {
        // The summary names the journeys that failed and why, not only the command's exit code.
        const report = readJourneyReport();
        if (!report?.failed.length) throw error;
        throw new Error(`${report.failed.length} journey(s) failed:\n${describeJourneys(report.failed)}`);
      }
      const { flaky = [] } = readJourneyReport() ?? {};
      if (flaky.length > 0) {
        const list = describeJourneys(flaky);
        loud(`${flaky.length} journey(s) passed only when run again; fix them:\n${list}`);
        return { note: `passed; flaky, fix them:\n${list}` };
      }
    },
  },
  {
    name: 'engines',
    systemPackages: true,
    title: "core journeys in WebKit and Firefox (Debian's WebKitGTK and Firefox ESR)",
    action: async () => {
      const { unavailable } = await runEngineJourneys();
      // One engine missing is not a pass: the stage reports itself skipped and names what is missing.
      if (unavailable.length > 0)
        return skipped(unavailable.map(({ engine, reason }) => `${engine}: ${reason}`).join('; '));
    },
  },
  {
    name: 'releases',
    systemPackages: true,
    title:
      'independent releases: a remote adds a page alone; remotes one release older; the host one release older; a canary rolled back by itself; a new remote added to a running host',
    action: () => pnpm(['test:releases']),
  },
];

const USAGE = `Usage: npm test [-- options]   (or: node scripts/test.mjs [options])

Stages, in order: ${STAGES.map((stage) => stage.name).join(', ')}.
Stops at the first failure. Under CI=true everything runs non-interactively.

Options:
  --only=a,b     run only these stages
  --skip=a,b     skip these stages
  --from=name    start at this stage
  -h, --help     show this help`;

function parseCli() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      skip: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const names = STAGES.map((stage) => stage.name);
  const list = (value) =>
    value
      ? value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
  for (const name of [...list(values.only), ...list(values.skip), ...list(values.from)]) {
    if (!names.includes(name)) throw new Error(`Unknown stage "${name}". Stages: ${names.join(', ')}.`);
  }
  const only = list(values.only);
  const skip = list(values.skip);
  const fromIndex = values.from ? names.indexOf(values.from) : 0;
  const selected = (stage, index) =>
    index >= fromIndex && (only.length === 0 || only.includes(stage.name)) && !skip.includes(stage.name);
  return { help: values.help, selected };
}

function formatDuration(ms) {
  return ms < 60_000
    ? `${(ms / 1000).toFixed(1)} s`
    : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

async function main() {
  let cli;
  try {
    cli = parseCli();
  } catch (error) {
    console.error(`${red(error.message)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (cli.help) {
    console.log(USAGE);
    return;
  }

  const results = [];
  let failed = false;
  // The Debian packages of the later stages, installed meanwhile (lib/system-packages.mjs).
  const ahead = installAhead(STAGES.filter(cli.selected).map((stage) => stage.name));
  if (ahead.packages.length > 0)
    step(`Installing ${ahead.packages.join(', ')} with apt-get in the background (log: ${ahead.log})`);
  for (const [index, stage] of STAGES.entries()) {
    if (failed || !cli.selected(stage, index)) {
      results.push({ stage, status: 'skipped', note: failed ? 'not run after a failure' : 'not selected' });
      continue;
    }
    step(`[${stage.name}] ${stage.title}`);
    const started = Date.now();
    try {
      if (stage.systemPackages && ahead.packages.length > 0) {
        const { ok, seconds } = await ahead.done;
        const waited = Math.round((Date.now() - started) / 1000);
        if (ok)
          console.log(
            `apt-get installed ${ahead.packages.join(', ')} in ${seconds} s (waited ${waited} s here)`,
          );
        else
          loud(
            `apt-get could not install ${ahead.packages.join(', ')} (see ${ahead.log}): each stage tries its own.`,
          );
        ahead.packages = [];
      }
      const outcome = await stage.action();
      const status = outcome === SKIPPED || outcome?.skipped === SKIPPED ? 'skipped' : 'passed';
      results.push({
        stage,
        status,
        note: status === 'skipped' ? (outcome?.note ?? 'tool not available here') : (outcome?.note ?? ''),
        ms: Date.now() - started,
      });
    } catch (error) {
      failed = true;
      results.push({ stage, status: 'failed', note: error.message, ms: Date.now() - started });
    }
  }

  console.log(`\n${bold('Summary')}`);
  const paint = { passed: green, failed: red, skipped: yellow };
  for (const result of results) {
    const time = result.ms === undefined ? '' : ` (${formatDuration(result.ms)})`;
    const note = result.note ? ` — ${result.note}` : '';
    console.log(
      `  ${paint[result.status](result.status.toUpperCase().padEnd(7))} ${result.stage.name}: ${result.stage.title}${time}${note}`,
    );
  }
  const count = (status) => results.filter((result) => result.status === status).length;
  const skipped = count('skipped');
  console.log(
    `${count('passed')} passed, ${count('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(red(`npm test failed: ${error.message}`));
  console.log('0 passed, 1 failed');
  process.exit(1);
});

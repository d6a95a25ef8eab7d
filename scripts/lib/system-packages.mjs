// The Debian packages that `npm test`'s later stages install with apt-get when they are missing
// (PostgreSQL, Chromium, docker-compose, promtool, WebKitGTK and Firefox ESR), installed in the
// background from the first stage on. On a fresh CI machine those installs took a minute and a half
// of the run, each stage waiting for its own `apt-get update`; in the background they overlap the lint,
// typecheck and unit stages, and a stage that needs a package waits only for what is left.
// Each stage keeps its own install as a fallback: this only runs earlier, and never fails the run.
import { closeSync, existsSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedChromium, isDebianLike, isRoot } from './chromium.mjs';
import { findDockerCompose } from './compose.mjs';
import { onPath, run } from './run.mjs';
import { findPostgresBin } from './postgres.mjs';
import { locateEngines, ENGINE_PACKAGES } from './engines.mjs';

/**
 * What is on this machine, as the stages look for it (each stage's own lookup, in one object so that
 * {@link missingPackages} can be tested without the machine).
 * @returns {{ postgres: boolean, chromium: boolean, compose: boolean, promtool: boolean, engines: Record<string, boolean> }}
 */
export function machineTools(env = process.env, exists = existsSync) {
  return {
    postgres: Boolean(env.TEST_DATABASE_URL || env.DATABASE_URL) || findPostgresBin() !== null,
    chromium: installedChromium(env, exists) !== null,
    compose: findDockerCompose() !== null,
    promtool: onPath('promtool'),
    engines: Object.fromEntries(locateEngines().map((entry) => [entry.engine, entry.missing.length === 0])),
  };
}

/**
 * The packages to install ahead for the stages that will run: `withRecommends` as the stages install
 * them, `withoutRecommends` (promtool's `prometheus`, which would bring a whole server's worth of
 * recommends) apart.
 * @param {ReturnType<typeof machineTools>} tools @param {readonly string[]} stages the names that will run
 */
export function missingPackages(tools, stages) {
  const will = (name) => stages.includes(name);
  const withRecommends = [];
  const withoutRecommends = [];
  if ((will('postgres') || will('replicas')) && !tools.postgres) withRecommends.push('postgresql');
  if ((will('e2e') || will('releases')) && !tools.chromium) withRecommends.push('chromium');
  if (will('compose') && !tools.compose) withRecommends.push('docker-compose');
  if (will('compose') && !tools.promtool) withoutRecommends.push('prometheus');
  if (will('engines'))
    for (const [engine, present] of Object.entries(tools.engines))
      if (!present) withRecommends.push(...ENGINE_PACKAGES[engine]);
  return { withRecommends, withoutRecommends };
}

/**
 * Starts installing what the selected stages will need, as root on Debian/Ubuntu, and returns a
 * promise that settles when apt-get is done (never rejects: a stage then tries its own install and
 * says what failed). apt-get's output goes to a log file, not between the stages' own lines; it runs
 * at the lowest CPU and disk priority, so that the stages it overlaps keep their pace.
 * @param {readonly string[]} stages @returns {{ packages: string[], log: string | null, done: Promise<{ ok: boolean, seconds: number }> }}
 */
export function installAhead(stages) {
  if (!isRoot() || !isDebianLike())
    return { packages: [], log: null, done: Promise.resolve({ ok: true, seconds: 0 }) };
  const { withRecommends, withoutRecommends } = missingPackages(machineTools(), stages);
  const packages = [...withRecommends, ...withoutRecommends];
  if (packages.length === 0) return { packages, log: null, done: Promise.resolve({ ok: true, seconds: 0 }) };
  const log = join(mkdtempSync(join(tmpdir(), 'portal-apt-')), 'apt-get.log');
  const started = Date.now();
  const done = (async () => {
    const fd = openSync(log, 'a');
    const options = {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: /** @type {const} */ (['ignore', fd, fd]),
    };
    const aptGet = (args) => run('nice', ['-n', '19', 'ionice', '-c', '3', 'apt-get', ...args], options);
    try {
      await aptGet(['update']);
      if (withRecommends.length > 0) await aptGet(['install', '-y', ...withRecommends]);
      if (withoutRecommends.length > 0)
        await aptGet(['install', '-y', '--no-install-recommends', ...withoutRecommends]);
      return { ok: true, seconds: Math.round((Date.now() - started) / 1000) };
    } catch {
      return { ok: false, seconds: Math.round((Date.now() - started) / 1000) };
    } finally {
      closeSync(fd);
    }
  })();
  return { packages, log, done };
}

// Runs the pnpm version pinned in package.json, without installing anything globally.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture, run } from './run.mjs';
import { repoRoot } from './paths.mjs';
import { step } from './log.mjs';

/** The pnpm version pinned by the root package.json `packageManager` field. */
export function pinnedPnpmVersion(root = repoRoot) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(manifest.packageManager ?? '');
  if (!match) throw new Error('The root package.json has no "packageManager": "pnpm@x.y.z" entry.');
  return match[1];
}

const viaPath = () => ({ cmd: 'pnpm', prefix: [], label: 'pnpm on PATH' });
const viaNpx = (version) => ({
  cmd: 'npx',
  prefix: ['-y', `pnpm@${version}`],
  label: `npx -y pnpm@${version}`,
});

/**
 * How to run pnpm at the pinned version, given the version of the `pnpm` on PATH (or null): that one
 * when it is the pinned version, else the pinned version through npx. Never a global install: the
 * user's own pnpm stays as it is, and a newer global pnpm (11, 12), which would try to fetch
 * `@pnpm/exe` for the pinned version, is not asked to switch.
 * @param {string} pinned @param {string | null} onPath
 */
export function choosePnpm(pinned, onPath) {
  return onPath === pinned ? viaPath() : viaNpx(pinned);
}

let cached;

/** Returns how to call pnpm at the pinned version ({@link choosePnpm}), and says which it uses. */
export async function ensurePnpm() {
  if (cached) return cached;
  const version = pinnedPnpmVersion();
  // corepack's shim would try to fetch pnpm itself; make it use whatever is installed.
  const env = { ...process.env, COREPACK_ENABLE_STRICT: '0' };
  const onPath = capture('pnpm', ['--version'], { env }) ?? null;
  const chosen = choosePnpm(version, onPath);
  if (chosen.cmd === 'npx' && capture('npx', ['-y', `pnpm@${version}`, '--version']) !== version) {
    throw new Error(`pnpm ${version} is not available through "npx -y pnpm@${version}".`);
  }
  step(`Using pnpm ${version} (pinned in package.json) through ${chosen.label}`);
  cached = chosen;
  return cached;
}

/** The command and arguments that run `pnpm <args>` with the pinned version. */
export async function pnpmCommand(args) {
  const { cmd, prefix } = await ensurePnpm();
  return { cmd, args: [...prefix, ...args] };
}

/** Run `pnpm <args>` in the repository root (or opts.cwd) with inherited output. */
export async function pnpm(args, opts = {}) {
  const command = await pnpmCommand(args);
  return run(command.cmd, command.args, { cwd: repoRoot, ...opts });
}

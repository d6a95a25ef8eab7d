// Makes sure the pinned pnpm is available, installing it through npm when it is not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture, run } from './run.mjs';
import { repoRoot } from './paths.mjs';
import { loud, step } from './log.mjs';

/** The pnpm version pinned by the root package.json `packageManager` field. */
export function pinnedPnpmVersion(root = repoRoot) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(manifest.packageManager ?? '');
  if (!match) throw new Error('The root package.json has no "packageManager": "pnpm@x.y.z" entry.');
  return match[1];
}

const viaPath = () => ({ cmd: 'pnpm', prefix: [] });
const viaNpx = (version) => ({ cmd: 'npx', prefix: ['-y', `pnpm@${version}`] });

let cached;

/**
 * Returns how to call pnpm at the pinned version: the `pnpm` on PATH when it matches,
 * otherwise after `npm i -g pnpm@<version>`, otherwise through `npx -y pnpm@<version>`
 * (for machines where global installs are not allowed).
 */
export async function ensurePnpm() {
  if (cached) return cached;
  const version = pinnedPnpmVersion();
  // corepack's shim would try to fetch pnpm itself; make it use whatever is installed.
  const env = { ...process.env, COREPACK_ENABLE_STRICT: '0' };
  if (capture('pnpm', ['--version'], { env }) === version) {
    cached = viaPath();
    return cached;
  }
  step(`Installing pnpm ${version} (pinned in package.json)`);
  try {
    await run('npm', ['install', '--global', `pnpm@${version}`]);
    if (capture('pnpm', ['--version'], { env }) === version) {
      cached = viaPath();
      return cached;
    }
    loud(`npm installed pnpm ${version}, but another pnpm comes first on PATH; using npx instead.`);
  } catch (error) {
    loud(`Could not install pnpm globally (${error.message}).\nFalling back to "npx -y pnpm@${version}".`);
  }
  if (capture('npx', ['-y', `pnpm@${version}`, '--version']) !== version) {
    throw new Error(`pnpm ${version} is not available: neither "npm i -g pnpm@${version}" nor npx worked.`);
  }
  cached = viaNpx(version);
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

// A real PostgreSQL server for the api's tests: the one TEST_DATABASE_URL or DATABASE_URL names, else a
// throwaway cluster of Debian's postgresql (installed with apt-get as root when it is missing) in a
// temporary folder on a spare port, run as an unprivileged user and removed afterwards.
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDebianLike, isRoot } from './chromium.mjs';
import { capture, run } from './run.mjs';
import { sparePort } from './ports.mjs';
import { loud, step } from './log.mjs';

const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** The bin folder of the newest Debian postgresql installed, or null. */
export function findPostgresBin() {
  if (!existsSync(DEBIAN_POSTGRES)) return null;
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(DEBIAN_POSTGRES, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_POSTGRES, versions[0], 'bin') : null;
}

async function installPostgres() {
  step('Installing PostgreSQL with apt-get');
  await run('apt-get', ['update']);
  await run('apt-get', ['install', '-y', 'postgresql'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * Starts a throwaway cluster and returns its URL and a `stop` that removes it. As root, the server
 * runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
async function startCluster(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const port = await sparePort();
  const asRoot = isRoot();
  const user = asRoot ? 'postgres' : null;
  if (asRoot) {
    const uid = Number(capture('id', ['-u', 'postgres']));
    const gid = Number(capture('id', ['-g', 'postgres']));
    if (!Number.isInteger(uid)) throw new Error('there is no "postgres" user to run the server as');
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const as = (cmd, args) => (user ? run('runuser', ['-u', user, '--', cmd, ...args]) : run(cmd, args));
  const data = join(dir, 'data');
  await as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await as(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn(url)` with a PostgreSQL server, then stops the one it started. Resolves to null, after a
 * loud note, when no server can be had here.
 */
export async function withPostgres(fn) {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) {
    step('Using the PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL');
    return fn(given);
  }
  let bin = findPostgresBin();
  if (!bin && isRoot() && isDebianLike()) {
    try {
      await installPostgres();
      bin = findPostgresBin();
    } catch (error) {
      loud(`apt-get could not install postgresql: ${error.message}`);
    }
  }
  if (!bin) {
    loud(
      "No PostgreSQL server here (set TEST_DATABASE_URL, or install Debian's postgresql): SKIPPING the api tests on PostgreSQL.",
    );
    return null;
  }
  step(`Starting a throwaway PostgreSQL cluster (${bin})`);
  const cluster = await startCluster(bin);
  try {
    return await fn(cluster.url);
  } finally {
    await cluster.stop();
  }
}

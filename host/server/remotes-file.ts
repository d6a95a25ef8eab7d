import { statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName } from '../src/app/runtime-config-shape';
import { readCanaries, readRemotesFileValues, readRemoteUrls } from './config';
import type { Canaries } from './config';

/** How often the remotes file is looked at, at most: one `stat` a second, whatever the traffic. */
export const REMOTES_FILE_CHECK_MS = 1_000;

/**
 * Follows HOST_REMOTES_FILE: when the file changes, `remotes` (the runtime config's manifest URLs,
 * which every page and `/en/remotes.json` read at each request) takes its values, in place. A remote
 * team rolls back by pointing its `REMOTE_<NAME>_URL` in the file at the previous build; the next
 * page takes it, with no host restart. A file that cannot be read or holds a wrong value changes
 * nothing: the host keeps the last good URLs and logs why. A remote's canary (`CANARY_<NAME>_URL` and
 * `_PERCENT`) is taken into `canaries` the same way.
 * @returns a check to run before each request (cheap: it looks at the file once a second at most)
 */
export function followRemotesFile(
  remotes: Partial<Record<RemoteName, string>>,
  { path: file, env }: { path: string; env: NodeJS.ProcessEnv },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  now: () => number = Date.now,
  canaries: Canaries = {},
): () => void {
  const stamp = () => {
    try {
      const stats = statSync(file);
      return `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return 'missing';
    }
  };
  let seen = stamp();
  let checked = now();
  return () => {
    if (now() - checked < REMOTES_FILE_CHECK_MS) return;
    checked = now();
    const current = stamp();
    if (current === seen) return;
    seen = current;
    try {
      const values = { ...env, ...readRemotesFileValues(file, env) };
      const next = readRemoteUrls(values);
      const nextCanaries = readCanaries(values, next);
      for (const name of Object.keys(remotes) as RemoteName[]) delete remotes[name];
      Object.assign(remotes, next);
      for (const name of Object.keys(canaries) as RemoteName[]) delete canaries[name];
      Object.assign(canaries, nextCanaries);
      log.info({ remotes: next, canaries: nextCanaries }, `HOST_REMOTES_FILE ${file} read again`);
    } catch (error) {
      log.warn(`${(error as Error).message} Keeping the remotes as they were.`);
    }
  };
}

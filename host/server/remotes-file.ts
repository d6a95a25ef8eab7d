import { statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName } from '../src/app/runtime-config-shape';
import { readRemotesFileValues, readRemoteUrls } from './config';

/** How often the remotes file is looked at, at most: one `stat` a second, whatever the traffic. */
export const REMOTES_FILE_CHECK_MS = 1_000;

/**
 * Follows HOST_REMOTES_FILE: when the file changes, `remotes` (the runtime config's manifest URLs,
 * which every page and `/en/remotes.json` read at each request) takes its values, in place. A remote
 * team rolls back by pointing its `REMOTE_<NAME>_URL` in the file at the previous build; the next
 * page takes it, with no host restart. A file that cannot be read or holds a wrong value changes
 * nothing: the host keeps the last good URLs and logs why.
 * @returns a check to run before each request (cheap: it looks at the file once a second at most)
 */
export function followRemotesFile(
  remotes: Partial<Record<RemoteName, string>>,
  { path: file, env }: { path: string; env: NodeJS.ProcessEnv },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  now: () => number = Date.now,
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
      const next = readRemoteUrls({ ...env, ...readRemotesFileValues(file) });
      for (const name of Object.keys(remotes) as RemoteName[]) delete remotes[name];
      Object.assign(remotes, next);
      log.info({ remotes: next }, `HOST_REMOTES_FILE ${file} read again`);
    } catch (error) {
      log.warn(`${(error as Error).message} Keeping the remotes as they were.`);
    }
  };
}

// Which release of each remote a browser gets. A remote's canary (CANARY_<NAME>_URL, with its share
// CANARY_<NAME>_PERCENT) goes to that share of browsers, chosen by a random cookie that holds nothing
// about the student: the same browser always falls in the same share, so one student sees one release
// of a remote. A canary that was rolled back (./canary-watch.ts) goes to nobody.
import { createHash, randomBytes } from 'node:crypto';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';
import type { Canaries } from './config';

/** The cookie of the browser's release group: 16 random bytes, base64url. */
export const RELEASE_GROUP_COOKIE = 'portal_release_group';

const GROUP_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A year: a browser keeps its group while a canary runs, and long after. */
const GROUP_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The browser's release group from its Cookie header, when it has a well-formed one. */
export function releaseGroupOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === RELEASE_GROUP_COOKIE) {
      const group = value.join('=');
      return GROUP_PATTERN.test(group) ? group : undefined;
    }
  }
  return undefined;
}

/** A new release group. */
export const newReleaseGroup = (): string => randomBytes(16).toString('base64url');

/** The Set-Cookie value that gives a browser its group (`secure` when the page came over https). */
export function releaseGroupCookie(group: string, secure: boolean): string {
  return `${RELEASE_GROUP_COOKIE}=${group}; Path=/; Max-Age=${GROUP_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/**
 * Where a group falls for a remote, 0 to 99: a hash of the group and the remote, so that the
 * canaries of two remotes go to different browsers, and a share raised from 10 to 50 keeps the first 10.
 */
export function bucketOf(group: string, remote: RemoteName): number {
  return createHash('sha256').update(`${remote}:${group}`).digest().readUInt32BE(0) % 100;
}

/**
 * The runtime config of a browser in `group`: each remote with a canary that is not rolled back gets
 * the canary's URL when the group falls in its share, and `canary` names the stable URL to fall back to.
 */
export function runtimeForGroup(
  runtime: RuntimeConfig,
  canaries: Canaries,
  group: string | undefined,
  isRolledBack: (remote: RemoteName, canaryUrl: string) => boolean,
): RuntimeConfig {
  const remotes = { ...runtime.remotes };
  const canary: Partial<Record<RemoteName, string>> = {};
  if (group !== undefined) {
    for (const [remote, release] of Object.entries(canaries) as Array<
      [RemoteName, { url: string; percent: number }]
    >) {
      const stable = runtime.remotes[remote];
      if (!stable || isRolledBack(remote, release.url) || bucketOf(group, remote) >= release.percent)
        continue;
      remotes[remote] = release.url;
      canary[remote] = stable;
    }
  }
  return Object.keys(canary).length > 0 ? { ...runtime, remotes, canary } : { ...runtime, remotes };
}

/** Whether any remote has a canary that may be served. */
export function hasLiveCanary(
  canaries: Canaries,
  isRolledBack: (remote: RemoteName, canaryUrl: string) => boolean,
): boolean {
  return (Object.entries(canaries) as Array<[RemoteName, { url: string; percent: number }]>).some(
    ([remote, release]) => release.percent > 0 && !isRolledBack(remote, release.url),
  );
}

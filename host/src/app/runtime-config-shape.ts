// Pure constants and types of the runtime config, shared by the host server (which writes
// /en/remotes.json) and the page (which reads it). No React or browser module here: the server
// imports this file.
import { CONTENT_ROOT, TEST_CONTENT_ROOT } from '@portal/shared/content-roots';

/**
 * The portal's own remotes, by federation name (see each remote's configs/federation.cjs): each has a
 * default URL (configs/topology.cjs) and is composed unless set to `off`. A remote added later (made by
 * `pnpm create-remote`) is named in ADDED_REMOTES and composed from its URL, with no host build.
 */
export const REMOTE_NAMES = ['account', 'insurance', 'billing', 'service'] as const;

/**
 * A remote's federation name: a lowercase letter, then 1 to 29 lowercase letters or digits, so that
 * its variables (`REMOTE_<NAME>_URL`) and its package (`remote-<name>`) follow from it.
 */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9]{1,29}$/;

/** The host's own federation name, which no remote may take. */
const HOST_NAME = 'host';

/** A remote's federation name: one of {@link REMOTE_NAMES}, or one added ({@link REMOTE_NAME_PATTERN}). */
export type RemoteName = string;

/** True for a name a remote may have. */
export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && REMOTE_NAME_PATTERN.test(value) && value !== HOST_NAME;
}

/** The remotes of a runtime config, the portal's own first (a stable order for the route tree). */
export function remoteNamesOf(remotes: Readonly<Record<string, unknown>>): RemoteName[] {
  const added = Object.keys(remotes)
    .filter((name) => isRemoteName(name) && !(REMOTE_NAMES as readonly string[]).includes(name))
    .sort();
  return [...REMOTE_NAMES, ...added];
}

/** Tag-manager container ids: GTM- followed by uppercase letters and digits (docs/requirements.md §1). */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

/** True for a valid container id. */
export function isValidGtmId(id: unknown): id is string {
  return typeof id === 'string' && GTM_ID_PATTERN.test(id);
}

/** Content roots of the app and of the test app (`CONTENT_ROOT=test` picks the latter). */
export const CONTENT_ROOTS = { app: CONTENT_ROOT, test: TEST_CONTENT_ROOT } as const;

/** What the page learns at start-up from `/en/remotes.json`: nothing of it is baked into a bundle. */
export type RuntimeConfig = {
  /** Manifest URL of each remote; a remote left out shows its fallback wherever it is used. */
  remotes: Partial<Record<RemoteName, string>>;
  /**
   * The remotes this browser gets the canary build of (its URL is then in `remotes`), each with its
   * stable release's manifest URL: the page falls back to that when the canary fails to load.
   */
  canary?: Partial<Record<RemoteName, string>>;
  gtmId: string | null;
  contentRoot: string;
};

// Pure constants and types of the runtime config, shared by the host server (which writes
// /en/remotes.json) and the page (which reads it). No React or browser module here: the server
// imports this file.
import { CONTENT_ROOT, TEST_CONTENT_ROOT } from '@portal/shared/content-roots';

/** The remotes the host composes, by federation name (see each remote's configs/federation.cjs). */
export const REMOTE_NAMES = ['account', 'insurance', 'billing', 'service'] as const;

/** One of {@link REMOTE_NAMES}. */
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** True for a known remote name. */
export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
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

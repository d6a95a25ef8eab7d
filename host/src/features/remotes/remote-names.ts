/** The remotes the host composes, by federation name (see each remote's configs/federation.cjs). */
export const REMOTE_NAMES = ['account', 'insurance', 'billing', 'service'] as const;

/** One of {@link REMOTE_NAMES}. */
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** True for a known remote name. */
export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Window event raised when a remote module fails to load (docs/requirements.md §8, failed dynamic import). */
export const PRELOAD_ERROR_EVENT = 'preload-error';

/** Detail of the {@link PRELOAD_ERROR_EVENT} event. */
export type PreloadErrorDetail = { remote: string; error: unknown };

/** A remote failed to load and a handler (a remote slot) took care of it: show the fallback. */
export class RemoteUnavailableError extends Error {
  readonly remote: string;

  constructor(remote: string, cause: unknown) {
    super(`Remote "${remote}" is unavailable.`, { cause });
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

/** True for the error a handled preload failure turns into. */
export function isRemoteUnavailable(error: unknown): error is RemoteUnavailableError {
  return error instanceof RemoteUnavailableError;
}

/**
 * True for the error of a dynamic import whose file could not be fetched: webpack's `ChunkLoadError`
 * (a script chunk) or the CSS chunk loader's `CSS_CHUNK_LOAD_FAILED`. A remote's page chunk fails
 * this way after its `remoteEntry.js` had loaded.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? error.code : undefined;
  return error.name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED';
}

/**
 * Raises a cancelable `preload-error` event for a failed load of `remote`'s code; true when a handler
 * (a remote slot) called `preventDefault()`, i.e. took care of it.
 */
export function raisePreloadError(remote: string, error: unknown): boolean {
  const event = new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, {
    cancelable: true,
    detail: { remote, error },
  });
  return !window.dispatchEvent(event);
}

/**
 * Raises a cancelable `preload-error` event. When a handler calls `preventDefault()` the failure is
 * turned into a {@link RemoteUnavailableError} (the slot shows its fallback); otherwise nothing is
 * returned and the federation runtime rethrows the original error to the nearest error boundary.
 */
export function reportRemoteLoadError(remote: string, error: unknown): undefined {
  if (!raisePreloadError(remote, error)) return undefined;
  throw new RemoteUnavailableError(remote, error);
}

const slotRemotes = new Set<string>();
let listening = false;

/**
 * Claims the load failures of a remote that a slot loads (or that the start-up preloads for a slot),
 * so they become the slot's fallback instead of a page error. It must be in place before the load
 * starts: a refused connection can fail before React commits the slot, so an effect would be too
 * late. Idempotent.
 */
export function claimLoadFailures(remote: string): void {
  slotRemotes.add(remote);
  if (listening) return;
  listening = true;
  window.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
    const detail = (event as CustomEvent<PreloadErrorDetail>).detail;
    if (detail && slotRemotes.has(detail.remote)) event.preventDefault();
  });
}

/** Module Federation runtime plugin that reports failed remote loads through {@link reportRemoteLoadError}. */
export function preloadErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-preload-error',
    errorLoadRemote: ({ id, error, lifecycle, remote }) => {
      // Manifest and entry failures end in the 'onLoad' call too; report each failure once.
      if (lifecycle !== 'onLoad') return undefined;
      return reportRemoteLoadError(remote?.name ?? id.split('/')[0] ?? id, error);
    },
  };
}

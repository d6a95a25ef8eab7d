import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ExposedPages } from '@portal/shared';
import type { RemoteName } from '../../app/runtime-config-shape';
import { claimLoadFailures } from './preload-error';

/** What each remote exposes as `./pages`: one shape for every remote, the portal's own and any added. */
export type RemotePages = ExposedPages;

/** The `./pages` module of a remote (see each remote's src/exposed/pages.ts). */
type PagesModule = { pages?: RemotePages };

let entries: Partial<Record<RemoteName, string>> = {};
// The remotes this browser gets the canary of, with the stable release's URL to fall back to.
let canaryFallbacks: Partial<Record<RemoteName, string>> = {};
// The remotes this browser was given the canary of (kept after a fall back: its reports are the canary's).
let canaries = new Set<RemoteName>();
const loaded = new Map<RemoteName, Promise<RemotePages>>();
// The pages of remotes that have loaded, readable without waiting (see loadedRemotePages).
const settled = new Map<RemoteName, RemotePages>();
const failed = new Set<RemoteName>();
// Remotes whose next load follows a retry.
const retrying = new Set<RemoteName>();

/**
 * Tells the federation runtime where each remote's manifest is (from the runtime config). `canary`
 * names the remotes whose URL is their canary's, each with its stable URL: a canary that fails to load
 * falls back to that for the rest of the page view.
 */
export function registerPortalRemotes(
  remotes: Partial<Record<RemoteName, string>>,
  canary: Partial<Record<RemoteName, string>> = {},
): void {
  entries = { ...remotes };
  canaryFallbacks = { ...canary };
  canaries = new Set(Object.keys(canary) as RemoteName[]);
  loaded.clear();
  settled.clear();
  failed.clear();
  retrying.clear();
  const list = Object.entries(entries).map(([name, entry]) => ({ name, entry: entry as string }));
  if (list.length > 0) registerRemotes(list, { force: true });
}

/** Registers one remote again, so that its next load fetches its manifest and entry afresh. */
function registerAgain(remote: RemoteName): void {
  const entry = entries[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

function fetchPages(remote: RemoteName): Promise<RemotePages> {
  return loadRemote<PagesModule>(`${remote}/pages`)
    .then((module) => {
      if (!module?.pages) throw new Error(`Remote "${remote}" does not expose its pages.`);
      return module.pages;
    })
    .catch((error: unknown) => {
      const stable = canaryFallbacks[remote];
      if (stable === undefined) throw error;
      // The canary failed to load (the federation runtime's error hook has reported it: the field data):
      // the stable release serves this page view, as the rest of the portal is served when a remote is down.
      delete canaryFallbacks[remote];
      entries[remote] = stable;
      registerAgain(remote);
      return fetchPages(remote);
    });
}

/**
 * Whether this browser was given the remote's canary: what it reports of the remote is the canary's,
 * even after the canary failed to load and the stable release stood in.
 */
export function isOnCanary(remote: RemoteName): boolean {
  return canaries.has(remote);
}

/** The manifest URL the remote is loaded from on this page. */
export function remoteEntry(remote: RemoteName): string | undefined {
  return entries[remote];
}

/**
 * The pages of a remote, loaded once and kept (a stable promise for React's `use`). A failed load
 * stays failed until {@link retryRemotePages}, so a render cannot start a storm of new attempts.
 * The first load after a retry is tried twice: when the page was opened on this remote's URL, the
 * host server had the browser preload the remote's files, and Chromium answers the first request
 * for a preload that failed with that failure instead of asking the network again.
 */
export function loadRemotePages(remote: RemoteName): Promise<RemotePages> {
  let pages = loaded.get(remote);
  if (!pages) {
    const again = retrying.delete(remote);
    pages = fetchPages(remote)
      .catch((error: unknown) => {
        if (!again) throw error;
        registerAgain(remote);
        return fetchPages(remote);
      })
      .then(
        (remotePages) => {
          settled.set(remote, remotePages);
          return remotePages;
        },
        (error: unknown) => {
          failed.add(remote);
          throw error;
        },
      );
    loaded.set(remote, pages);
  }
  return pages;
}

/**
 * The pages of a remote that has already loaded, or undefined. A slot renders them at once instead
 * of suspending on a settled promise: React would show the fallback for a moment and then hold the
 * page back for its fallback throttle (300 ms).
 */
export function loadedRemotePages(remote: RemoteName): RemotePages | undefined {
  return settled.get(remote);
}

/**
 * Fetches the code of the page a URL opens, before the app renders it: the remote's pages, then the
 * page's own code and texts. Settles when both are there or cannot be had; never rejects (the slot
 * shows a failure when it renders).
 */
export function preloadRemotePage(remote: RemoteName, page: string): Promise<void> {
  // The load is the slot's: a failure becomes its fallback, as if the slot had started it.
  claimLoadFailures(remote);
  return loadRemotePages(remote).then(
    (pages) => pages[page]?.preload?.(),
    () => undefined,
  );
}

/** Whether the remote's pages have been asked for (loading or loaded) on this page. */
export function isRemoteRequested(remote: RemoteName): boolean {
  return loaded.has(remote);
}

/** The remotes registered on this page. */
export function registeredRemotes(): RemoteName[] {
  return Object.keys(entries) as RemoteName[];
}

/**
 * A preload of the remote's files failed (fetched ahead, before any slot asked): registers it again,
 * so that its first load asks the network afresh instead of taking the failure the runtime kept.
 */
export function forgetFailedPreload(remote: RemoteName): void {
  if (!loaded.has(remote)) registerAgain(remote);
}

/**
 * Forgets a failed load and registers the remote again, so the next load fetches it afresh. A remote
 * that did load is kept (its page's own code failed, which the page fetches again by itself).
 */
export function retryRemotePages(remote: RemoteName): void {
  if (loaded.has(remote) && !failed.has(remote)) return;
  failed.delete(remote);
  loaded.delete(remote);
  retrying.add(remote);
  registerAgain(remote);
}

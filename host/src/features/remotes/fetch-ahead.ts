import { preloadRemote } from '@module-federation/enhanced/runtime';
import {
  fillRouteParams,
  preloadedAnswer,
  RECENT_ANSWER_MS,
  startReadAhead,
  studentApiPath,
} from '@portal/shared';
import type { RemoteName } from '../../app/runtime-config-shape';

/**
 * What the portal fetches before the student asks for it, so that a move to another remote costs
 * one round trip instead of four (docs/performance.md, "Fetched ahead"):
 *
 * - once the first page is idle, each other remote's manifest, `remoteEntry.js` and exposed `./pages`
 *   module, through Module Federation's own `preloadRemote` (the runtime keeps the manifest and the
 *   entry, so the move's `loadRemote` fetches neither again);
 * - at the moment of a navigation, the new page's declared first reads (`preloadApi`), beside its
 *   code ({@link startRouteReads}; the page's own request takes that answer).
 *
 * Nothing is fetched ahead when the browser asks to save data: `navigator.connection.saveData`, or
 * the page request's `Save-Data: on`, which the host server passes in the start data.
 */

/** The performance mark set when the fetching ahead starts (the bench counts what follows it). */
export const FETCH_AHEAD_MARK = 'portal-fetch-ahead';

/** How long after the load event the browser may wait for an idle moment, in ms. */
const IDLE_TIMEOUT_MS = 2_000;

let saveDataFromServer = false;

/** Notes that the page request said `Save-Data: on` (the host server's start data). */
export function noteSaveData(requested: boolean | undefined): void {
  saveDataFromServer = requested === true;
}

/** Whether the browser asks to save data: then nothing is fetched ahead of need. */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: unknown } }).connection;
  return saveDataFromServer || connection?.saveData === true;
}

/** Once the page has loaded and the browser is idle (or after a short wait, on a busy page). */
export function whenIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function')
          window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, 0);
      }),
  );
}

/**
 * Once the page has loaded and the browser is idle, preloads each remote in `remotes` that is not
 * loaded yet (`isLoaded`): its manifest, its entry (run, as `loadRemote` would), and the files of its
 * `./pages` module. A remote whose preload fails is handed to `onFailed`, so that its next load asks
 * the network afresh instead of taking the failure the runtime kept.
 */
export async function preloadRemotesWhenIdle(
  remotes: readonly RemoteName[],
  isLoaded: (remote: RemoteName) => boolean,
  onFailed: (remote: RemoteName) => void,
): Promise<void> {
  if (savesData()) return;
  await whenIdle();
  // Offline (the Emergency Pass opens so): nothing could arrive; fetch ahead once the network is back.
  if (!navigator.onLine)
    await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
  if (savesData()) return;
  const wanted = remotes.filter((remote) => !isLoaded(remote));
  if (wanted.length === 0) return;
  performance.mark(FETCH_AHEAD_MARK);
  await Promise.all(
    wanted.map((remote) =>
      // The runtime rejects when a file of the remote could not be fetched.
      preloadRemote([{ nameOrAlias: remote, exposes: ['./pages'], resourceCategory: 'sync' }]).catch(() =>
        onFailed(remote),
      ),
    ),
  );
}

/**
 * Starts a route's declared first reads for the student, beside the page's code: called as the
 * navigation renders the route, with the route's parameters as matched (`{policyId}` of
 * `/insurances/:policyId/renew`). A read whose answer came with the page (the student's own frame)
 * is not made, nor one whose parameter is not a plain id (the page reads that itself). A page beneath
 * another (`subPage`: a policy's renewal beneath My Insurance) takes the answer of the same read
 * that a page got moments before, if it is young enough and nothing has changed since (see
 * @portal/shared's reads-ahead.ts): the policy the student just saw, without a round trip.
 */
export function startRouteReads(
  preloadApi: readonly string[] | undefined,
  profileId: string | null,
  params: Readonly<Record<string, string | undefined>> = {},
  { subPage = false }: { subPage?: boolean } = {},
): void {
  if (!preloadApi?.length || !profileId) return;
  for (const path of preloadApi) {
    const filled = fillRouteParams(path, params);
    if (filled === undefined) continue;
    const read = studentApiPath(filled, profileId);
    if (!preloadedAnswer(read)) startReadAhead(read, { recentWithinMs: subPage ? RECENT_ANSWER_MS : 0 });
  }
}

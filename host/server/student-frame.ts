// A student's own first frame: for a page whose route declares its first api reads (`preloadApi`, My
// Insurance's policies), the host server fetches those reads as the student (her cookie, to the api)
// and asks the remote that serves the page to render it with them (`POST /frames` on the remote's
// server, @portal/shared/frame-renderer). The page the phone paints then shows her policies before
// any script has arrived, where the build's frame shows card outlines. Whatever fails or is late
// (the api, the remote, an older remote without `/frames`) leaves the build's frame in place. The
// remote renders only for the host (the shared secret, FRAME_SECRET) and only so many items.
import type { Locale } from '@portal/shared/locales';
import { isPreloadApiPath, studentApiPath } from '@portal/shared/route-table';
import { FRAME_ITEM_LIMIT, FRAME_TIME_BUDGET_MS, frameItemCount } from '@portal/server';
import { askRemoteForFrame } from './remote-frame';
import { fetchJson, within } from './swr-cache';

/** How long the page waits for the reads and the remote's render together (both are local calls). */
export const STUDENT_FRAME_WAIT_MS = FRAME_TIME_BUDGET_MS;

/** What a student's frame is made of. */
export type StudentFrameRequest = {
  /** The api's origin, which the reads go to with the student's cookie. */
  apiOrigin: string;
  /** The remote's manifest URL; `frames` is beside it. */
  manifestUrl: string;
  route: string;
  locale: Locale;
  profileId: string;
  /** The route's `preloadApi`, `{profileId}` not filled in. */
  preloadApi: readonly string[];
  cookieHeader: string;
  /** What the remote knows the host by (FRAME_SECRET). */
  frameSecret: string;
};

async function render(fetchImpl: typeof fetch, request: StudentFrameRequest, signal: AbortSignal) {
  const paths = request.preloadApi
    .filter((path) => isPreloadApiPath(path))
    .map((path) => studentApiPath(path, request.profileId));
  if (paths.length === 0) return undefined;
  const bodies = await Promise.all(
    paths.map((path) =>
      fetchJson(
        fetchImpl,
        `${request.apiOrigin}/${path}`,
        { headers: { Accept: 'application/json', Cookie: request.cookieHeader } },
        signal,
      ),
    ),
  );
  const answers = Object.fromEntries(paths.map((path, index) => [path, bodies[index]]));
  // More than a frame shows: the remote would refuse it, so it is not even asked.
  if (frameItemCount(answers) > FRAME_ITEM_LIMIT) return undefined;
  const html = await askRemoteForFrame(
    fetchImpl,
    request,
    { route: request.route, locale: request.locale, profileId: request.profileId, answers },
    signal,
  );
  if (html === undefined) return undefined;
  return { html, answers };
}

/** A student's own frame and the api answers it shows (the page's first render takes them too). */
export type StudentFrame = { html: string; answers: Record<string, unknown> };

/** The student's own frame with its answers, or undefined when it cannot be had within {@link STUDENT_FRAME_WAIT_MS}. */
export async function studentFrame(
  fetchImpl: typeof fetch,
  request: StudentFrameRequest,
): Promise<StudentFrame | undefined> {
  const controller = new AbortController();
  try {
    return await within(render(fetchImpl, request, controller.signal), STUDENT_FRAME_WAIT_MS);
  } finally {
    controller.abort();
  }
}

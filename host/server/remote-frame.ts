// Asking a remote's server for a first frame (`POST /frames`, @portal/shared/frame-route): the one
// request a student's own frame (./student-frame.ts) and a content page's frame (./content-frame.ts)
// both make, with the shared secret the remote knows the host by.
import { frameTakesInputSafely } from '@portal/server/prerender-frame';
import type { FrameRequest } from '@portal/server/frame-renderer';
import { frameAuthorization } from '@portal/server';
import { fetchJson } from './swr-cache';

/**
 * The frame the remote beside `manifestUrl` renders for `request`, or undefined when its answer is
 * not one whose buttons wait for the app, like the build's own frames. Fails as `fetchJson` does.
 */
export async function askRemoteForFrame(
  fetchImpl: typeof fetch,
  { manifestUrl, frameSecret }: { manifestUrl: string; frameSecret: string },
  request: FrameRequest,
  signal: AbortSignal,
): Promise<string | undefined> {
  const answer = await fetchJson(
    fetchImpl,
    new URL('frames', manifestUrl).href,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: frameAuthorization(frameSecret),
      },
      body: JSON.stringify(request),
    },
    signal,
  );
  const html = (answer as { html?: unknown } | null)?.html;
  return typeof html === 'string' && frameTakesInputSafely(html) ? html : undefined;
}

// A content page's first frame with its content: for a page whose remote names the content queries it
// makes as it opens (`GET /frames`, the FAQ and Emergency of remote-service), the host server asks the
// content endpoint for them (with the content API key, as its proxy does) and the remote's server
// renders the page with the answers (`POST /frames`, @portal/shared/frame-renderer). The page the
// phone paints then shows the FAQ or the emergency numbers before any script has arrived, where the
// build's frame shows the page's loading state. The content is the same for every visitor, so both
// the answers and the frame are kept a while (./swr-cache.ts) and the page is compressed once. Whatever
// fails or is late leaves the build's frame in place.
import { contentLanguage } from '@portal/shared/locales';
import type { Locale } from '@portal/shared/locales';
import { FRAME_TIME_BUDGET_MS } from '@portal/server';
import { CONTENT_GRAPHQL_PATH } from './content-proxy';
import { askRemoteForFrame } from './remote-frame';
import { cached, fetchJson, swrCache, within } from './swr-cache';

/** One content query's answer, as the page's start data carries it (the browser's content client keeps it). */
export type ContentAnswer = { query: string; lang: string; data: unknown };

/** A content page's frame and the content it shows. */
export type ContentFrame = { html: string; content: ContentAnswer[] };

/** What a content page's frame is made of. */
export type ContentFrameRequest = {
  /** The remote's manifest URL; `frames` is beside it. */
  manifestUrl: string;
  route: string;
  /** The URL's path after the language: the page's parameters (an FAQ answer's category and id). */
  pathname: string;
  locale: Locale;
  /** A student is logged in: the page is rendered for some student, as the build's member frames are. */
  member: boolean;
  /** The route's content queries by operation name, as the remote published them. */
  queries: Record<string, string>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Content frames for the pages of one host server: `contentOrigin` and `contentApiKey` reach the
 * content endpoint, `frameSecret` is what the remotes know the host by.
 */
export function createContentFrames(
  fetchImpl: typeof fetch,
  {
    contentOrigin,
    contentApiKey,
    frameSecret,
  }: { contentOrigin: string; contentApiKey: string; frameSecret: string },
) {
  // A query's answer in one language: `data` only, and only without errors (a partial answer would
  // show a page the content endpoint did not mean).
  const answers = swrCache(async (key, signal) => {
    const { query, lang } = JSON.parse(key) as { query: string; lang: string };
    const url = new URL(CONTENT_GRAPHQL_PATH, contentOrigin);
    url.searchParams.set('sc_apikey', contentApiKey);
    const body = await fetchJson(
      fetchImpl,
      url.href,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ query, variables: { lang } }),
      },
      signal,
    );
    if (!isRecord(body) || !isRecord(body.data) || body.errors !== undefined)
      throw new Error(`The content endpoint did not answer ${query.slice(0, 40)}… with data.`);
    return body.data;
  });

  const frames = swrCache(async (key, signal) => {
    const request = JSON.parse(key) as ContentFrameRequest;
    const lang = contentLanguage(request.locale);
    const names = Object.keys(request.queries);
    const data = await Promise.all(
      names.map((name) => cached(answers, JSON.stringify({ query: request.queries[name], lang }))),
    );
    if (data.some((value) => value === undefined)) throw new Error('The content is not to be had.');
    const html = await askRemoteForFrame(
      fetchImpl,
      { manifestUrl: request.manifestUrl, frameSecret },
      {
        route: request.route,
        locale: request.locale,
        member: request.member,
        pathname: request.pathname,
        answers: {},
        content: Object.fromEntries(names.map((name, index) => [name, data[index]])),
      },
      signal,
    );
    if (html === undefined) throw new Error('No frame came.');
    const content: ContentAnswer[] = names.map((name, index) => ({
      query: request.queries[name] ?? '',
      lang,
      data: data[index],
    }));
    return { html, content } satisfies ContentFrame;
  });

  /** The page's frame with its content, or undefined when it cannot be had within the frame's budget. */
  return async function contentFrame(request: ContentFrameRequest): Promise<ContentFrame | undefined> {
    const { manifestUrl, route, pathname, locale, member, queries } = request;
    const key = JSON.stringify({ manifestUrl, route, pathname, locale, member, queries });
    return (await within(cached(frames, key), FRAME_TIME_BUDGET_MS)) as ContentFrame | undefined;
  };
}

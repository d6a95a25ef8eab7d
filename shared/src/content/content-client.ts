import { cacheExchange, Client, createRequest, fetchExchange, gql, ssrExchange } from '@portal/shared/urql';
import type { Exchange, SSRData } from '@portal/shared/urql';
import { filter } from 'wonka';

/** Path of the content GraphQL endpoint on the page origin; the host server adds the API key. */
export const CONTENT_ENDPOINT = '/sitecore/api/graph/edge';

/** Optional client identification sent with every content request. */
export type ContentClientConfig = {
  clientName?: string;
  clientVersion?: string;
};

let config: ContentClientConfig = {};

/**
 * Sets the client name and version headers (`apollographql-client-name` / `-version`). docs/requirements.md
 * §7: they are sent only when set, so by default no such header goes out.
 */
export function configureContentClient(next: ContentClientConfig): void {
  config = { ...next };
}

/** The headers {@link configureContentClient} asked for; empty when nothing was set. */
export function contentClientHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (config.clientName) headers['apollographql-client-name'] = config.clientName;
  if (config.clientVersion) headers['apollographql-client-version'] = config.clientVersion;
  return headers;
}

/**
 * One content query's answer that came with the page: the query as the remote publishes it (urql's
 * `stringifyDocument` of the page's own document), its `lang` and the endpoint's `data`.
 */
export type ContentAnswer = { query: string; lang: string; data: unknown };

const isServer = typeof window === 'undefined';

/**
 * The answers that came with the page (urql's `ssrExchange`). In a browser each is used once, by the
 * page's first render, and then lives in the document cache; on a server (a remote rendering a first
 * frame) the client only ever renders what it was given and fetches nothing.
 */
const pageAnswers = ssrExchange({ isClient: !isServer });

/** A server's last exchange: a query nobody gave an answer for stays loading, as in the build's frame. */
const answerNothingElse: Exchange = () => (operations) => filter(() => false)(operations) as never;

/** urql's key of a query with its language: the page's own `useQuery` of the same document has it. */
const answerKey = ({ query, lang }: Pick<ContentAnswer, 'query' | 'lang'>): string =>
  String(createRequest(gql(query), { lang }).key);

/**
 * Keeps content answers for the next render: a query the page makes with the same document and
 * language is answered at once, without a request (the host's start data, a remote's frame).
 */
export function keepContentAnswers(answers: readonly ContentAnswer[]): void {
  const restored: SSRData = {};
  for (const answer of answers)
    restored[answerKey(answer)] = { data: JSON.stringify(answer.data), hasNext: false };
  pageAnswers.restoreData(restored);
}

/** Forgets answers kept by {@link keepContentAnswers} (a server's next frame must not show them). */
export function forgetContentAnswers(answers: readonly Pick<ContentAnswer, 'query' | 'lang'>[]): void {
  const forgotten: Record<string, undefined> = {};
  for (const answer of answers) forgotten[answerKey(answer)] = undefined;
  // An absent entry rather than `null`, which ssrExchange would keep from ever being restored again.
  pageAnswers.restoreData(forgotten as unknown as SSRData);
}

/**
 * A new urql client for the content endpoint: POST only, in-memory document cache, urql's
 * built-in deduplication of identical queries in flight, and the answers that came with the page.
 */
export function createContentClient(): Client {
  return new Client({
    url: CONTENT_ENDPOINT,
    exchanges: isServer ? [pageAnswers, answerNothingElse] : [cacheExchange, pageAnswers, fetchExchange],
    preferGetMethod: false,
    // Read on every request, so that configureContentClient works after the client exists.
    fetchOptions: () => ({ headers: contentClientHeaders(), credentials: 'same-origin' }),
  });
}

/** The content client every part of the portal shares (pass it to urql's `Provider`). */
export const contentClient = createContentClient();

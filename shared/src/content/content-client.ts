import { cacheExchange, Client, fetchExchange } from '@portal/shared/urql';

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
 * A new urql client for the content endpoint: POST only, in-memory document cache, and urql's
 * built-in deduplication of identical queries in flight.
 */
export function createContentClient(): Client {
  return new Client({
    url: CONTENT_ENDPOINT,
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    // Read on every request, so that configureContentClient works after the client exists.
    fetchOptions: () => ({ headers: contentClientHeaders(), credentials: 'same-origin' }),
  });
}

/** The content client every part of the portal shares (pass it to urql's `Provider`). */
export const contentClient = createContentClient();

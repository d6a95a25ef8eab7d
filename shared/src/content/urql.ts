/**
 * The one urql of the portal: every app imports urql and @urql/core from here (ESLint forbids them
 * elsewhere). This module is shared as a singleton by Module Federation, so the host and the remotes
 * use one urql context and one content client; and because it names what the apps use instead of
 * sharing `urql` and `@urql/core` whole, webpack leaves the rest (subscriptions, debug and map exchanges,
 * …) out of the bundle. Add an export here when an app needs another part of urql.
 */
export {
  cacheExchange,
  Client,
  createRequest,
  fetchExchange,
  gql,
  ssrExchange,
  stringifyDocument,
} from '@urql/core';
export type { Exchange, SSRData, TypedDocumentNode } from '@urql/core';
export { Provider, useQuery } from 'urql';

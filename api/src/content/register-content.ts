import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import type { ValidationContext } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Plugin } from 'graphql-yoga';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createContentResolvers } from './content-resolvers.js';
import { apiPaths } from '../paths.js';
import { loadContent } from './content-store.js';

/** The content API key the reference backend accepts when CONTENT_API_KEY is not set (development only). */
export const DEV_CONTENT_API_KEY = 'portal-dev-content-key';
export const CONTENT_ENDPOINT = '/sitecore/api/graph/edge';
/**
 * The page tree query nests 4 levels of pages, which is 6 levels of fields; 8 leaves room for a
 * client's own shape while stopping queries that only exist to make the server work.
 */
export const MAX_QUERY_DEPTH = 8;
/** Most aliases in one query; the portal's queries use none. */
export const MAX_QUERY_ALIASES = 15;
/** Most tokens in one query; the page tree query, the largest the portal sends, has a few hundred. */
export const MAX_QUERY_TOKENS = 2000;
/**
 * Most cost in one query (graphql-armor's weights: 2 per object, 1 per scalar, times 1.5 per level). The
 * page tree query, the costliest the portal sends, costs about 230.
 */
export const MAX_QUERY_COST = 1000;

/** What the content endpoint is mounted with. */
export interface ContentOptions {
  apiKey: string;
  /** Introspection and field suggestions; only for development tools. */
  introspection?: boolean;
  /** The per-client request limit of the endpoint. */
  rateLimit?: RateLimitOptions;
}

// Armor's rejections become ordinary validation errors (400, like any other invalid query) instead of
// thrown ones, without the "Syntax Error:" prefix that would send a reader looking for a typo.
const reportAsValidationError = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      if (!context) throw error;
      context.reportError(new GraphQLError(error.message.replace(/^Syntax Error:\s*/, '')));
    },
  ],
};

/** Refuses `__schema` and `__type` queries: the schema is not published outside development. */
const disableIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

const SCHEMA_FILE = fileURLToPath(new URL('./schema.graphql', import.meta.url));

interface ContentRequestContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Mounts the content GraphQL endpoint (GET and POST) at /sitecore/api/graph/edge. Every request
 * must carry `sc_apikey` equal to `options.apiKey`, else 401 INVALID_API_KEY. The content files are
 * read and checked here, so a broken content file stops start-up with a message naming the file.
 */
export async function registerContent(app: FastifyInstance, options: ContentOptions): Promise<void> {
  if (options.apiKey.trim() === '') {
    throw new Error('registerContent: apiKey must not be empty.');
  }
  const expectedKey = digest(options.apiKey);
  const store = loadContent(apiPaths.content);
  const typeDefs = await readFile(SCHEMA_FILE, 'utf8');

  const yoga = createYoga<ContentRequestContext>({
    schema: createSchema({ typeDefs, resolvers: createContentResolvers(store) }),
    graphqlEndpoint: CONTENT_ENDPOINT,
    // Only in development; the page is itself behind the key, so it may send the key along with its queries.
    graphiql:
      process.env.NODE_ENV === 'development'
        ? {
            endpoint: `${CONTENT_ENDPOINT}?sc_apikey=${encodeURIComponent(options.apiKey)}`,
            title: 'Content endpoint',
          }
        : false,
    landingPage: false,
    // Unexpected resolver errors reach the client as "Unexpected error." and are logged in full.
    maskedErrors: true,
    // The browser reaches this endpoint only through the host's proxy, on the host's own origin.
    cors: false,
    logging: {
      debug: (...args: unknown[]) => app.log.debug(args.length === 1 ? args[0] : { args }),
      info: (...args: unknown[]) => app.log.info(args.length === 1 ? args[0] : { args }),
      warn: (...args: unknown[]) => app.log.warn(args.length === 1 ? args[0] : { args }),
      error: (...args: unknown[]) => app.log.error(args.length === 1 ? args[0] : { args }),
    },
    plugins: [
      maxDepthPlugin({
        n: MAX_QUERY_DEPTH,
        // Fragments only name a selection; counting them as a level would punish well-organised clients.
        flattenFragments: true,
        exposeLimits: true,
        ...reportAsValidationError,
      }),
      maxAliasesPlugin({ n: MAX_QUERY_ALIASES, exposeLimits: true, ...reportAsValidationError }),
      maxTokensPlugin({ n: MAX_QUERY_TOKENS, exposeLimits: true, ...reportAsValidationError }),
      costLimitPlugin({
        maxCost: MAX_QUERY_COST,
        flattenFragments: true,
        exposeLimits: true,
        ...reportAsValidationError,
      }),
      ...(options.introspection ? [] : [disableIntrospection, blockFieldSuggestionsPlugin()]),
    ],
  });

  app.route<{ Querystring: { sc_apikey?: unknown } }>({
    url: CONTENT_ENDPOINT,
    method: ['GET', 'POST', 'OPTIONS'],
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    // Checked before the body is read; hashing both sides keeps the comparison constant-time.
    onRequest: async (request, reply) => {
      const key = request.query.sc_apikey;
      if (typeof key !== 'string' || !timingSafeEqual(digest(key), expectedKey)) {
        return reply.code(401).send({ code: 'INVALID_API_KEY', message: 'A valid sc_apikey is required.' });
      }
    },
    handler: async (request, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}

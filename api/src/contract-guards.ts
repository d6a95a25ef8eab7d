import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/**
 * The longest request path (without its query) the api reads: its longest route with every parameter
 * at Fastify's 100-character limit is far shorter. A longer one gets 414, as every operation of the
 * OpenAPI document declares, before any route looks at it.
 */
export const MAX_PATH_LENGTH = 1024;

/**
 * Keeps every answer in the contract where Fastify's defaults would leave it: a body of a type no
 * operation takes (text/plain, which Fastify reads as a string by default) gets 415, never a 400 from
 * a route's own checks, and an over-long path gets 414 on every route, not only where a parameter is
 * too long.
 */
export function registerContractGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.length > MAX_PATH_LENGTH) throw new ApiError(414, 'URI_TOO_LONG', 'The address is too long.');
  });
}

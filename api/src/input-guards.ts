import { isPlainText } from '@portal/contract/validation';
import type { FastifyInstance } from 'fastify';
import { errors } from './errors.js';

/** A session id or a mailed token as this api makes them: 256 random bits, base64url. */
const RANDOM_ID = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of an id this api hands out; anything else is never looked up. */
export function isRandomId(value: string | undefined): value is string {
  return value !== undefined && RANDOM_ID.test(value);
}

/**
 * The longest path parameter or query value any route reads (an e-mail address has 254 characters, every
 * other id and query value fewer): a longer one names no record and is refused before any lookup.
 */
export const MAX_KEY_LENGTH = 254;

/**
 * Rejects path parameters and query values that are over-long (`validation.maxLength`) or hold control
 * characters or broken Unicode (`validation.text.invalid`) with 400 before any route reads them: they can
 * never name a record, and the database refuses such text (a NUL byte, half a surrogate pair, a key
 * longer than an index row) with an error that would otherwise become a 500.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // GraphQL queries sent by GET span lines; that endpoint parses its own input and stores nothing.
    if (request.url.startsWith('/sitecore/')) return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const bad = [...Object.entries(params), ...Object.entries(query)].flatMap(([field, value]) => {
      const values = (Array.isArray(value) ? value : [value]).filter((item) => typeof item === 'string');
      if (values.some((item) => item.length > MAX_KEY_LENGTH))
        return [{ field, code: 'validation.maxLength' }];
      if (values.some((item) => !isPlainText(item))) return [{ field, code: 'validation.text.invalid' }];
      return [];
    });
    if (bad.length > 0) throw errors.validation(bad);
  });
}

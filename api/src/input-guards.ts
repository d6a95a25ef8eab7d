import { isPlainText } from '@portal/shared/validation';
import type { FastifyInstance } from 'fastify';
import { errors } from './errors.js';

/** A session id or a mailed token as this api makes them: 256 random bits, base64url. */
const RANDOM_ID = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of an id this api hands out; anything else is never looked up. */
export function isRandomId(value: string | undefined): value is string {
  return value !== undefined && RANDOM_ID.test(value);
}

/**
 * Rejects path parameters and query values holding control characters or broken Unicode with 400
 * before any route reads them: they can never name a record, and the database refuses such text
 * (a NUL byte, half a surrogate pair) with an error that would otherwise become a 500.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // GraphQL queries sent by GET span lines; that endpoint parses its own input and stores nothing.
    if (request.url.startsWith('/sitecore/')) return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const bad = [...Object.entries(params), ...Object.entries(query)]
      .filter(([, value]) => {
        const values = Array.isArray(value) ? value : [value];
        return values.some((item) => typeof item === 'string' && !isPlainText(item));
      })
      .map(([field]) => ({ field, code: 'validation.text.invalid' }));
    if (bad.length > 0) throw errors.validation(bad);
  });
}

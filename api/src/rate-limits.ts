import rateLimit from '@fastify/rate-limit';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import { ApiError } from './errors.js';
import { isRandomId } from './input-guards.js';

/** 429 with the contract body; the plugin adds `Retry-After` (seconds) before the error is answered. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Registers the rate limiter without a global limit: only the routes that guess secrets (passwords,
 * mailed-link tokens), send mail or are expensive (content queries) opt in, keyed by the client's
 * address (the host's X-Forwarded-For, which only a trusted proxy may set).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
}

/** The account calls: login, activation, password and e-mail changes, reset requests. */
export function authRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.authPerMinute, timeWindow: 60_000 };
}

/** The content endpoint. */
export function contentRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.contentPerMinute, timeWindow: 60_000 };
}

/** Whether a verification lookup names a letter by its QR token (else by its short code). */
function isLinkLookup(request: FastifyRequest): boolean {
  return isRandomId((request.params as { code?: string } | undefined)?.code);
}

/**
 * The proof-of-cover check: a short code typed from a letter has far fewer bits than the QR code's token,
 * so it gets the stricter limit, counted apart from the token lookups of the same client address.
 */
export function verifyRateLimit(config: Config): RateLimitOptions {
  return {
    max: (request) =>
      isLinkLookup(request) ? config.rateLimits.verifyLinkPerMinute : config.rateLimits.verifyCodePerMinute,
    keyGenerator: (request) => `${isLinkLookup(request) ? 'link' : 'code'}:${request.ip}`,
    timeWindow: 60_000,
  };
}

/**
 * The passkey calls (login options and login, adding and removing a passkey): limited like the login,
 * per call and client address, so that neither challenges nor guessed assertions can be sent in bulk.
 */
export function passkeyRateLimit(config: Config): RateLimitOptions {
  return { max: config.rateLimits.authPerMinute, timeWindow: 60_000 };
}

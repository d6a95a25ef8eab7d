import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.js';

/**
 * Claims filed without a login, per client address and hour. Counted apart from every other limit
 * (its own key prefix): each claim tries a policy number with a date of birth, and a visitor who
 * mistypes a few times must not lock themselves out of logging in, nor the other way round.
 */
export function visitorClaimRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.rateLimits.visitorClaimsPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `visitor-claim:${request.ip}`,
  };
}

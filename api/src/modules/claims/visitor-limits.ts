import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { checkClaimQuota, clientKey } from '../../rate-limits.js';
import * as store from './store.js';

/**
 * Claims filed without a login, per client (its address, IPv6 by /64) and hour. Counted apart from every
 * other limit (its own key prefix): each claim tries a policy number with a date of birth, and a visitor
 * who mistypes a few times must not lock themselves out of logging in, nor the other way round.
 */
export function visitorClaimRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.rateLimits.visitorClaimsPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `visitor-claim:${clientKey(request)}`,
  };
}

/**
 * Visitors' claims on one policy number: at most `visitorClaimsPerPolicyPerDay` in 24 hours, whoever
 * files them, counted from the stored visitor claims. Checked by the number as typed, before the number
 * and date of birth are matched: the 429 is the same whatever date is sent, so it tells nothing about
 * the pair. The policyholder's own quota (`checkStudentClaimQuota`) counts her own claims only, so
 * visitors can never keep her from filing.
 */
export async function checkVisitorPolicyQuota(db: Db, config: Config, policyNumber: string): Promise<void> {
  await checkClaimQuota(config, config.rateLimits.visitorClaimsPerPolicyPerDay, (since) =>
    store.visitorClaimsSince(db, policyNumber, since),
  );
}

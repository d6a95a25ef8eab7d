import { claimSchema, visitorClaimSchema } from '@portal/contract/validation';
import type { ClaimablePolicy } from '@portal/contract/validation';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import type { RouteContext } from '../../http/context.js';
import { parseBody } from '../../validate.js';
import { CLAIM_FIELDS, readClaimParts } from './claim-form.js';
import { fileClaim } from './filing.js';
import * as store from './store.js';
import { checkVisitorPolicyQuota, visitorClaimRateLimit } from './visitor-limits.js';

/** A visitor proves they know the policy with its number and the policyholder's date of birth. */
const VISITOR_CLAIM_FIELDS = new Set([...CLAIM_FIELDS, 'birthDate']);

/**
 * The one answer to a visitor whose policy number and date of birth do not match a policy they can
 * claim on: the same whichever of the two is wrong (or both), so it tells nothing about either.
 */
export const visitorPolicyNotFound = () =>
  new ApiError(
    422,
    'POLICY_NOT_FOUND',
    'We could not find a policy with this policy number and date of birth.',
  );

/**
 * What a wrong pair is checked against, so that it takes the same steps as a right one: a period no
 * incident date falls outside of.
 */
const NO_POLICY: ClaimablePolicy = { policyNumber: '', startDate: '0001-01-01', endDate: '9999-12-31' };

/**
 * A visitor (no login) files a claim against the policy whose number and policyholder's date of birth
 * they give. The claim belongs to that policyholder; the visitor only learns its number.
 */
export async function visitorClaimRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  const { db, config, mailer } = context;
  const today = () => config.now();

  app.post(
    '/api/en/visitor-claims',
    { config: { rateLimit: visitorClaimRateLimit(config) } },
    async (request, reply) => {
      const visitorSchema = visitorClaimSchema({ today: today() });
      const { fields, uploaded, discard, receiptProblem } = await readClaimParts(
        db,
        request,
        VISITOR_CLAIM_FIELDS,
        null,
        visitorSchema,
      );
      try {
        // The formats and the receipts first: they depend on no policy, and say nothing about one.
        const visitor = parseBody(visitorSchema, fields);
        const fileIssue = receiptProblem();
        if (fileIssue) throw errors.validation([{ field: 'receipts', code: fileIssue }]);
        // Visitors' claims on this number, by the number as typed: the same answer whatever the date.
        await checkVisitorPolicyQuota(db, config, visitor.policyNumber);
        // Then the pair, and only then what depends on the policy (its period). A wrong pair and a right
        // pair with a date outside the period take the same steps and get the same 422: trying dates
        // tells neither the pair nor the period.
        const policy = await store.visitorPolicy(db, visitor.policyNumber, visitor.birthDate);
        const checked = v.safeParse(
          claimSchema({
            today: today(),
            policies: [policy ?? { ...NO_POLICY, policyNumber: visitor.policyNumber }],
          }),
          fields,
        );
        if (!policy || !checked.success) throw visitorPolicyNotFound();
        // The claim waits for the policyholder, who is mailed at once; it never counts against her quota.
        const claimNumber = await fileClaim(context, policy.profileId, checked.output, uploaded, policy);
        mailer.wake();
        return await reply.status(201).header('Cache-Control', 'no-store').send({ claimNumber });
      } catch (error) {
        await discard();
        throw error;
      }
    },
  );
}

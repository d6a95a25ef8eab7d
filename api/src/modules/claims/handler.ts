import { plainText } from '@portal/contract/validation';
import { refuseWithoutOpsToken } from '@portal/server/metrics';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import { mailStatusChange } from './mails.js';
import { parseBody } from '../../validate.js';
import { CLAIM_STATUSES } from '@portal/contract/validation';
import type { ClaimStatus } from '@portal/contract/validation';
import type { RouteContext } from '../../http/context.js';
import { CLAIM_NUMBER } from './own-claim.js';
import * as store from './store.js';

/** The longest note a handler may add to a status. */
export const HANDLER_NOTE_MAX = 1000;

/** Where a claim may go from each status; PAID and REJECTED are final. */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  RECEIVED: ['IN_REVIEW', 'REJECTED'],
  IN_REVIEW: ['DOCUMENTS_REQUESTED', 'APPROVED', 'REJECTED'],
  DOCUMENTS_REQUESTED: ['IN_REVIEW', 'REJECTED'],
  APPROVED: ['PAID'],
  REJECTED: [],
  PAID: [],
};

const statusChangeSchema = v.object({
  status: v.picklist(CLAIM_STATUSES, 'validation.option'),
  note: v.optional(
    v.pipe(
      v.string('validation.type'),
      v.trim(),
      v.maxLength(HANDLER_NOTE_MAX, 'validation.maxLength'),
      plainText({ multiline: true }),
    ),
  ),
});

type ClaimParams = { Params: { claimNumber: string } };

/**
 * The claims handler's side, standing in for the insurer's own system: it moves a claim to its next
 * status, with a history row for every change. An operations endpoint: only with OPS_TOKEN (404 without
 * it, 401 with a wrong one), never a student's session; the host never forwards `/api/ops/`.
 */
export async function claimHandlerRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  app.post<ClaimParams>('/api/ops/claims/:claimNumber/status', async (request, reply) => {
    if (refuseWithoutOpsToken(request, reply, config.opsToken)) return reply;
    const { claimNumber } = request.params;
    if (!CLAIM_NUMBER.test(claimNumber)) throw errors.notFound('Claim');
    const { status, note } = parseBody(statusChangeSchema, request.body);
    if (status === 'DOCUMENTS_REQUESTED' && !note) {
      throw errors.validation([{ field: 'note', code: 'validation.required' }]);
    }
    const now = config.now();
    const changed = await db.transaction(async (tx) => {
      const claim = await store.lockClaim(tx, claimNumber);
      if (!claim) throw errors.notFound('Claim');
      if (claim.holder_confirmation === 'PENDING') {
        throw new ApiError(
          409,
          'CLAIM_AWAITS_HOLDER',
          'This claim waits for the policyholder to confirm it; it cannot be handled yet.',
        );
      }
      if (!CLAIM_TRANSITIONS[claim.status].includes(status)) {
        throw new ApiError(
          409,
          'CLAIM_STATUS_CONFLICT',
          `A claim in ${claim.status} cannot move to ${status}.`,
          {
            currentStatus: claim.status,
            allowed: CLAIM_TRANSITIONS[claim.status],
          },
        );
      }
      await store.setStatus(tx, claimNumber, status);
      await store.addHistory(tx, claimNumber, status, now, note || null);
      await mailStatusChange(
        tx,
        mailer,
        claim.profile_id,
        { claimNumber, amount: Number(claim.amount) },
        { status, note: note || null, at: now },
        config.publicOrigin,
      );
      return { claimNumber, status, note: note || null, at: now.toISOString() };
    });
    mailer.wake();
    return reply.header('Cache-Control', 'no-store').send(changed);
  });
}

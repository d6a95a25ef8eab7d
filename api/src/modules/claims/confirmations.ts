import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { hashLinkToken } from '../../auth/tokens.js';
import type { Db } from '../../db/db.js';
import { ApiError, errors } from '../../errors.js';
import { isRandomId } from '../../input-guards.js';
import type { ClaimForConfirmation } from './visitor-mail.js';
import { authRateLimit } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import { maskIban } from './wire.js';
import * as store from './store.js';
import type { ConfirmationRow } from './store.js';
import type { RouteContext } from '../../http/context.js';
import { wireDate } from '../policies/store.js';

const toWire = (row: ConfirmationRow): ClaimForConfirmation => ({
  claimNumber: row.claim_number,
  policyNumber: row.policy_number,
  category: row.category,
  incidentDate: wireDate(row.incident_date),
  amount: Number(row.amount),
  iban: maskIban(row.iban),
  submittedAt: new Date(row.submitted_at).toISOString(),
  decision: row.holder_confirmation,
});

async function findByToken(db: Db, token: string): Promise<ConfirmationRow> {
  // A value this api never mailed names no claim and is not looked up.
  if (!isRandomId(token)) throw errors.notFound('Claim');
  const row = await store.findByConfirmationHash(db, hashLinkToken(token));
  if (!row) throw errors.notFound('Claim');
  return row;
}

const decisionSchema = v.object({ decision: v.picklist(['CONFIRMED', 'REFUSED'], 'validation.option') });

type TokenParams = { Params: { token: string } };

/**
 * The policyholder's answer to a claim a visitor filed on her policy, by the mailed link alone (the
 * mailbox proves it is her, as for a new password). Confirmed, the claim is handled; refused, it is
 * closed (REJECTED, with its history row). A decision is final: the same one again changes nothing, the
 * other one gets 409 CLAIM_DECIDED.
 */
export async function claimConfirmationRoutes(
  app: FastifyInstance,
  { db, config }: RouteContext,
): Promise<void> {
  const limited = { config: { rateLimit: authRateLimit(config) } };

  app.get<TokenParams>('/api/claim-confirmations/:token', limited, async (request) =>
    toWire(await findByToken(db, request.params.token)),
  );

  app.post<TokenParams>('/api/claim-confirmations/:token', limited, async (request) => {
    const claim = await findByToken(db, request.params.token);
    const { decision } = parseBody(decisionSchema, request.body);
    const now = config.now();
    const decided = await db.transaction(async (tx) => {
      // Only over a claim still waiting: two answers sent together cannot both decide.
      const updated = await store.decideAsHolder(tx, claim.claim_number, decision, now);
      if (updated && decision === 'REFUSED') await store.addRefusalHistory(tx, claim.claim_number, now);
      return updated;
    });
    if (decided) return toWire(decided);
    const current = await findByToken(db, request.params.token);
    if (current.holder_confirmation === decision) return toWire(current);
    throw new ApiError(
      409,
      'CLAIM_DECIDED',
      current.holder_confirmation === 'CONFIRMED'
        ? 'You have already confirmed this claim.'
        : 'You have already refused this claim.',
    );
  });
}

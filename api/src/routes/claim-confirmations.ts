import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { hashLinkToken } from '../auth/tokens.js';
import type { Db } from '../db/db.js';
import { ApiError, errors } from '../errors.js';
import { isRandomId } from '../input-guards.js';
import type { ClaimForConfirmation, HolderDecision } from '../mail/visitor-claim-mail.js';
import { authRateLimit } from '../rate-limits.js';
import { parseBody } from '../validate.js';
import { maskIban } from './claims.js';
import type { RouteContext } from './context.js';
import { wireDate } from './policy-store.js';

interface ConfirmationRow {
  claim_number: string;
  policy_number: string;
  category: string;
  incident_date: Date | string;
  amount: string;
  iban: string;
  submitted_at: Date | string;
  holder_confirmation: HolderDecision;
}

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

const SELECT = `SELECT claim_number, policy_number, category, incident_date, amount, iban, submitted_at,
  holder_confirmation FROM claims WHERE confirmation_token_hash = $1`;

async function findByToken(db: Db, token: string): Promise<ConfirmationRow> {
  // A value this api never mailed names no claim and is not looked up.
  if (!isRandomId(token)) throw errors.notFound('Claim');
  const [row] = await db.query<ConfirmationRow>(SELECT, [hashLinkToken(token)]);
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
      const [updated] = await tx.query<ConfirmationRow>(
        `UPDATE claims SET holder_confirmation = $2, holder_decided_at = $3,
           status = CASE WHEN $2 = 'REFUSED' THEN 'REJECTED' ELSE status END
         WHERE claim_number = $1 AND holder_confirmation = 'PENDING'
         RETURNING claim_number, policy_number, category, incident_date, amount, iban, submitted_at,
           holder_confirmation`,
        [claim.claim_number, decision, now],
      );
      if (updated && decision === 'REFUSED') {
        await tx.query(
          "INSERT INTO claim_history (claim_number, status, at, reason) VALUES ($1, 'REJECTED', $2, 'POLICYHOLDER_REFUSED')",
          [claim.claim_number, now],
        );
      }
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

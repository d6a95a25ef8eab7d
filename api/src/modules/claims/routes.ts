import { claimSchema } from '@portal/contract/validation';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../auth/session.js';
import { errors } from '../../errors.js';
import type { RouteContext } from '../../http/context.js';
import { checkStudentClaimQuota } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import { CLAIM_FIELDS, finishedUploads, readClaimParts } from './claim-form.js';
import { fileClaim } from './filing.js';
import { ownClaim } from './own-claim.js';
import * as store from './store.js';
import { claimDetail, claimSummary } from './wire.js';

type ClaimParams = { Params: { claimNumber: string } };
type ProfileParams = { Params: { profileId: string } };

/**
 * A student's claims: filing one with its receipts, the list of hers, and one with its history and
 * receipts. Beside them in this module: a visitor's claim (./visitor-claims.ts), the documents added on
 * request and a receipt's download (./claim-receipts.ts), resumable receipt uploads (./receipt-uploads.ts),
 * the policyholder's answer to a visitor's claim (./confirmations.ts) and the handler's status change
 * (./handler.ts).
 */
export async function claimRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  const { db, config, mailer } = context;
  const today = () => config.now();

  app.post('/api/en/claims', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    // Over the day's quota, the upload is refused before a single receipt byte is written.
    await checkStudentClaimQuota(db, config, principal.profileId);
    const policies = await store.claimablePolicies(db, principal.profileId);
    const schema = claimSchema({ today: today(), policies });
    const { fields, uploaded, uploadIds, discard, receiptProblem } = await readClaimParts(
      db,
      request,
      CLAIM_FIELDS,
      principal.profileId,
      schema,
    );
    try {
      const body = parseBody(schema, fields);
      // Receipts uploaded before (resumable) come first, then any sent with the form.
      const receipts = [...(await finishedUploads(db, principal.profileId, uploadIds)), ...uploaded];
      const fileIssue = receiptProblem(receipts);
      if (fileIssue) throw errors.validation([{ field: 'receipts', code: fileIssue }]);
      const claimNumber = await fileClaim(context, principal.profileId, body, receipts);
      mailer.wake();
      return await reply.status(201).header('Cache-Control', 'no-store').send({ claimNumber });
    } catch (error) {
      await discard();
      throw error;
    }
  });

  app.get<ProfileParams>('/api/en/profiles/:profileId/claims', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    const rows = await store.listClaims(db, principal.profileId);
    void reply.header('Cache-Control', 'no-store');
    return rows.map(claimSummary);
  });

  app.get<ClaimParams>('/api/en/claims/:claimNumber', async (request, reply) => {
    const claim = await ownClaim(db, config, request);
    const history = await store.claimHistory(db, claim.claim_number);
    const receipts = await store.claimReceipts(db, claim.claim_number);
    void reply.header('Cache-Control', 'no-store');
    return claimDetail(claim, history, receipts);
  });
}

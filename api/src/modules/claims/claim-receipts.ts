import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import type { RouteContext } from '../../http/context.js';
import { finishedUploads, readClaimParts } from './claim-form.js';
import { mailStatusChange } from './mails.js';
import { ownClaim } from './own-claim.js';
import { RECEIPT_ID, contentDisposition, receiptName } from './receipt-files.js';
import * as store from './store.js';

/** Adding documents to a claim sends files only. */
const NO_FIELDS = new Set<string>();

type ClaimParams = { Params: { claimNumber: string } };
type ReceiptParams = { Params: { claimNumber: string; id: string } };

/** A filed claim's receipts: the documents the handler asked for, added by the student, and the download of one. */
export async function claimReceiptRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const today = () => config.now();

  // "We need more documents": the student adds what the handler asked for to a claim in
  // DOCUMENTS_REQUESTED, with the claim form's rules for receipts. The files are stored with the claim's
  // receipts (after those it has), and the claim goes back to IN_REVIEW with its history row and mail.
  app.post<ClaimParams>('/api/en/claims/:claimNumber/documents', async (request, reply) => {
    const claim = await ownClaim(db, config, request);
    if (claim.status !== 'DOCUMENTS_REQUESTED') {
      throw new ApiError(409, 'NO_DOCUMENTS_REQUESTED', 'No documents are requested for this claim.');
    }
    const { uploaded, uploadIds, discard, receiptProblem } = await readClaimParts(
      db,
      request,
      NO_FIELDS,
      claim.profile_id,
      v.object({}),
    );
    try {
      const receipts = [...(await finishedUploads(db, claim.profile_id, uploadIds)), ...uploaded];
      if (receipts.length === 0)
        throw errors.validation([{ field: 'receipts', code: 'validation.required' }]);
      const fileIssue = receiptProblem(receipts);
      if (fileIssue) throw errors.validation([{ field: 'receipts', code: fileIssue }]);
      const now = today();
      const moved = await db.transaction(async (tx) => {
        // Only from DOCUMENTS_REQUESTED: two sends at once, or a handler's change meanwhile, move it once.
        const updated = await store.reopenForReview(tx, claim.claim_number);
        if (!updated) return false;
        const ids = receipts.map((receipt) => receipt.id);
        if (!(await store.addReceipts(tx, claim.claim_number, ids)))
          throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
        await store.addHistory(tx, claim.claim_number, 'IN_REVIEW', now);
        await mailStatusChange(
          tx,
          mailer,
          claim.profile_id,
          { claimNumber: claim.claim_number, amount: Number(updated.amount) },
          { status: 'IN_REVIEW', note: null, at: now },
          config.publicOrigin,
        );
        return true;
      });
      if (!moved)
        throw new ApiError(409, 'NO_DOCUMENTS_REQUESTED', 'No documents are requested for this claim.');
      mailer.wake();
      return await reply
        .status(201)
        .header('Cache-Control', 'no-store')
        .send({ claimNumber: claim.claim_number, status: 'IN_REVIEW', added: receipts.length });
    } catch (error) {
      await discard();
      throw error;
    }
  });

  app.get<ReceiptParams>('/api/en/claims/:claimNumber/receipts/:id', async (request, reply) => {
    const claim = await ownClaim(db, config, request);
    if (!RECEIPT_ID.test(request.params.id)) throw errors.notFound('Receipt');
    const receipt = await store.findReceipt(db, claim.claim_number, request.params.id);
    if (!receipt?.stored) throw errors.notFound('Receipt');
    // One chunk at a time from the database to the client.
    const chunks = await store.receiptChunks(db, receipt.id);
    return reply
      .header('Content-Type', receipt.content_type)
      .header('Content-Length', String(receipt.size))
      .header('Content-Disposition', contentDisposition(receiptName(receipt.name, receipt.content_type)))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(chunks));
  });
}

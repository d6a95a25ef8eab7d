import { CLAIM_MAX_RECEIPTS, isPlainText, receiptIssue } from '@portal/contract/validation';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Db } from '../../db/db.js';
import { ApiError, errors } from '../../errors.js';
import { parseBody } from '../../validate.js';
import { RECEIPT_ID, storeReceipt } from './receipt-files.js';
import type { UploadedReceipt } from './receipt-files.js';
import * as store from './store.js';

// The claim form as it arrives: a multipart body of text fields and receipts, and the ids of receipts
// uploaded before it with the resumable protocol.

/** The text fields of a student's claim. */
export const CLAIM_FIELDS = new Set([
  'policyNumber',
  'category',
  'incidentDate',
  'description',
  'amount',
  'iban',
]);

/**
 * The form field naming a receipt already uploaded with the resumable protocol (./receipt-uploads.ts),
 * once for each such receipt; the claim (or the added documents) takes it instead of its bytes.
 */
export const UPLOADED_RECEIPT_FIELD = 'uploadedReceipts';

/**
 * The student's finished resumable uploads named by `ids`, not yet filed with a claim, in that order.
 * An id that is not such an upload of hers (another student's, unfinished, already filed) is refused
 * as a receipt that has not arrived.
 */
export async function finishedUploads(
  db: Db,
  profileId: string,
  ids: readonly string[],
): Promise<UploadedReceipt[]> {
  if (ids.length === 0) return [];
  const rows = await store.finishedUploads(db, profileId, ids);
  const found = new Map(rows.map((row) => [row.id, row]));
  if (new Set(ids).size !== ids.length || ids.some((id) => !found.has(id))) {
    throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
  }
  return ids.map((id) => ({ id, type: found.get(id)!.content_type, size: found.get(id)!.size }));
}

/**
 * Reads a claim's multipart body: its text fields (only `allowed` ones) and its receipts, each stored
 * as it streams in. `discard` removes the stored receipts of a claim that is not filed. The form's
 * fields come before its files (the portal sends them so): fields that fail `schema` are refused at
 * the first file, before up to 50 MB of receipts are stored for nothing.
 */
export async function readClaimParts(
  db: Db,
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
  profileId: string | null,
  schema: v.GenericSchema,
) {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the claim as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const uploaded: UploadedReceipt[] = [];
  const uploadIds: string[] = [];
  const discard = () =>
    store.discardReceipts(
      db,
      uploaded.map((receipt) => receipt.id),
    );
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'receipts') {
          part.file.resume();
          throw errors.validation([{ field: part.fieldname, code: 'validation.option' }]);
        }
        // A file name is stored as text: a NUL byte or half a surrogate pair is refused like in any field.
        if (!isPlainText(part.filename)) {
          part.file.resume();
          throw errors.validation([{ field: 'receipts', code: 'validation.text.invalid' }]);
        }
        if (uploaded.length === 0 && !v.safeParse(schema, fields).success) {
          part.file.resume();
          parseBody(schema, fields);
        }
        await storeReceipt(db, profileId, uploaded.length, part, uploaded);
      } else if (part.fieldname === UPLOADED_RECEIPT_FIELD && profileId !== null) {
        // Only a logged-in student uploads with the resumable protocol: her own uploads, by their ids.
        if (typeof part.value !== 'string' || !RECEIPT_ID.test(part.value))
          throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
        uploadIds.push(part.value);
        if (uploadIds.length > CLAIM_MAX_RECEIPTS)
          throw errors.validation([{ field: 'receipts', code: 'validation.files.tooMany' }]);
      } else {
        if (!allowed.has(part.fieldname))
          throw errors.validation([{ field: part.fieldname, code: 'validation.option' }]);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  const receiptProblem = (receipts: readonly UploadedReceipt[] = uploaded) =>
    receiptIssue(receipts.map((receipt) => ({ type: receipt.type ?? 'unknown', size: receipt.size })));
  return { fields, uploaded, uploadIds, discard, receiptProblem };
}

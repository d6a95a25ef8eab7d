import type { ClaimStatus, ClaimablePolicy } from '@portal/contract/validation';
import type { Db } from '../../db/db.js';
import type { HolderDecision } from './visitor-mail.js';
import { wireDate } from '../policies/store.js';

// The claims' SQL: claims, their history and their receipts (stored in chunks). Each function takes the
// database or a transaction, so that the routes decide what is written together.

/** A claims row. */
export interface ClaimRow {
  claim_number: string;
  profile_id: string;
  policy_number: string;
  category: string;
  incident_date: Date | string;
  description: string;
  amount: string;
  iban: string;
  status: ClaimStatus;
  submitted_at: Date | string;
}

/** A claim_receipts row, without its chunks. */
export interface ReceiptRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  stored: boolean;
}

/** A step of a claim's history. */
export interface HistoryRow {
  status: ClaimStatus;
  at: Date | string;
  reason: string | null;
  note: string | null;
}

/** A claim as it is filed, checked. */
export interface NewClaim {
  claimNumber: string;
  profileId: string;
  policyNumber: string;
  category: string;
  incidentDate: string;
  description: string;
  amount: number;
  iban: string;
  submittedAt: Date;
  filedBy: 'student' | 'visitor';
  /** A visitor's claim waits for the policyholder: the hash of the mailed link's token. */
  confirmationTokenHash: string | null;
}

/** The student's policies a claim can be filed against: numbered, and not refused or cancelled from the start. */
export async function claimablePolicies(db: Db, profileId: string): Promise<ClaimablePolicy[]> {
  const rows = await db.query<{ policy_number: string; start_date: string; end_date: string }>(
    `SELECT policy_number, start_date, end_date FROM policies
     WHERE profile_id = $1 AND policy_number IS NOT NULL AND status <> 'DISAPPROVED' AND NOT cancelled_from_start`,
    [profileId],
  );
  return rows.map((row) => ({
    policyNumber: row.policy_number,
    startDate: wireDate(row.start_date),
    endDate: wireDate(row.end_date),
  }));
}

/**
 * The claimable policy with this number whose policyholder was born on `birthDate`, with its owner.
 * One query with both conditions, so a wrong number and a wrong date take the same path and time.
 */
export async function visitorPolicy(
  db: Db,
  policyNumber: string,
  birthDate: string,
): Promise<(ClaimablePolicy & { profileId: string; holderEmail: string }) | undefined> {
  const [row] = await db.query<{
    profile_id: string;
    policy_number: string;
    start_date: string;
    end_date: string;
    email: string;
  }>(
    `SELECT p.profile_id, p.policy_number, p.start_date, p.end_date, a.email FROM policies p
     JOIN profiles pr ON pr.profile_id = p.profile_id
     JOIN accounts a ON a.id = pr.account_id
     WHERE p.policy_number = $1 AND pr.birth_date = $2::date
       AND p.status <> 'DISAPPROVED' AND NOT p.cancelled_from_start
     LIMIT 1`,
    [policyNumber, birthDate],
  );
  return row
    ? {
        profileId: row.profile_id,
        holderEmail: row.email,
        policyNumber: row.policy_number,
        startDate: wireDate(row.start_date),
        endDate: wireDate(row.end_date),
      }
    : undefined;
}

/** Visitors' claims on this policy number submitted after `since`, and when the oldest of them was. */
export async function visitorClaimsSince(
  db: Db,
  policyNumber: string,
  since: Date,
): Promise<{ claims: number; oldest: Date | null }> {
  const [row] = await db.query<{ claims: number; oldest: Date | string | null }>(
    `SELECT count(*)::int AS claims, min(submitted_at) AS oldest FROM claims
     WHERE filed_by = 'visitor' AND policy_number = $1 AND submitted_at > $2`,
    [policyNumber, since],
  );
  return { claims: row?.claims ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** The language the profile's mails are written in (as stored; the mail module reads it). */
export async function mailLanguageOf(db: Db, profileId: string): Promise<string | undefined> {
  const [row] = await db.query<{ mail_language: string }>(
    'SELECT mail_language FROM profiles WHERE profile_id = $1',
    [profileId],
  );
  return row?.mail_language;
}

/** The profile's address and mail settings, as the claim mails address her. */
export async function mailSettingsOf(
  db: Db,
  profileId: string,
): Promise<{ email: string; mail_language: string; claim_mails: boolean } | undefined> {
  const [row] = await db.query<{ email: string; mail_language: string; claim_mails: boolean }>(
    `SELECT a.email, p.mail_language, p.claim_mails FROM profiles p JOIN accounts a ON a.id = p.account_id
     WHERE p.profile_id = $1`,
    [profileId],
  );
  return row;
}

export async function findClaim(db: Db, claimNumber: string): Promise<ClaimRow | undefined> {
  const [row] = await db.query<ClaimRow>('SELECT * FROM claims WHERE claim_number = $1', [claimNumber]);
  return row;
}

/** The profile's claims, newest first. */
export function listClaims(db: Db, profileId: string): Promise<ClaimRow[]> {
  return db.query<ClaimRow>(
    'SELECT * FROM claims WHERE profile_id = $1 ORDER BY submitted_at DESC, claim_number DESC',
    [profileId],
  );
}

/** The claim's steps, oldest first. */
export function claimHistory(db: Db, claimNumber: string): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    'SELECT status, at, reason, note FROM claim_history WHERE claim_number = $1 ORDER BY at, seq',
    [claimNumber],
  );
}

/** The claim's receipts, in their order. */
export function claimReceipts(db: Db, claimNumber: string): Promise<ReceiptRow[]> {
  return db.query<ReceiptRow>(
    'SELECT id, name, content_type, size, stored FROM claim_receipts WHERE claim_number = $1 ORDER BY position',
    [claimNumber],
  );
}

/** Stores a new claim, RECEIVED (a visitor's PENDING the policyholder's confirmation). */
export async function insertClaim(db: Db, claim: NewClaim): Promise<void> {
  await db.query(
    `INSERT INTO claims (claim_number, profile_id, policy_number, category, incident_date, description, amount,
      iban, status, submitted_at, filed_by, holder_confirmation, confirmation_token_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'RECEIVED', $9, $10, $11, $12)`,
    [
      claim.claimNumber,
      claim.profileId,
      claim.policyNumber,
      claim.category,
      claim.incidentDate,
      claim.description,
      claim.amount,
      claim.iban,
      claim.submittedAt,
      claim.filedBy,
      claim.filedBy === 'visitor' ? 'PENDING' : null,
      claim.confirmationTokenHash,
    ],
  );
}

/** A step of the claim's history, with the handler's note where there is one. */
export async function addHistory(
  db: Db,
  claimNumber: string,
  status: ClaimStatus,
  at: Date,
  note?: string | null,
): Promise<void> {
  if (note === undefined) {
    await db.query('INSERT INTO claim_history (claim_number, status, at) VALUES ($1, $2, $3)', [
      claimNumber,
      status,
      at,
    ]);
    return;
  }
  await db.query('INSERT INTO claim_history (claim_number, status, at, note) VALUES ($1, $2, $3, $4)', [
    claimNumber,
    status,
    at,
    note,
  ]);
}

/** The policyholder's refusal of a visitor's claim, as its history row. */
export async function addRefusalHistory(db: Db, claimNumber: string, at: Date): Promise<void> {
  await db.query(
    "INSERT INTO claim_history (claim_number, status, at, reason) VALUES ($1, 'REJECTED', $2, 'POLICYHOLDER_REFUSED')",
    [claimNumber, at],
  );
}

/** What the handler's change needs of a claim, locked for the transaction (undefined: no such claim). */
export async function lockClaim(
  db: Db,
  claimNumber: string,
): Promise<
  { status: ClaimStatus; holder_confirmation: string | null; profile_id: string; amount: string } | undefined
> {
  const [claim] = await db.query<{
    status: ClaimStatus;
    holder_confirmation: string | null;
    profile_id: string;
    amount: string;
  }>(
    'SELECT status, holder_confirmation, profile_id, amount FROM claims WHERE claim_number = $1 FOR UPDATE',
    [claimNumber],
  );
  return claim;
}

export async function setStatus(db: Db, claimNumber: string, status: ClaimStatus): Promise<void> {
  await db.query('UPDATE claims SET status = $2 WHERE claim_number = $1', [claimNumber, status]);
}

/** A visitor's claim as its policyholder confirms or refuses it. */
export interface ConfirmationRow {
  claim_number: string;
  policy_number: string;
  category: string;
  incident_date: Date | string;
  amount: string;
  iban: string;
  submitted_at: Date | string;
  holder_confirmation: HolderDecision;
}

const CONFIRMATION_COLUMNS = `claim_number, policy_number, category, incident_date, amount, iban, submitted_at,
  holder_confirmation`;

/** The claim whose mailed link's token hashes to `tokenHash`. */
export async function findByConfirmationHash(
  db: Db,
  tokenHash: string,
): Promise<ConfirmationRow | undefined> {
  const [row] = await db.query<ConfirmationRow>(
    `SELECT ${CONFIRMATION_COLUMNS} FROM claims WHERE confirmation_token_hash = $1`,
    [tokenHash],
  );
  return row;
}

/**
 * Records the policyholder's decision, only over a claim still waiting (two answers sent together
 * cannot both decide); a refusal closes the claim as REJECTED. Undefined when it was no longer waiting.
 */
export async function decideAsHolder(
  db: Db,
  claimNumber: string,
  decision: 'CONFIRMED' | 'REFUSED',
  at: Date,
): Promise<ConfirmationRow | undefined> {
  const [updated] = await db.query<ConfirmationRow>(
    `UPDATE claims SET holder_confirmation = $2, holder_decided_at = $3,
       status = CASE WHEN $2 = 'REFUSED' THEN 'REJECTED' ELSE status END
     WHERE claim_number = $1 AND holder_confirmation = 'PENDING'
     RETURNING ${CONFIRMATION_COLUMNS}`,
    [claimNumber, decision, at],
  );
  return updated;
}

/**
 * Moves a claim from DOCUMENTS_REQUESTED back to IN_REVIEW; its amount, or undefined when it was no
 * longer waiting for documents (two sends at once, or a handler's change meanwhile, move it once).
 */
export async function reopenForReview(db: Db, claimNumber: string): Promise<{ amount: string } | undefined> {
  const [updated] = await db.query<{ amount: string }>(
    `UPDATE claims SET status = 'IN_REVIEW' WHERE claim_number = $1 AND status = 'DOCUMENTS_REQUESTED'
     RETURNING amount`,
    [claimNumber],
  );
  return updated;
}

/** Starts storing a receipt: its row, empty and of no type yet, at `position`. */
export async function insertReceipt(
  db: Db,
  receipt: { id: string; profileId: string | null; position: number; name: string },
): Promise<void> {
  await db.query(
    `INSERT INTO claim_receipts (id, claim_number, profile_id, position, name, content_type, size)
     VALUES ($1, NULL, $2, $3, $4, 'application/octet-stream', 0)`,
    [receipt.id, receipt.profileId, receipt.position, receipt.name],
  );
}

export async function insertReceiptChunk(
  db: Db,
  receiptId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.query('INSERT INTO claim_receipt_chunks (receipt_id, seq, data) VALUES ($1, $2, $3)', [
    receiptId,
    seq,
    data,
  ]);
}

/** A receipt stored whole: its type read from its bytes, its size and the name that goes with the type. */
export async function completeReceipt(
  db: Db,
  receipt: { id: string; type: string; size: number; name: string },
): Promise<void> {
  await db.query('UPDATE claim_receipts SET content_type = $2, size = $3, name = $4 WHERE id = $1', [
    receipt.id,
    receipt.type,
    receipt.size,
    receipt.name,
  ]);
}

/** Deletes receipts that no claim took (with their chunks). */
export async function discardReceipts(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('DELETE FROM claim_receipts WHERE id = ANY($1) AND claim_number IS NULL', [ids]);
}

/** The profile's finished resumable uploads among `ids` that no claim has taken yet. */
export function finishedUploads(
  db: Db,
  profileId: string,
  ids: readonly string[],
): Promise<{ id: string; content_type: string; size: number }[]> {
  return db.query(
    `SELECT r.id, r.content_type, r.size FROM receipt_uploads u JOIN claim_receipts r ON r.id = u.id
     WHERE u.id = ANY($1) AND u.profile_id = $2 AND u.finished_at IS NOT NULL AND r.claim_number IS NULL`,
    [ids, profileId],
  );
}

/**
 * Files the receipts `ids` with a new claim, in that order; how many it took (a receipt another claim
 * has just taken is not taken twice).
 */
export async function takeReceipts(
  db: Db,
  claimNumber: string,
  profileId: string,
  ids: readonly string[],
): Promise<number> {
  const taken = await db.query(
    `UPDATE claim_receipts SET claim_number = $1, profile_id = $2, position = array_position($3::text[], id) - 1
     WHERE id = ANY($3) AND claim_number IS NULL RETURNING id`,
    [claimNumber, profileId, ids],
  );
  return taken.length;
}

/** Adds the receipts `ids` to a claim after those it has, in that order; whether every one was free. */
export async function addReceipts(db: Db, claimNumber: string, ids: readonly string[]): Promise<boolean> {
  const [last] = await db.query<{ next: number }>(
    'SELECT coalesce(max(position) + 1, 0)::int AS next FROM claim_receipts WHERE claim_number = $1',
    [claimNumber],
  );
  for (const [index, id] of ids.entries()) {
    const [taken] = await db.query(
      `UPDATE claim_receipts SET claim_number = $1, position = $2 WHERE id = $3 AND claim_number IS NULL
       RETURNING id`,
      [claimNumber, (last?.next ?? 0) + index, id],
    );
    if (!taken) return false;
  }
  return true;
}

/** One receipt of the claim, without its bytes. */
export async function findReceipt(db: Db, claimNumber: string, id: string): Promise<ReceiptRow | undefined> {
  const [receipt] = await db.query<ReceiptRow>(
    'SELECT id, name, content_type, size, stored FROM claim_receipts WHERE id = $1 AND claim_number = $2',
    [id, claimNumber],
  );
  return receipt;
}

/** A receipt's bytes, one chunk at a time from the database; how many chunks is read at once. */
export async function receiptChunks(db: Db, receiptId: string): Promise<AsyncGenerator<Buffer>> {
  const [count] = await db.query<{ chunks: number }>(
    'SELECT count(*)::int AS chunks FROM claim_receipt_chunks WHERE receipt_id = $1',
    [receiptId],
  );
  const chunks = count?.chunks ?? 0;
  return (async function* () {
    for (let seq = 0; seq < chunks; seq += 1) {
      const chunk = await receiptChunk(db, receiptId, seq);
      if (chunk) yield chunk;
    }
  })();
}

/** Chunk `seq` (from 0) of a receipt's bytes; undefined past its last. */
export async function receiptChunk(db: Db, receiptId: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await db.query<{ data: Uint8Array }>(
    'SELECT data FROM claim_receipt_chunks WHERE receipt_id = $1 AND seq = $2',
    [receiptId, seq],
  );
  return row ? Buffer.from(row.data) : undefined;
}

/** The profile that began the resumable upload `id`, while no claim has taken it; undefined otherwise. */
export async function unfiledUploadOwner(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ profile_id: string }>(
    `SELECT u.profile_id FROM receipt_uploads u JOIN claim_receipts r ON r.id = u.id
     WHERE u.id = $1 AND r.claim_number IS NULL`,
    [id],
  );
  return row?.profile_id;
}

/** Deletes the profile's uploads begun more than a day ago and never filed. */
export async function deleteStaleUploads(db: Db, profileId: string): Promise<void> {
  await db.query(
    `DELETE FROM claim_receipts WHERE claim_number IS NULL AND id IN (
       SELECT id FROM receipt_uploads WHERE profile_id = $1 AND created_at < now() - interval '1 day')`,
    [profileId],
  );
}

/** How many of the profile's uploads wait to be filed with a claim. */
export async function countUnfiledUploads(db: Db, profileId: string): Promise<number> {
  const [open] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM receipt_uploads u JOIN claim_receipts r ON r.id = u.id
     WHERE u.profile_id = $1 AND r.claim_number IS NULL`,
    [profileId],
  );
  return open?.count ?? 0;
}

/** The metadata of an upload whose bytes have all arrived but that was never finished; undefined otherwise. */
export async function arrivedUnfinishedUpload(
  db: Db,
  id: string,
): Promise<Record<string, string | null> | undefined> {
  const [row] = await db.query<{ metadata: Record<string, string | null> }>(
    `SELECT metadata FROM receipt_uploads
     WHERE id = $1 AND finished_at IS NULL AND upload_length > 0 AND upload_offset = upload_length`,
    [id],
  );
  return row?.metadata;
}

import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.js';
import type { PolicyRow } from '../policies/store.js';

// The SQL of proof-of-cover letters: only the hash of a letter's QR token is stored, beside its short code.

/** A letter with the policy and the policyholder it states. */
export type ProofRow = PolicyRow & {
  short_code: string;
  end_date_at_issue: string;
  issued_at: Date | string;
};

const PROOF_SELECT = `SELECT pc.short_code, pc.end_date_at_issue, pc.issued_at, po.*, pr.birth_date, pr.first_name,
  pr.surname FROM proofs_of_cover pc JOIN policies po ON po.policy_id = pc.policy_id
  JOIN profiles pr ON pr.profile_id = po.profile_id`;

export async function findByTokenHash(db: Db, tokenHash: string): Promise<ProofRow | undefined> {
  const [row] = await db.query<ProofRow>(`${PROOF_SELECT} WHERE pc.token_hash = $1`, [tokenHash]);
  return row;
}

export async function findByShortCode(db: Db, shortCode: string): Promise<ProofRow | undefined> {
  const [row] = await db.query<ProofRow>(`${PROOF_SELECT} WHERE pc.short_code = $1`, [shortCode]);
  return row;
}

/** Stores a new letter; false when its short code is taken already (the caller draws another). */
export async function insertProof(
  db: Db,
  proof: {
    policyId: string;
    tokenHash: string;
    shortCode: string;
    language: string;
    endDateAtIssue: string;
    issuedAt: Date;
  },
): Promise<boolean> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO proofs_of_cover (id, policy_id, token_hash, short_code, language, end_date_at_issue, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (short_code) DO NOTHING RETURNING id`,
    [
      randomUUID(),
      proof.policyId,
      proof.tokenHash,
      proof.shortCode,
      proof.language,
      proof.endDateAtIssue,
      proof.issuedAt,
    ],
  );
  return inserted.length > 0;
}

/** Withdraws the policy's letters beyond the newest `live` (they no longer verify). */
export async function keepNewest(db: Db, policyId: string, live: number): Promise<void> {
  await db.query(
    `DELETE FROM proofs_of_cover WHERE policy_id = $1 AND id NOT IN (
     SELECT id FROM proofs_of_cover WHERE policy_id = $1 ORDER BY issued_at DESC, id LIMIT $2)`,
    [policyId, live],
  );
}

/** The letters issued on the profile's policies, oldest first, as the student's data export lists them. */
export function listLetters(
  db: Db,
  profileId: string,
): Promise<
  { short_code: string; issued_at: Date | string; language: string; policy_number: string | null }[]
> {
  return db.query<{
    short_code: string;
    issued_at: Date | string;
    language: string;
    policy_number: string | null;
  }>(
    `SELECT p.short_code, p.issued_at, p.language, pol.policy_number FROM proofs_of_cover p
     JOIN policies pol ON pol.policy_id = p.policy_id WHERE pol.profile_id = $1 ORDER BY p.issued_at`,
    [profileId],
  );
}

import { format } from 'date-fns';
import type { RawPolicy } from '@portal/contract/wire';
import type { Db } from '../../db/db.js';
import type { Principal } from '../../auth/session.js';
import { hasCover } from '@portal/contract/domain';
import { ApiError, errors } from '../../errors.js';

/** A policies row. */
export interface PolicyRow {
  policy_id: string;
  profile_id: string;
  policy_number: string | null;
  application_number: string | null;
  insurance_type: RawPolicy['insuranceType'];
  coverage: string;
  destination: string;
  start_date: Date | string;
  /** The start date before the first change; null while it was never changed. */
  original_start_date?: Date | string | null;
  end_date: Date | string;
  cancelled_from_start: boolean;
  status: RawPolicy['status'];
  editable: boolean;
  renewable: boolean;
  individual: boolean;
  customer_type: RawPolicy['customerType'];
  institution: string | null;
  faculty: string | null;
  study: string | null;
  destination_address: RawPolicy['destinationAddress'] | null;
  total_amount: string | number;
  payment_term: RawPolicy['paymentTerm'];
  payment_method: RawPolicy['paymentMethod'];
  /** The direct debit account as stored (electronic IBAN, BIC in capitals); null without one. */
  iban?: string | null;
  bic?: string | null;
  account_holder?: string | null;
  birth_date: Date | string;
  first_name: string;
  surname: string;
}

/** A calendar day as YYYY-MM-DD: a DATE column (read as text, see db.ts) or a local Date. */
export function wireDate(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : format(value, 'yyyy-MM-dd');
}

/**
 * 409 NO_COVER unless the policy gives cover that a document may state (the shared rule `hasCover`):
 * a proof-of-cover letter, a certificate or an insurance card is never made for a policy without cover.
 */
export function requireCover(policy: PolicyRow, now: Date, document: string): void {
  if (hasCover({ status: policy.status, endDate: wireDate(policy.end_date) }, now)) return;
  throw new ApiError(409, 'NO_COVER', `This policy gives no cover that ${document} could prove.`);
}

const bool = (value: boolean) => (value ? 'true' : 'false') as 'true' | 'false';

const SELECT = `SELECT po.*, pr.birth_date, pr.first_name, pr.surname FROM policies po
  JOIN profiles pr ON pr.profile_id = po.profile_id`;

/** Maps a row to the raw wire shape. */
export function toRawPolicy(row: PolicyRow, documents: { id: string; name: string }[]): RawPolicy {
  const policy: RawPolicy = {
    policyId: row.policy_id,
    insuranceType: row.insurance_type,
    coverage: row.coverage,
    destination: row.destination,
    startDate: wireDate(row.start_date),
    endDate: wireDate(row.end_date),
    birthDate: wireDate(row.birth_date),
    cancelledFromStart: bool(row.cancelled_from_start),
    status: row.status,
    editable: bool(row.editable),
    renewable: bool(row.renewable),
    individual: bool(row.individual),
    customerType: row.customer_type,
    totalAmount: Number(row.total_amount),
    paymentTerm: row.payment_term,
    paymentMethod: row.payment_method,
    documents,
  };
  if (row.policy_number) policy.policyNumber = row.policy_number;
  if (row.application_number) policy.applicationNumber = row.application_number;
  if (row.institution) policy.educationalInstitution = { name: row.institution };
  if (row.faculty) policy.faculty = row.faculty;
  if (row.study) policy.study = row.study;
  if (row.destination_address) policy.destinationAddress = row.destination_address;
  if (row.payment_method === 'DIRECT_DEBIT' && row.iban) policy.maskedIban = maskedIban(row.iban);
  return policy;
}

/**
 * The direct debit account as the portal shows it: the country code and the last four characters,
 * the rest as dots in groups of four (`NL•• •••• •••• •••• 4300`), so that the student recognises
 * the account without the page, a screenshot or a shared screen giving the number away.
 */
export function maskedIban(iban: string): string {
  const electronic = iban.replace(/\s+/g, '').toUpperCase();
  if (electronic.length <= 8) return '•'.repeat(electronic.length);
  const groups = Math.ceil(electronic.length / 4);
  return [
    `${electronic.slice(0, 2)}••`,
    ...Array<string>(groups - 2).fill('••••'),
    electronic.slice(-4),
  ].join(' ');
}

/** Every policy of a profile, oldest first. */
export async function listPolicies(db: Db, profileId: string): Promise<RawPolicy[]> {
  const rows = await db.query<PolicyRow>(
    `${SELECT} WHERE po.profile_id = $1 ORDER BY po.created_at, po.policy_id`,
    [profileId],
  );
  const docs = await db.query<{ id: string; name: string; policy_id: string }>(
    'SELECT d.id, d.name, d.policy_id FROM documents d JOIN policies p ON p.policy_id = d.policy_id WHERE p.profile_id = $1 ORDER BY d.id',
    [profileId],
  );
  return rows.map((row) =>
    toRawPolicy(
      row,
      docs.filter((doc) => doc.policy_id === row.policy_id).map(({ id, name }) => ({ id, name })),
    ),
  );
}

/** The principal's own policy; 404 when unknown, 403 when someone else's. */
export async function ownPolicy(db: Db, principal: Principal, policyId: string): Promise<PolicyRow> {
  const [row] = await db.query<PolicyRow>(`${SELECT} WHERE po.policy_id = $1`, [policyId]);
  if (!row) throw errors.notFound('Policy');
  if (row.profile_id !== principal.profileId) throw errors.forbidden();
  return row;
}

/** One policy in wire shape. */
export async function rawPolicy(db: Db, policyId: string): Promise<RawPolicy> {
  const [row] = await db.query<PolicyRow>(`${SELECT} WHERE po.policy_id = $1`, [policyId]);
  if (!row) throw errors.notFound('Policy');
  const docs = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM documents WHERE policy_id = $1 ORDER BY id',
    [policyId],
  );
  return toRawPolicy(row, docs);
}

/** One of the policy documents, by its id (whose policy it is, the caller checks). */
export async function findDocument(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; policy_id: string } | undefined> {
  const [doc] = await db.query<{ id: string; name: string; policy_id: string }>(
    'SELECT id, name, policy_id FROM documents WHERE id = $1',
    [id],
  );
  return doc;
}

/** The policyholder of a profile, to mail: her address and the language of her mails. */
export async function policyholder(
  db: Db,
  profileId: string,
): Promise<{ email: string; mail_language: string } | undefined> {
  const [owner] = await db.query<{ email: string; mail_language: string }>(
    `SELECT a.email, p.mail_language FROM accounts a JOIN profiles p ON p.account_id = a.id
     WHERE p.profile_id = $1`,
    [profileId],
  );
  return owner;
}

/** A change that waits for approval: kept as `change`, the policy UNDER_REVIEW meanwhile. */
export async function putUnderReview(db: Db, policyId: string, change: object): Promise<void> {
  await db.query("UPDATE policies SET pending_change = $2, status = 'UNDER_REVIEW' WHERE policy_id = $1", [
    policyId,
    JSON.stringify(change),
  ]);
}

export async function setDestinationAddress(db: Db, policyId: string, address: object): Promise<void> {
  await db.query('UPDATE policies SET destination_address = $2 WHERE policy_id = $1', [
    policyId,
    JSON.stringify(address),
  ]);
}

/** Payment settings as stored: the IBAN in electronic form, the BIC in capitals, null where none. */
export interface PaymentSettings {
  paymentTerm: string;
  paymentMethod: string;
  iban: string | null;
  bic: string | null;
  accountHolder: string | null;
}

export async function setPaymentSettings(db: Db, policyId: string, payment: PaymentSettings): Promise<void> {
  await db.query(
    'UPDATE policies SET payment_term = $2, payment_method = $3, iban = $4, bic = $5, account_holder = $6 WHERE policy_id = $1',
    [policyId, payment.paymentTerm, payment.paymentMethod, payment.iban, payment.bic, payment.accountHolder],
  );
}

/** A new start date, the first one kept as the original; the premium moves by `premiumChange`. */
export async function moveStartDate(
  db: Db,
  policyId: string,
  startDate: string,
  premiumChange: number,
): Promise<void> {
  await db.query(
    `UPDATE policies SET original_start_date = COALESCE(original_start_date, start_date), start_date = $2,
      total_amount = total_amount + $3 WHERE policy_id = $1`,
    [policyId, startDate, premiumChange],
  );
}

/**
 * Ends the policy on `endDate` (no longer renewable), with the termination kept as `change`; a policy
 * ended before it started is CANCELLED.
 */
export async function terminate(db: Db, policyId: string, endDate: string, change: object): Promise<void> {
  await db.query(
    "UPDATE policies SET end_date = $2, renewable = FALSE, pending_change = $3, status = CASE WHEN start_date >= $2 THEN 'CANCELLED' ELSE status END WHERE policy_id = $1",
    [policyId, endDate, JSON.stringify(change)],
  );
}

/**
 * Another live policy or request of the same profile and insurance type that overlaps `startDate` to
 * `endDate`, if any.
 */
export async function overlappingPolicy(
  db: Db,
  policy: Pick<PolicyRow, 'profile_id' | 'insurance_type' | 'policy_id'>,
  startDate: string,
  endDate: string,
): Promise<
  | { policy_number: string | null; application_number: string | null; start_date: string; end_date: string }
  | undefined
> {
  const [clash] = await db.query<{
    policy_number: string | null;
    application_number: string | null;
    start_date: string;
    end_date: string;
  }>(
    `SELECT policy_number, application_number, start_date, end_date FROM policies
     WHERE profile_id = $1 AND insurance_type = $2 AND policy_id <> $3
       AND status NOT IN ('CANCELLED', 'DISAPPROVED', 'EXPIRED') AND start_date <= $5 AND end_date >= $4`,
    [policy.profile_id, policy.insurance_type, policy.policy_id, startDate, endDate],
  );
  return clash;
}

/** A renewal as it is requested: a new application that copies the policy it follows. */
export interface NewRenewal extends PaymentSettings {
  policyId: string;
  applicationNumber: string;
  startDate: string;
  endDate: string;
  totalAmount: number;
  pendingChange: object;
}

/** Stores a renewal of `policyId` as a new policy UNDER_REVIEW_NEW, with the policy's own details. */
export async function insertRenewal(db: Db, policyId: string, renewal: NewRenewal): Promise<void> {
  await db.query(
    `INSERT INTO policies (policy_id, profile_id, application_number, insurance_type, coverage, destination,
      start_date, end_date, status, editable, renewable, individual, customer_type, institution, faculty, study,
      destination_address, total_amount, payment_term, payment_method, iban, bic, account_holder, pending_change)
     SELECT $2, profile_id, $3, insurance_type, coverage, destination, $4, $5, 'UNDER_REVIEW_NEW', FALSE, FALSE,
      individual, customer_type, institution, faculty, study, destination_address, $6, $7, $8, $9, $10, $11, $12
     FROM policies WHERE policy_id = $1`,
    [
      policyId,
      renewal.policyId,
      renewal.applicationNumber,
      renewal.startDate,
      renewal.endDate,
      renewal.totalAmount,
      renewal.paymentTerm,
      renewal.paymentMethod,
      renewal.iban,
      renewal.bic,
      renewal.accountHolder,
      JSON.stringify(renewal.pendingChange),
    ],
  );
}

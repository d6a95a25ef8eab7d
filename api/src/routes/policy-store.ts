import { format } from 'date-fns';
import type { RawPolicy } from '@portal/shared/wire';
import type { Db } from '../db/db.js';
import type { Principal } from '../auth/session.js';
import { hasCover } from '@portal/shared/domain';
import { ApiError, errors } from '../errors.js';

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

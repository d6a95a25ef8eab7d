import type { CustomerType, PaymentMethod, PolicyStatusRaw } from '../wire';

/** A change a student may ask for on a policy. */
export type PolicyChange =
  'personalDetails' | 'address' | 'startDate' | 'terminate' | 'renew' | 'paymentSettings';

/** Every change, in the order a policy card lists them. */
export const POLICY_CHANGES: readonly PolicyChange[] = [
  'renew',
  'terminate',
  'startDate',
  'address',
  'paymentSettings',
  'personalDetails',
];

/**
 * Why a change is not possible; each screen translates the code into its own words.
 *
 * - `underReview`: a change of the policy awaits approval (docs/requirements.md §4).
 * - `applicationUnderReview`: the policy is a new application that awaits approval (UNDER_REVIEW_NEW);
 *   no change is under review, so the student is told about her application instead.
 * - `disapproved`, `expired`, `cancelled`: the policy has nothing left to change.
 * - `institute`: the institution manages it; the student is told to contact the institution.
 * - `notEditable`: the backend marks the student's own policy as not editable online.
 * - `alreadyStarted`: a start date can only move before the policy starts (docs/requirements.md §5).
 * - `notRenewable`: the backend does not offer a renewal.
 * - `paidByCreditCard`, `paidByInstitute`, `paidViaInstitution`: the payment locks of docs/requirements.md §6.
 */
export type PolicyChangeReason =
  | 'underReview'
  | 'applicationUnderReview'
  | 'disapproved'
  | 'expired'
  | 'cancelled'
  | 'institute'
  | 'notEditable'
  | 'alreadyStarted'
  | 'notRenewable'
  | 'paidByCreditCard'
  | 'paidByInstitute'
  | 'paidViaInstitution';

/** For each change: null when the student may make it, else why not. */
export type PolicyRules = Record<PolicyChange, PolicyChangeReason | null>;

/** A flag as the view model (`boolean`) or the wire (`'true'`/`'false'`) carries it. */
type Flag = boolean | 'true' | 'false';

/**
 * The fields the rules read. Both the view model (`Policy`) and the wire policy (`RawPolicy`)
 * fit, so the portal and the api decide from the same data in the same way.
 */
export type PolicyRulesInput = {
  status: PolicyStatusRaw;
  customerType: CustomerType;
  paymentMethod: PaymentMethod;
  /** `YYYY-MM-DD`. */
  startDate: string;
  editable: Flag;
  renewable: Flag;
};

const isTrue = (flag: Flag) => flag === true || flag === 'true';

/** The calendar day of `today` (local time) as `YYYY-MM-DD`, comparable with a wire date. */
function wireDay(today: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/** docs/requirements.md §4: nothing changes while under review; a disapproved, expired or cancelled policy is done. */
function statusReason(status: PolicyStatusRaw): PolicyChangeReason | null {
  switch (status) {
    case 'UNDER_REVIEW':
      return 'underReview';
    case 'UNDER_REVIEW_NEW':
      return 'applicationUnderReview';
    case 'DISAPPROVED':
      return 'disapproved';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELLED':
      return 'cancelled';
    case 'ACTIVE':
    case 'NOT_ACTIVE':
      return null;
  }
}

/** Address, dates and termination: the institution's for its own policies, else the `editable` flag's. */
function managedReason(policy: PolicyRulesInput): PolicyChangeReason | null {
  if (policy.customerType === 'INSTITUTE') return 'institute';
  if (isTrue(policy.editable)) return null;
  return policy.customerType === 'INSTITUTE_STUDENT_PAYS' ? 'institute' : 'notEditable';
}

/** docs/requirements.md §6, in its order: paid by credit card, by the institute, or by the student via the institution. */
function paymentReason(policy: PolicyRulesInput): PolicyChangeReason | null {
  if (policy.paymentMethod === 'CREDITCARD') return 'paidByCreditCard';
  if (policy.customerType === 'INSTITUTE') return 'paidByInstitute';
  if (policy.customerType === 'INSTITUTE_STUDENT_PAYS') return 'paidViaInstitution';
  return null;
}

/**
 * What the student may change on a policy, and why not (docs/requirements.md §4–§6). The one place these
 * rules live: the policy cards, the change pages, the Profile links, the payment settings and
 * the api all ask it, so none of them offers what another refuses.
 *
 * Who counts as an institute policy (docs/requirements.md §6, docs/contract.md `customerType`):
 * - `INSTITUTE` (arranged and paid by the institute) is an institute policy: personal details,
 *   address, dates, termination and renewal are the institution's; the student is told to
 *   contact it (`institute`). Its payment settings are locked (`paidByInstitute`).
 * - `INSTITUTE_STUDENT_PAYS` (the student pays, via the institution) is the student's own
 *   policy: with `editable` 'true' the student changes personal details, address, dates and
 *   terminates it like an individual one. Only its payment settings are locked
 *   (`paidViaInstitution`), since the payment runs through the institution. With `editable`
 *   not 'true' the institution manages it, and the reason is `institute`.
 * - `INDIVIDUAL`: `editable` not 'true' gives `notEditable` (no institution to name).
 *
 * Order, the same for every change: the status first (under review, disapproved, expired,
 * cancelled: nothing to change, whoever arranged it), then who manages or pays it, then the
 * change's own condition (a start date only before the start, a renewal only when the backend
 * offers one). The payment locks follow docs/requirements.md §6's order: a credit card first (whoever pays,
 * the card is why), then the institute, then via the institution. Personal details belong to the
 * student, not to one period of cover, so only an `INSTITUTE` policy locks them.
 *
 * @param today - the day the start-date rule compares with (local calendar day).
 */
export function policyRules(policy: PolicyRulesInput, today: Date = new Date()): PolicyRules {
  const status = statusReason(policy.status);
  const managed = status ?? managedReason(policy);
  const started = policy.startDate <= wireDay(today) ? 'alreadyStarted' : null;
  const renewal = policy.customerType === 'INSTITUTE' ? 'institute' : null;
  return {
    personalDetails: policy.customerType === 'INSTITUTE' ? 'institute' : null,
    address: managed,
    startDate: managed ?? started,
    terminate: managed,
    renew: status ?? renewal ?? (isTrue(policy.renewable) ? null : 'notRenewable'),
    paymentSettings: status ?? paymentReason(policy),
  };
}

/** Why `change` is not possible on `policy` today, or null when the student may make it. */
export function policyChangeReason(
  policy: PolicyRulesInput,
  change: PolicyChange,
  today: Date = new Date(),
): PolicyChangeReason | null {
  return policyRules(policy, today)[change];
}

/** The fields {@link hasCover} reads, from the view model or the wire. */
export type CoverInput = {
  status: PolicyStatusRaw;
  /** `YYYY-MM-DD`. */
  endDate: string;
};

/**
 * Whether a policy gives cover that a document may state: in force or starting later (`ACTIVE`,
 * `NOT_ACTIVE`) and not ended before `today` (local calendar day). The proof-of-cover letter, the
 * certificate and the insurance card are made only then (the api answers 409 `NO_COVER` otherwise), and
 * the policy card offers them only then.
 */
export function hasCover(policy: CoverInput, today: Date = new Date()): boolean {
  if (policy.status !== 'ACTIVE' && policy.status !== 'NOT_ACTIVE') return false;
  return policy.endDate.slice(0, 10) >= wireDay(today);
}

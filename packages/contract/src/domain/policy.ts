import type {
  Address,
  CustomerType,
  PaymentMethod,
  PaymentTerm,
  PolicyDocument,
  PolicyStatusRaw,
  RawPolicy,
} from '../wire';

/** Numeric policy states of docs/requirements.md §4, keyed by the raw status. */
export const PolicyStatus = {
  ACTIVE: 0,
  UNDER_REVIEW: 1,
  NOT_ACTIVE: 2,
  EXPIRED: 3,
  CANCELLED: 4,
  DISAPPROVED: 5,
  UNDER_REVIEW_NEW: 6,
} as const satisfies Record<PolicyStatusRaw, number>;

/** One of the numeric states of {@link PolicyStatus}. */
export type PolicyState = (typeof PolicyStatus)[keyof typeof PolicyStatus];

/** Message of the error {@link mapPolicy} throws for a status outside docs/requirements.md §4. */
export const UNRECOGNIZED_STATUS = 'Unrecognized status';

/** Insurance type as the portal uses it (lowercase). */
export type InsuranceKind = 'travel' | 'health' | 'stay';

/** A policy as the screens use it (docs/requirements.md §3). */
export type Policy = {
  id: string;
  /** The policy number, or the application number while there is none. */
  number: string;
  editable: boolean;
  renewable: boolean;
  individual: boolean;
  cancelledFromStart: boolean;
  insuranceType: InsuranceKind;
  coverage: string;
  /** ISO 3166-1 alpha-2 country code. */
  destination: string;
  /** Wire dates (`YYYY-MM-DD`); format them with `formatDate`. */
  startDate: string;
  endDate: string;
  birthDate: string;
  /** The total amount, EUR. */
  premium: number;
  paymentTerm: PaymentTerm;
  paymentMethod: PaymentMethod;
  state: PolicyState;
  /** The raw status string. */
  status: PolicyStatusRaw;
  customerType: CustomerType;
  /** An empty object when the policy has no institution. */
  educationalInstitution: { name?: string };
  faculty?: string;
  study?: string;
  destinationAddress?: Address;
  documents: PolicyDocument[];
  /** UI flag: policy cards start collapsed. */
  collapsed: boolean;
};

function isPolicyStatus(value: unknown): value is PolicyStatusRaw {
  return typeof value === 'string' && Object.hasOwn(PolicyStatus, value);
}

const INSURANCE_KINDS: Record<string, InsuranceKind> = { TRAVEL: 'travel', HEALTH: 'health', STAY: 'stay' };

/** The numeric state of a raw status; throws `Error('Unrecognized status')` for any other value. */
export function policyState(status: unknown): PolicyState {
  if (!isPolicyStatus(status)) throw new Error(UNRECOGNIZED_STATUS);
  return PolicyStatus[status];
}

/**
 * The status to show: NOT_ACTIVE is shown as Active (docs/requirements.md §4). Use it as the key of the
 * `policyStatus.*` texts.
 */
export function displayStatus(status: PolicyStatusRaw): Exclude<PolicyStatusRaw, 'NOT_ACTIVE'> {
  return status === 'NOT_ACTIVE' ? 'ACTIVE' : status;
}

/**
 * Maps a policy from the wire to the view model (docs/requirements.md §3–4). Throws
 * `Error('Unrecognized status')` for a status outside docs/requirements.md §4, and
 * `Error('Unrecognized insurance type')` for a type other than TRAVEL, HEALTH or STAY.
 */
export function mapPolicy(raw: RawPolicy): Policy {
  const state = policyState(raw.status);
  const insuranceType = INSURANCE_KINDS[String(raw.insuranceType).toUpperCase()];
  if (!insuranceType) throw new Error('Unrecognized insurance type');
  return {
    id: raw.policyId,
    number: raw.policyNumber || raw.applicationNumber || '',
    editable: raw.editable === 'true',
    renewable: raw.renewable === 'true',
    individual: raw.individual === 'true',
    cancelledFromStart: raw.cancelledFromStart === 'true',
    insuranceType,
    coverage: raw.coverage,
    destination: raw.destination,
    startDate: raw.startDate,
    endDate: raw.endDate,
    birthDate: raw.birthDate,
    premium: raw.totalAmount,
    paymentTerm: raw.paymentTerm,
    paymentMethod: raw.paymentMethod,
    state,
    status: raw.status,
    customerType: raw.customerType,
    educationalInstitution: raw.educationalInstitution ?? {},
    faculty: raw.faculty,
    study: raw.study,
    destinationAddress: raw.destinationAddress,
    documents: raw.documents ?? [],
    collapsed: true,
  };
}

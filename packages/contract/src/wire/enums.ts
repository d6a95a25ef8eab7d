// The enumerations of the wire contract (api/openapi/openapi.yaml), one list each: the runtime
// schemas of ./schemas.ts, the forms' rules (`@portal/shared/validation`) and the api read them here.
// ./schemas.test.ts checks each against the OpenAPI document.

/** Insurance types (`InsuranceType`). */
export const INSURANCE_TYPES = ['TRAVEL', 'HEALTH', 'STAY'] as const;
/** The raw statuses of a policy (`PolicyStatusRaw`), in the order of docs/requirements.md §4. */
export const POLICY_STATUSES = [
  'ACTIVE',
  'UNDER_REVIEW',
  'NOT_ACTIVE',
  'EXPIRED',
  'CANCELLED',
  'DISAPPROVED',
  'UNDER_REVIEW_NEW',
] as const;
/** Who pays a policy (`CustomerType`). */
export const CUSTOMER_TYPES = ['INDIVIDUAL', 'INSTITUTE', 'INSTITUTE_STUDENT_PAYS'] as const;
/** Payment terms (`PaymentTerm`). */
export const PAYMENT_TERMS = ['AT_ONCE', 'YEARLY', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY'] as const;
/** Payment methods of a policy (`PaymentMethod`). */
export const PAYMENT_METHODS = ['DIRECT_DEBIT', 'CREDITCARD', 'BANK_TRANSFER'] as const;
/** How an open invoice can be paid online (`InvoicePaymentRequest.method`). */
export const INVOICE_PAY_METHODS = ['CREDITCARD', 'IDEAL', 'BANK_TRANSFER'] as const;
/** Genders (`Gender`). */
export const GENDERS = ['MALE', 'FEMALE', 'UNDEFINED'] as const;
/** Contact and claim categories (`ContactCategory`). */
export const CONTACT_CATEGORIES = ['CLAIMS', 'FINANCIAL', 'COVERAGE'] as const;
/** Yes/no answers (`YesNo`). */
export const YES_NO = ['YES', 'NO'] as const;
/** `'true'` or `'false'`: the booleans of a policy and a profile (`StringBoolean`). */
export const STRING_BOOLEANS = ['true', 'false'] as const;
/** Whether an invoice is still open: `J` (ja) or `N` (nee) (`RawInvoice.isOutstanding`). */
export const OUTSTANDING_FLAGS = ['J', 'N'] as const;

/**
 * The statuses of a claim, in the order they are reached (APPROVED and REJECTED are alternatives; from
 * DOCUMENTS_REQUESTED the claim goes back to IN_REVIEW once the student added what was asked). One list
 * for the api that moves a claim on and the pages that show it (`ClaimStatus`).
 */
export const CLAIM_STATUSES = [
  'RECEIVED',
  'IN_REVIEW',
  'DOCUMENTS_REQUESTED',
  'APPROVED',
  'REJECTED',
  'PAID',
] as const;
/** Why a claim was rejected, on its REJECTED step (`ClaimRejectionReason`). */
export const CLAIM_REJECTION_REASONS = [
  'NOT_COVERED',
  'NOT_INSURED_ON_DATE',
  'RECEIPTS_INSUFFICIENT',
  'POLICYHOLDER_REFUSED',
] as const;
/** The content types of a claim's receipt as the api lists them (`ClaimReceipt.contentType`). */
export const RECEIPT_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/octet-stream',
] as const;
/** The cover a proof-of-cover letter states, at the moment of the check (`CoverStatus`). */
export const COVER_STATUSES = ['ACTIVE', 'NOT_STARTED', 'ENDED', 'TERMINATED', 'CANCELLED'] as const;
/** Whether a change of a policy is billed or refunded (`CalculateResponse.direction`). */
export const CALCULATION_DIRECTIONS = ['BILL', 'REFUND'] as const;
/** The policyholder's decision on a visitor's claim (`ClaimConfirmation.decision`). */
export const CLAIM_DECISIONS = ['PENDING', 'CONFIRMED', 'REFUSED'] as const;

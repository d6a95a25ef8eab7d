// Runtime schemas of the wire contract, written once: what the api answers, as
// api/openapi/openapi.yaml describes it (./schemas.test.ts holds each to the document: the same
// properties, the same required ones, the same enumerations). A page checks an answer with these, or
// with the part it needs (`v.pick`, `v.omit`), through `getJson` of `@portal/shared/get-json`.
import * as v from 'valibot';

import * as enums from './enums';

/** `format: date`: `YYYY-MM-DD`. */
const wireDate = v.pipe(v.string(), v.isoDate());
/** `format: date-time`. */
const wireTimestamp = v.pipe(v.string(), v.isoTimestamp());
/** A `number` that is one (JSON has no NaN, but a body is untrusted). */
const amount = v.pipe(v.number(), v.finite());
/** An identifier the portal puts in a path: never empty. */
const id = v.pipe(v.string(), v.nonEmpty());
const stringBoolean = v.picklist(enums.STRING_BOOLEANS);

/** `Country`: an ISO 3166-1 alpha-2 code with its English name. */
export const countryWireSchema = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  name: v.string(),
});

/** `Profile`: the student's personal details. */
export const profileWireSchema = v.object({
  profileId: id,
  gender: v.picklist(enums.GENDERS),
  firstName: v.string(),
  surname: v.string(),
  birthDate: wireDate,
  countryOfOrigin: v.string(),
  nationality: v.string(),
  username: id,
  editable: stringBoolean,
});

/** `Address`: a postal address. */
export const addressWireSchema = v.object({
  postalCode: v.string(),
  houseNumber: v.string(),
  houseNumberAddition: v.optional(v.string()),
  street: v.string(),
  city: v.string(),
  country: v.string(),
  moveReason: v.optional(v.string()),
});

/** `RawPolicy`: a policy as `GET /api/en/profiles/{profileId}/policies` lists it. */
export const policyWireSchema = v.object({
  policyId: id,
  policyNumber: v.optional(v.string()),
  applicationNumber: v.optional(v.string()),
  insuranceType: v.picklist(enums.INSURANCE_TYPES),
  coverage: v.string(),
  destination: v.string(),
  startDate: wireDate,
  endDate: wireDate,
  birthDate: wireDate,
  cancelledFromStart: stringBoolean,
  status: v.picklist(enums.POLICY_STATUSES),
  editable: stringBoolean,
  renewable: stringBoolean,
  individual: stringBoolean,
  customerType: v.picklist(enums.CUSTOMER_TYPES),
  educationalInstitution: v.optional(v.object({ name: v.string() })),
  faculty: v.optional(v.string()),
  study: v.optional(v.string()),
  destinationAddress: v.optional(addressWireSchema),
  totalAmount: amount,
  paymentTerm: v.picklist(enums.PAYMENT_TERMS),
  paymentMethod: v.picklist(enums.PAYMENT_METHODS),
  maskedIban: v.optional(v.string()),
  documents: v.array(v.object({ id: v.string(), name: v.string() })),
});

/**
 * The fields of a policy that name it and that the shared policy rules read (`policyRules` of
 * `@portal/shared/domain`): a page that applies the rules to a policy picks at least these.
 */
export const POLICY_RULE_FIELDS = [
  'policyId',
  'policyNumber',
  'applicationNumber',
  'insuranceType',
  'status',
  'startDate',
  'editable',
  'renewable',
  'customerType',
  'paymentMethod',
] as const satisfies readonly (keyof typeof policyWireSchema.entries)[];

/** `RawInvoice`: an invoice as `GET /api/en/profiles/{profileId}/invoices` lists it. */
export const invoiceWireSchema = v.object({
  policyNumber: v.string(),
  invoiceNumber: id,
  invoiceDate: wireDate,
  periodFromDate: wireDate,
  periodUntilDate: wireDate,
  isOutstanding: v.picklist(enums.OUTSTANDING_FLAGS),
  amount,
  outstandingAmount: amount,
});

/** `InvoicePaymentRedirect`: card and iDeal go to the provider's page, a path on the portal's origin. */
export const invoicePaymentRedirectWireSchema = v.object({
  redirectUrl: v.pipe(
    v.string(),
    v.check((url) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\'), 'same origin'),
  ),
});

/** `InvoicePaymentTransfer`: where to send the money of a bank transfer, and with which reference. */
export const invoicePaymentTransferWireSchema = v.object({
  iban: v.pipe(v.string(), v.nonEmpty()),
  bic: v.pipe(v.string(), v.nonEmpty()),
  reference: v.pipe(v.string(), v.nonEmpty()),
  amount,
});

/** `Claim`: one claim of `GET /api/en/profiles/{profileId}/claims`. */
export const claimWireSchema = v.object({
  claimNumber: id,
  policyNumber: v.string(),
  submittedAt: wireTimestamp,
  status: v.picklist(enums.CLAIM_STATUSES),
  amount,
});

/** `ClaimHistoryStep`: a step a claim reached, and when. */
export const claimHistoryStepWireSchema = v.object({
  status: v.picklist(enums.CLAIM_STATUSES),
  at: wireTimestamp,
  reason: v.optional(v.picklist(enums.CLAIM_REJECTION_REASONS)),
  note: v.optional(v.string()),
});

/** `ClaimReceipt`: a receipt of a claim. */
export const claimReceiptWireSchema = v.object({
  id,
  name: v.string(),
  contentType: v.picklist(enums.RECEIPT_CONTENT_TYPES),
  size: v.pipe(v.number(), v.integer()),
});

/** `ClaimDetail`: `GET /api/en/claims/{claimNumber}`. */
export const claimDetailWireSchema = v.object({
  ...claimWireSchema.entries,
  category: v.picklist(enums.CONTACT_CATEGORIES),
  incidentDate: wireDate,
  description: v.string(),
  iban: v.string(),
  history: v.array(claimHistoryStepWireSchema),
  receipts: v.array(claimReceiptWireSchema),
});

/** `ClaimCreated`: the answer of a filed claim. */
export const claimCreatedWireSchema = v.object({ claimNumber: id });

/** `ClaimConfirmation`: a visitor's claim as its policyholder decides on it. */
export const claimConfirmationWireSchema = v.object({
  claimNumber: v.string(),
  policyNumber: v.string(),
  category: v.picklist(enums.CONTACT_CATEGORIES),
  incidentDate: wireDate,
  amount,
  iban: v.string(),
  submittedAt: wireTimestamp,
  decision: v.picklist(enums.CLAIM_DECISIONS),
});

/** `CalculateResponse`: what a change of a policy costs or gives back; `days` negative is fewer days. */
export const calculateResponseWireSchema = v.object({
  days: v.pipe(v.number(), v.integer()),
  amount,
  direction: v.picklist(enums.CALCULATION_DIRECTIONS),
});

/** `ApplicationResponse`: the application number of a renewal or a new insurance request. */
export const applicationResponseWireSchema = v.object({ applicationNumber: id });

/** `AddressChangeResponse`: whether an address change went under review. */
export const addressChangeResponseWireSchema = v.object({ underReview: v.boolean() });

/** `Passkey`: a passkey of the logged-in student. */
export const passkeyWireSchema = v.object({
  id,
  name: v.string(),
  createdAt: wireTimestamp,
  lastUsedAt: v.nullable(wireTimestamp),
  backedUp: v.boolean(),
});

/** `OpenSession`: one of the logged-in student's open sessions. */
export const openSessionWireSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
  browser: v.nullable(v.string()),
  system: v.nullable(v.string()),
  country: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  createdAt: wireTimestamp,
  lastUsedAt: wireTimestamp,
  current: v.boolean(),
});

/** `ProofVerification`: what `GET /api/verify/{code}` says about a proof-of-cover letter. */
export const proofVerificationWireSchema = v.object({
  code: v.string(),
  valid: v.boolean(),
  coverStatus: v.picklist(enums.COVER_STATUSES),
  initials: v.string(),
  birthYear: v.pipe(v.number(), v.integer()),
  insuranceType: v.picklist(enums.INSURANCE_TYPES),
  startDate: wireDate,
  endDate: wireDate,
  issuedOn: wireDate,
});

/**
 * The wire contract of the product API (`api/openapi/openapi.yaml`): its types, generated into
 * `./openapi.ts` (`pnpm --filter api gen:types`), under the names the portal uses; its runtime schemas
 * and enumerations, written once and held to the document by their test; and the paths the pages read.
 * Stateless: each app bundles it (docs/design.md).
 */
import type { components, operations, paths } from './openapi';

// Named one by one: the api imports these as ES modules from CommonJS-compiled files, whose `export *`
// Node cannot see.
export {
  CALCULATION_DIRECTIONS,
  CLAIM_DECISIONS,
  CLAIM_REJECTION_REASONS,
  CLAIM_STATUSES,
  CONTACT_CATEGORIES,
  COVER_STATUSES,
  CUSTOMER_TYPES,
  GENDERS,
  INSURANCE_TYPES,
  INVOICE_PAY_METHODS,
  OUTSTANDING_FLAGS,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  POLICY_STATUSES,
  RECEIPT_CONTENT_TYPES,
  STRING_BOOLEANS,
  YES_NO,
} from './enums';
export {
  API_PATHS,
  claimPath,
  claimsPath,
  invoicePaymentPath,
  invoicesPath,
  mailPreferencesPath,
  policiesPath,
  profilePath,
  proofVerificationPath,
} from './paths';
export {
  addressChangeResponseWireSchema,
  addressWireSchema,
  applicationResponseWireSchema,
  calculateResponseWireSchema,
  claimConfirmationWireSchema,
  claimCreatedWireSchema,
  claimDetailWireSchema,
  claimHistoryStepWireSchema,
  claimReceiptWireSchema,
  claimWireSchema,
  countryWireSchema,
  invoicePaymentRedirectWireSchema,
  invoicePaymentTransferWireSchema,
  invoiceWireSchema,
  openSessionWireSchema,
  passkeyWireSchema,
  POLICY_RULE_FIELDS,
  policyWireSchema,
  profileWireSchema,
  proofVerificationWireSchema,
} from './schemas';

type Schemas = components['schemas'];

export type { components, operations, paths };

/** A policy exactly as `GET /api/en/profiles/{profileId}/policies` returns it. */
export type RawPolicy = Schemas['RawPolicy'];
/** An invoice exactly as `GET /api/en/profiles/{profileId}/invoices` returns it. */
export type RawInvoice = Schemas['RawInvoice'];
/** The student's personal details. */
export type Profile = Schemas['Profile'];
/** Body of `POST /api/en/profiles/{profileId}/`. */
export type ProfileUpdate = Schemas['ProfileUpdate'];
/** Body of a successful login or session check. */
export type LoginResponse = Schemas['LoginResponse'];
/** A passkey of the logged-in student (`GET /api/passkeys`). */
export type Passkey = Schemas['Passkey'];
/** One of the logged-in student's open sessions (`GET /api/sessions`). */
export type OpenSession = Schemas['OpenSession'];
/** Body of every 4xx/5xx response. */
export type ApiErrorBody = Schemas['ApiErrorBody'];
/** One field that failed validation (`ApiErrorBody.fields`). */
export type FieldError = Schemas['FieldError'];
/** An ISO 3166-1 alpha-2 country with its English name. */
export type Country = Schemas['Country'];
/** A postal address (policy destination address, address change). */
export type Address = Schemas['Address'];
/** TRAVEL, HEALTH or STAY. */
export type InsuranceType = Schemas['InsuranceType'];
/** The raw policy status string the backend sends. */
export type PolicyStatusRaw = Schemas['PolicyStatusRaw'];
/** Who pays: the student, the institute, or the student via the institute. */
export type CustomerType = Schemas['CustomerType'];
/** AT_ONCE, YEARLY, MONTHLY, QUARTERLY or HALF_YEARLY. */
export type PaymentTerm = Schemas['PaymentTerm'];
/** DIRECT_DEBIT, CREDITCARD or BANK_TRANSFER (shown as e-invoice). */
export type PaymentMethod = Schemas['PaymentMethod'];
/** MALE, FEMALE or UNDEFINED (shown as gender diverse). */
export type Gender = Schemas['Gender'];
/** A document attached to a policy. */
export type PolicyDocument = Schemas['PolicyDocument'];
/** Body of `POST /api/en/policies/{id}/address`. */
export type AddressChangeRequest = Schemas['AddressChangeRequest'];
/** Answer of `POST /api/en/policies/{id}/address`. */
export type AddressChangeResponse = Schemas['AddressChangeResponse'];
/** Body of `POST /api/en/policies/{id}/payment`. */
export type PaymentChangeRequest = Schemas['PaymentChangeRequest'];
/** Body of `POST /api/en/policies/{id}/calculate`. */
export type CalculateRequest = Schemas['CalculateRequest'];
/** Answer of `POST /api/en/policies/{id}/calculate`. */
export type CalculateResponse = Schemas['CalculateResponse'];
/** Body of `POST /api/en/policies/{id}/changestartdate`. */
export type ChangeStartDateRequest = Schemas['ChangeStartDateRequest'];
/** Body of `POST /api/en/policies/{id}/terminate`. */
export type TerminateRequest = Schemas['TerminateRequest'];
/** Optional refund bank details of a termination. */
export type Refund = Schemas['Refund'];
/** Body of `POST /api/en/policies/{id}/addperiod`. */
export type AddPeriodRequest = Schemas['AddPeriodRequest'];
/** Acceptance questions of a renewal. */
export type AcceptanceAnswers = Schemas['AcceptanceAnswers'];
/** `{applicationNumber}` of a renewal or a new insurance request. */
export type ApplicationResponse = Schemas['ApplicationResponse'];
/** Body of `POST /api/portal/contactexpats`. */
export type ContactRequest = Schemas['ContactRequest'];
/** CLAIMS, FINANCIAL or COVERAGE. */
export type ContactCategory = Schemas['ContactCategory'];
/** A submitted claim. */
export type Claim = Schemas['Claim'];
/** Answer of `POST /api/en/claims`. */
export type ClaimCreated = Schemas['ClaimCreated'];
/** RECEIVED, IN_REVIEW, APPROVED, REJECTED or PAID. */
export type ClaimStatus = Schemas['ClaimStatus'];
/** A step a claim reached, and when. */
export type ClaimHistoryStep = Schemas['ClaimHistoryStep'];
/** A receipt of a claim (its content: `GET /api/en/claims/{claimNumber}/receipts/{id}`). */
export type ClaimReceipt = Schemas['ClaimReceipt'];
/** Answer of `GET /api/en/claims/{claimNumber}`. */
export type ClaimDetail = Schemas['ClaimDetail'];
/** Body of `POST /api/en/requests`. */
export type InsuranceRequest = Schemas['InsuranceRequest'];
/** Body of `POST /api/en/invoices/{invoiceNumber}/payment`. */
export type InvoicePaymentRequest = Schemas['InvoicePaymentRequest'];
/** Answer of `POST /api/en/invoices/{invoiceNumber}/payment`. */
export type InvoicePaymentResponse = Schemas['InvoicePaymentResponse'];
/** `[streetName, city]` from `GET /pacos`. */
export type AddressLookup = Schemas['AddressLookup'];
/** A mail in the development outbox. */
export type OutboxMail = Schemas['OutboxMail'];
/** YES or NO. */
export type YesNo = Schemas['YesNo'];
/** Body of `POST /api/en/policies/{id}/proof`: the language of the letter. */
export type ProofRequest = Schemas['ProofRequest'];
/** What `GET /api/verify/{code}` says about a proof-of-cover letter. */
export type ProofVerification = Schemas['ProofVerification'];
/** The cover a proof-of-cover letter states, at the moment of the check. */
export type CoverStatus = Schemas['CoverStatus'];

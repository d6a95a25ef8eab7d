/**
 * Validation shared by the portal forms and the api: valibot schemas whose issue messages are
 * i18n keys (see {@link VALIDATION_CODES}).
 */
export { VALIDATION_CODES } from './codes';
export type { ValidationCode } from './codes';
export {
  FORM_DATE_FORMAT,
  WIRE_DATE_FORMAT,
  formToWireDate,
  parseDate,
  parseFormDate,
  parseWireDate,
  toFormDate,
  toWireDate,
} from './dates';
export type { DateFormat } from './dates';
export { canonicalTypedDate, formatTypedDate, readTypedDate, typedDateToWire } from './typed-date';
export type { TypedDate } from './typed-date';
export {
  LOGIN_PASSWORD_MIN,
  MAX_LENGTHS,
  NEW_PASSWORD_MIN,
  birthDateSchema,
  countryCodeSchema,
  dateSchema,
  emailSchema,
  futureDateSchema,
  houseNumberSchema,
  isPlainText,
  loginPasswordSchema,
  lookupHouseNumberSchema,
  newPasswordSchema,
  personNameSchema,
  plainText,
  postcodeSchema,
  visibleText,
} from './fields';
export { bicSchema, ibanSchema, normalizeIban } from './bank-fields';
export {
  ADDRESS_COMPARERS,
  ADDRESS_FIELDS,
  NO_CHANGES_CODE,
  NO_CHANGES_MESSAGE,
  compactUpper,
  isUnchanged,
} from './no-changes';
export type { Comparer } from './no-changes';
export type { DateSchemaOptions, TextOptions } from './fields';
export {
  PAYMENT_TERM_MIN_MONTHS,
  RENEWAL_MAX_YEARS,
  SHORT_TERM_MONTHS,
  START_DATE_MAX_SHIFT_DAYS,
  paymentTermFitsPeriod,
  renewalEndDateIssue,
  startDateIssue,
  terminationEndDateIssue,
  claimIncidentDateIssue,
} from './rules';
export type { PolicyDates } from './rules';
// The contract's enumerations the forms offer: one list each, in the wire layer.
export {
  CLAIM_STATUSES,
  CONTACT_CATEGORIES,
  CUSTOMER_TYPES,
  GENDERS,
  INSURANCE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  POLICY_STATUSES,
  YES_NO,
} from '../wire/enums';
export type { ClaimReceiptType, ClaimSchemaOptions, ClaimStatus, ClaimablePolicy } from './schemas';
export {
  CLAIM_MAX_AMOUNT,
  CLAIM_MAX_RECEIPTS,
  CLAIM_MAX_RECEIPT_BYTES,
  CLAIM_RECEIPT_TYPES,
  addressSchema,
  changeStartDateSchema,
  claimSchema,
  visitorClaimSchema,
  contactRequestSchema,
  insuranceRequestSchema,
  paymentSchema,
  profileSchema,
  parseClaimAmount,
  RECEIPT_SIGNATURE_LENGTH,
  receiptIssue,
  renewalAcceptanceSchema,
  renewalPeriodSchema,
  sniffReceiptType,
  renewalSchema,
  terminationSchema,
} from './schemas';
export {
  emailChangeFormSchema,
  loginSchema,
  newPasswordFormSchema,
  newUsernameSchema,
  passwordBodySchema,
} from './account-schemas';
export { passwordChangeFormSchema } from './password-change-schema';
export { toFieldIssues } from './issues';
export type { FieldIssue } from './issues';

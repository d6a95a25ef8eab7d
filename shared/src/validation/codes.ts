/**
 * Every issue code the validation schemas produce. Codes are i18n keys: the portal must have a
 * translation for each, and the api sends them back in `ApiErrorBody.fields[].code`.
 */
export const VALIDATION_CODES = [
  'validation.required',
  'validation.type',
  'validation.option',
  'validation.email',
  'validation.email.notSame',
  'validation.minLength',
  'validation.maxLength',
  'validation.numeric',
  'validation.amount',
  'validation.date.invalid',
  'validation.date.notFuture',
  'validation.date.notPast',
  'validation.iban.invalid',
  'validation.iban.uk',
  'validation.iban.sepa',
  'validation.bic.invalid',
  'validation.password.minLength',
  'validation.password.uppercase',
  'validation.password.lowercase',
  'validation.password.digit',
  'validation.password.special',
  'validation.password.notSame',
  'validation.startDate.unchanged',
  'validation.startDate.afterEndDate',
  'validation.startDate.postponeTooFar',
  'validation.startDate.advanceTooFar',
  'validation.startDate.started',
  'validation.endDate.beforeStartDate',
  'validation.endDate.notBeforeCurrentEnd',
  'validation.endDate.notAfterStartDate',
  'validation.renewal.overlap',
  'validation.paymentTerm.period',
  'validation.acceptance.required',
  'validation.destination.homeCountry',
  'validation.refund.creditCard',
  'validation.postcode.invalid',
  'validation.houseNumber.invalid',
  'validation.files.tooMany',
  'validation.files.type',
  'validation.files.size',
] as const;

/** One of {@link VALIDATION_CODES}. */
export type ValidationCode = (typeof VALIDATION_CODES)[number];

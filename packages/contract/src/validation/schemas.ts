import * as v from 'valibot';
import type { ValidationCode } from './codes';
import { parseDate, parseWireDate } from './dates';
import type { DateFormat } from './dates';
import {
  MAX_LENGTHS,
  birthDateSchema,
  countryCodeSchema,
  dateSchema,
  emailSchema,
  futureDateSchema,
  houseNumberSchema,
  optionalText,
  personNameSchema,
  plainText,
  requiredOption,
  requiredText,
} from './fields';
import type { DateSchemaOptions } from './fields';
import { bicSchema, ibanSchema } from './bank-fields';
import { schemaIssue, withRules } from './form-rules';
import type { FieldRule } from './form-rules';
import {
  SHORT_TERM_MONTHS,
  claimIncidentDateIssue,
  paymentTermFitsPeriod,
  renewalEndDateIssue,
  startDateIssue,
  terminationEndDateIssue,
} from './rules';
import type { PolicyDates } from './rules';
import type { CLAIM_STATUSES } from '../wire/enums';
import {
  CONTACT_CATEGORIES,
  GENDERS,
  INSURANCE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  YES_NO,
} from '../wire/enums';

// Reasons, questions and descriptions are typed in a text area: line breaks belong in them.
const MULTILINE = { multiline: true } as const;

/** Personal details (`POST /api/en/profiles/{id}/`). */
export function profileSchema(options: DateSchemaOptions = {}) {
  return v.object({
    gender: requiredOption(GENDERS),
    firstName: personNameSchema,
    surname: personNameSchema,
    birthDate: birthDateSchema(options),
    countryOfOrigin: countryCodeSchema,
    nationality: countryCodeSchema,
  });
}

/** Address; a move reason sends the change to review. */
export const addressSchema = v.object({
  postalCode: requiredText(MAX_LENGTHS.postalCode),
  houseNumber: houseNumberSchema,
  houseNumberAddition: optionalText(MAX_LENGTHS.houseNumberAddition),
  street: requiredText(MAX_LENGTHS.street),
  city: requiredText(MAX_LENGTHS.city),
  country: requiredText(MAX_LENGTHS.country),
  moveReason: optionalText(MAX_LENGTHS.moveReason, MULTILINE),
});

const paymentFields = {
  paymentTerm: requiredOption(PAYMENT_TERMS),
  paymentMethod: requiredOption(PAYMENT_METHODS),
  iban: v.optional(v.pipe(v.string('validation.type'), plainText())),
  bic: v.optional(v.pipe(v.string('validation.type'), plainText())),
  accountHolder: v.optional(v.pipe(v.string('validation.type'), plainText())),
};

type PaymentInput = { paymentMethod: string; iban?: string; bic?: string; accountHolder?: string };

/** Direct debit needs a SEPA IBAN, a BIC and an account holder. */
function paymentRules<T extends PaymentInput>(): FieldRule<T>[] {
  return [
    {
      field: 'iban',
      test: (input) =>
        input.paymentMethod === 'DIRECT_DEBIT' || input.iban
          ? schemaIssue(ibanSchema({ sepa: input.paymentMethod === 'DIRECT_DEBIT' }), input.iban ?? '')
          : null,
    },
    {
      field: 'bic',
      test: (input) =>
        input.paymentMethod === 'DIRECT_DEBIT' || input.bic ? schemaIssue(bicSchema, input.bic ?? '') : null,
    },
    {
      field: 'accountHolder',
      test: (input) =>
        input.paymentMethod === 'DIRECT_DEBIT' || input.accountHolder
          ? schemaIssue(requiredText(MAX_LENGTHS.accountHolder), input.accountHolder ?? '')
          : null,
    },
  ];
}

/** Payment settings (term, method, bank details on direct debit). */
export const paymentSchema = withRules(v.object(paymentFields), paymentRules());

/** Change of start date against the policy's current dates. */
export function changeStartDateSchema(policy: PolicyDates, options: DateSchemaOptions = {}) {
  return withRules(v.object({ startDate: dateSchema(options.dateFormat) }), [
    { field: 'startDate', test: (input) => startDateIssue(input.startDate, policy, options) },
  ]);
}

const refundSchema = withRules(
  v.object({
    // Refused with the claims' and payment settings' IBAN rules (never from the UK); what is kept
    // is the electronic form.
    bankAccountNumber: v.pipe(
      v.string('validation.required'),
      plainText(),
      // A refund goes to a bank account; a card number is not one.
      v.check(
        (value: string) => !/^\d{13,19}$/.test(value.replace(/\s/g, '')),
        'validation.refund.creditCard',
      ),
      ibanSchema(),
    ),
    bic: v.optional(
      v.pipe(
        v.string('validation.type'),
        v.trim(),
        v.check(
          (bic: string) => bic === '' || schemaIssue(bicSchema, bic) === null,
          'validation.bic.invalid',
        ),
        v.toUpperCase(),
      ),
    ),
    routingNumber: optionalText(20),
    bankPostalCode: optionalText(MAX_LENGTHS.postalCode),
    bankHouseNumber: optionalText(MAX_LENGTHS.houseNumber),
    bankHouseNumberAddition: optionalText(MAX_LENGTHS.houseNumberAddition),
    bankStreet: optionalText(MAX_LENGTHS.street),
    bankCity: optionalText(MAX_LENGTHS.city),
    bankCountry: optionalText(MAX_LENGTHS.country),
    holderName: requiredText(MAX_LENGTHS.accountHolder),
    holderPostalCode: requiredText(MAX_LENGTHS.postalCode),
    holderAddress: requiredText(MAX_LENGTHS.accountHolder),
    holderCity: requiredText(MAX_LENGTHS.city),
    holderCountry: requiredText(MAX_LENGTHS.country),
  }),
  [],
);

/** Termination: end date and reason, optional refund bank details. */
export function terminationSchema(policy: PolicyDates, options: DateSchemaOptions = {}) {
  return withRules(
    v.object({
      endDate: dateSchema(options.dateFormat),
      reason: requiredText(MAX_LENGTHS.terminationReason, MULTILINE),
      refund: v.optional(refundSchema),
    }),
    [{ field: 'endDate', test: (input) => terminationEndDateIssue(input.endDate, policy, options) }],
  );
}

const answerFields = {
  medical: requiredOption(YES_NO),
  criminalRecord: requiredOption(YES_NO),
  insuranceRefusal: requiredOption(YES_NO),
  insuranceRefusalExplanation: optionalText(MAX_LENGTHS.explanation, MULTILINE),
};

type AnswersInput = { insuranceRefusal: string; insuranceRefusalExplanation?: string };

/** A refused insurance needs its explanation: the review cannot judge a bare "yes". */
function answerRules<T extends AnswersInput>(): FieldRule<T>[] {
  return [
    {
      field: 'insuranceRefusalExplanation',
      test: (input) =>
        input.insuranceRefusal === 'YES' && !input.insuranceRefusalExplanation ? 'validation.required' : null,
    },
  ];
}

type PeriodInput = PaymentInput & { endDate: string; reasonShortTerm?: string; paymentTerm: PaymentTerm };
type PaymentTerm = (typeof PAYMENT_TERMS)[number];

/** The rules of a renewal's period: end date, short-term reason, payment term for the period, bank details. */
function renewalPeriodRules<T extends PeriodInput>(
  policy: PolicyDates,
  options: DateSchemaOptions,
): FieldRule<T>[] {
  const dateFormat: DateFormat = options.dateFormat ?? 'wire';
  // The new period starts the day after the current end date.
  const periodStart = () => {
    const end = parseWireDate(policy.endDate);
    return end ? new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1) : null;
  };
  return [
    ...paymentRules<T>(),
    { field: 'endDate', test: (input) => renewalEndDateIssue(input.endDate, policy, options) },
    {
      field: 'reasonShortTerm',
      test: (input) => {
        const start = periodStart();
        const end = parseDate(input.endDate, dateFormat);
        // Only a period that exists can be short; the end date's own error says what is wrong.
        if (!start || !end || end < start || input.reasonShortTerm) return null;
        // A period of a whole year ends the day before the anniversary.
        const shortTerm =
          end.getTime() + 86_400_000 <
          new Date(start.getFullYear(), start.getMonth() + SHORT_TERM_MONTHS, start.getDate()).getTime();
        return shortTerm ? 'validation.required' : null;
      },
    },
    {
      field: 'paymentTerm',
      test: (input) => {
        const start = periodStart();
        const end = parseDate(input.endDate, dateFormat);
        if (!start || !end || end < start) return null;
        return paymentTermFitsPeriod(input.paymentTerm, start, end) ? null : 'validation.paymentTerm.period';
      },
    },
  ];
}

/** The period step of a renewal: end date, short-term reason, payment term and method, bank details. */
export function renewalPeriodSchema(policy: PolicyDates, options: DateSchemaOptions = {}) {
  return withRules(
    v.object({
      endDate: dateSchema(options.dateFormat),
      reasonShortTerm: optionalText(MAX_LENGTHS.reasonShortTerm, MULTILINE),
      ...paymentFields,
    }),
    renewalPeriodRules(policy, options),
  );
}

/** The acceptance step of a renewal: the three questions and the pre-existing conditions agreement. */
export const renewalAcceptanceSchema = withRules(
  v.object({
    ...answerFields,
    preExistingAgreed: v.literal(true, 'validation.acceptance.required'),
  }),
  answerRules(),
);

/** Renewal (add period) as the api takes it: the period, the answers and the agreement. */
export function renewalSchema(policy: PolicyDates, options: DateSchemaOptions = {}) {
  return withRules(
    v.object({
      endDate: dateSchema(options.dateFormat),
      reasonShortTerm: optionalText(MAX_LENGTHS.reasonShortTerm, MULTILINE),
      ...paymentFields,
      answers: withRules(v.object(answerFields), answerRules()),
      preExistingAgreed: v.literal(true, 'validation.acceptance.required'),
    }),
    renewalPeriodRules(policy, options),
  );
}

/** Contact request; a customer gives a policy number. */
export const contactRequestSchema = withRules(
  v.object({
    isCustomer: requiredOption(YES_NO),
    category: requiredOption(CONTACT_CATEGORIES),
    policyNumber: optionalText(30),
    name: requiredText(MAX_LENGTHS.name),
    email: emailSchema,
    subject: requiredText(MAX_LENGTHS.subject),
    question: requiredText(MAX_LENGTHS.question, MULTILINE),
  }),
  [
    {
      field: 'policyNumber',
      test: (input) => (input.isCustomer === 'YES' && !input.policyNumber ? 'validation.required' : null),
    },
  ],
);

/** One of {@link CLAIM_STATUSES}. */
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Accepted receipt types of a claim. */
export const CLAIM_RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Most receipts per claim. */
export const CLAIM_MAX_RECEIPTS = 5;
/** Largest receipt in bytes (10 MB). */
export const CLAIM_MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

/** Largest amount one claim can ask for, in EUR; larger losses are handled by phone. */
export const CLAIM_MAX_AMOUNT = 50_000;

/** A policy a claim can be filed against: its number and period (wire dates). */
export interface ClaimablePolicy extends PolicyDates {
  policyNumber: string;
}

/** Options of {@link claimSchema}. */
export interface ClaimSchemaOptions extends DateSchemaOptions {
  /**
   * The student's own policies. With them the policy number must be one of them and the incident
   * date must fall within that policy's period; without them only the formats are checked.
   */
  policies?: readonly ClaimablePolicy[];
}

/** An amount in EUR as typed (`125,50` or `125.50`), as a number; NaN when it does not parse. */
export function parseClaimAmount(value: string): number {
  return /^\d{1,7}([.,]\d{1,2})?$/.test(value.trim()) ? Number(value.trim().replace(',', '.')) : Number.NaN;
}

/** Claim form text fields (receipts are checked with {@link receiptIssue}). */
export function claimSchema(options: ClaimSchemaOptions = {}) {
  const { policies } = options;
  const rules: FieldRule<{ policyNumber: string; incidentDate: string }>[] = policies
    ? [
        {
          field: 'policyNumber',
          test: (input) =>
            policies.some((policy) => policy.policyNumber === input.policyNumber)
              ? null
              : 'validation.option',
        },
        {
          field: 'incidentDate',
          test: (input) => {
            const policy = policies.find((candidate) => candidate.policyNumber === input.policyNumber);
            if (!policy) return null;
            const code = claimIncidentDateIssue(input.incidentDate, policy, {
              dateFormat: options.dateFormat,
              today: options.today,
            });
            // The field's own schema already reports a missing, invalid or future date.
            return code === 'validation.incidentDate.outsidePolicy' ? code : null;
          },
        },
      ]
    : [];
  return withRules(v.object(claimEntries(options)), rules);
}

/** The fields every claim has, whoever files it. */
function claimEntries(options: DateSchemaOptions) {
  return {
    policyNumber: requiredText(30),
    category: requiredOption(CONTACT_CATEGORIES),
    incidentDate: birthDateSchema(options),
    description: requiredText(MAX_LENGTHS.description, MULTILINE),
    amount: v.pipe(
      v.string('validation.required'),
      v.trim(),
      v.nonEmpty('validation.required'),
      v.regex(/^\d{1,7}([.,]\d{1,2})?$/, 'validation.amount'),
      // An amount that does not parse has its message from the regex already.
      v.check((value: string) => !(parseClaimAmount(value) <= 0), 'validation.amount.positive'),
      v.check((value: string) => !(parseClaimAmount(value) > CLAIM_MAX_AMOUNT), 'validation.amount.max'),
    ),
    iban: ibanSchema(),
  };
}

/**
 * A claim filed without a login: the claim's fields and the policyholder's date of birth, which with
 * the policy number proves the visitor knows the policy. Only the formats are checked here; whether
 * the pair matches a policy (and the incident date falls within it) is the api's to say.
 */
export function visitorClaimSchema(options: DateSchemaOptions = {}) {
  return v.object({ ...claimEntries(options), birthDate: birthDateSchema(options) });
}

/** One of {@link CLAIM_RECEIPT_TYPES}. */
export type ClaimReceiptType = (typeof CLAIM_RECEIPT_TYPES)[number];

/** Bytes a receipt must start with, by type: what the file is, whatever its name or declared type says. */
const RECEIPT_SIGNATURES: ReadonlyArray<{ type: ClaimReceiptType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** How many leading bytes {@link sniffReceiptType} needs. */
export const RECEIPT_SIGNATURE_LENGTH = 8;

/** The receipt type that a file's first bytes (magic bytes) show, or null when it is none of them. */
export function sniffReceiptType(head: Uint8Array): ClaimReceiptType | null {
  const match = RECEIPT_SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.type ?? null;
}

/** The first problem of a list of receipts, or null. */
export function receiptIssue(files: ReadonlyArray<{ type: string; size: number }>): ValidationCode | null {
  if (files.length > CLAIM_MAX_RECEIPTS) return 'validation.files.tooMany';
  for (const file of files) {
    if (!(CLAIM_RECEIPT_TYPES as readonly string[]).includes(file.type)) return 'validation.files.type';
    if (file.size > CLAIM_MAX_RECEIPT_BYTES) return 'validation.files.size';
  }
  return null;
}

/** Anonymous request for a new insurance. */
export function insuranceRequestSchema(options: DateSchemaOptions = {}) {
  const dateFormat: DateFormat = options.dateFormat ?? 'wire';
  return withRules(
    v.object({
      insuranceType: requiredOption(INSURANCE_TYPES),
      startDate: futureDateSchema(options),
      endDate: dateSchema(dateFormat),
      destination: countryCodeSchema,
      countryOfOrigin: countryCodeSchema,
      person: v.object({
        gender: requiredOption(GENDERS),
        firstName: personNameSchema,
        surname: personNameSchema,
        birthDate: birthDateSchema(options),
        nationality: countryCodeSchema,
        email: emailSchema,
      }),
      educationalInstitution: v.optional(v.object({ name: requiredText(MAX_LENGTHS.name) })),
    }),
    [
      {
        field: 'endDate',
        test: (input) => {
          const start = parseDate(input.startDate, dateFormat);
          const end = parseDate(input.endDate, dateFormat);
          return start && end && end.getTime() <= start.getTime()
            ? 'validation.endDate.notAfterStartDate'
            : null;
        },
      },
      {
        field: 'destination',
        test: (input) =>
          input.destination === input.countryOfOrigin ? 'validation.destination.homeCountry' : null,
      },
    ],
  );
}

import * as v from 'valibot';
import {
  formToWireDate,
  normalizeIban,
  renewalAcceptanceSchema,
  renewalEndDateIssue,
  renewalPeriodSchema,
} from '@portal/contract/validation';
import type { PolicyDates } from '@portal/contract/validation';
import type { Policy } from '@portal/contract/domain';
import type { AddPeriodRequest, PaymentTerm } from '@portal/contract/wire';

/** The steps of a renewal, in order. */
export const RENEWAL_STEPS = ['period', 'acceptance', 'summary', 'done'] as const;
export type RenewalStep = (typeof RENEWAL_STEPS)[number];

const text = v.string();

/** The period step as typed: every field is text until the shared rules have checked it. */
const periodValuesSchema = v.object({
  endDate: text,
  reasonShortTerm: text,
  paymentTerm: text,
  paymentMethod: text,
  iban: text,
  bic: text,
  accountHolder: text,
});
export type PeriodValues = v.InferOutput<typeof periodValuesSchema>;

/** The acceptance step as answered. */
const acceptanceValuesSchema = v.object({
  medical: text,
  criminalRecord: text,
  insuranceRefusal: text,
  insuranceRefusalExplanation: text,
  preExistingAgreed: v.boolean(),
});
export type AcceptanceValues = v.InferOutput<typeof acceptanceValuesSchema>;

const overlapSchema = v.object({ policyNumber: text, startDate: text, endDate: text });

/**
 * What a renewal keeps across a reload (session storage). Once sent, it keeps only the application
 * number, so that a reload of the thank-you page shows it again rather than an empty first step.
 */
export const renewalDraftSchema = v.object({
  step: v.picklist(['period', 'acceptance', 'summary', 'done']),
  applicationNumber: v.optional(text),
  period: periodValuesSchema,
  acceptance: acceptanceValuesSchema,
  /** The overlap the last submit ran into, shown on the period step until the dates change. */
  overlap: v.optional(overlapSchema),
});
export type RenewalDraft = v.InferOutput<typeof renewalDraftSchema>;

/** The session storage key of a policy's renewal draft. */
export const renewalDraftKey = (policyId: string) => `insurance.renew.${policyId}`;

/** A new draft: the current payment term and method are the likely choice again. */
export function initialRenewalDraft(policy: Pick<Policy, 'paymentTerm' | 'paymentMethod'>): RenewalDraft {
  return {
    step: 'period',
    period: {
      endDate: '',
      reasonShortTerm: '',
      paymentTerm: policy.paymentTerm,
      paymentMethod: policy.paymentMethod,
      iban: '',
      bic: '',
      accountHolder: '',
    },
    acceptance: {
      medical: '',
      criminalRecord: '',
      insuranceRefusal: '',
      insuranceRefusalExplanation: '',
      preExistingAgreed: false,
    },
  };
}

type PeriodOutput = v.InferOutput<ReturnType<typeof renewalPeriodSchema>>;
type AcceptanceOutput = v.InferOutput<typeof renewalAcceptanceSchema>;

/**
 * The period form: the shared renewal rules on dd/mm/yyyy dates. The shared schema is typed for
 * its own output (a payment term is one of the terms); the form holds text, which that schema is
 * there to check, so it is given the text as its input type.
 */
export function periodFormSchema(policy: PolicyDates, today?: Date) {
  const rules = renewalPeriodSchema(policy, { dateFormat: 'form', today });
  return v.pipe(periodValuesSchema, rules as v.GenericSchema<PeriodValues, PeriodOutput>);
}

/** The acceptance form: the shared acceptance rules. */
export const acceptanceFormSchema = v.pipe(
  acceptanceValuesSchema,
  renewalAcceptanceSchema as v.GenericSchema<AcceptanceValues, AcceptanceOutput>,
);

/**
 * The end date and term the premium can be calculated for, or nulls while the end date is not a
 * valid end of a renewal (no call for what the api would refuse anyway).
 */
export function premiumQuestion(
  policy: PolicyDates,
  period: Pick<PeriodValues, 'endDate' | 'paymentTerm'>,
  today?: Date,
): { endDate: string | null; paymentTerm: PaymentTerm | null } {
  const valid = renewalEndDateIssue(period.endDate, policy, { dateFormat: 'form', today }) === null;
  const endDate = valid ? formToWireDate(period.endDate) : null;
  const paymentTerm = isPaymentTerm(period.paymentTerm) ? period.paymentTerm : null;
  return { endDate, paymentTerm };
}

const PAYMENT_TERMS: readonly string[] = ['AT_ONCE', 'YEARLY', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY'];
function isPaymentTerm(value: string): value is PaymentTerm {
  return PAYMENT_TERMS.includes(value);
}

/** The first step with an error among the api's refused fields. */
export function stepOfField(field: string): 'period' | 'acceptance' {
  return field.startsWith('answers.') || field === 'preExistingAgreed' ? 'acceptance' : 'period';
}

/** The api's refused fields named as the form of that step names them (`answers.medical` → `medical`). */
export function fieldsOfStep(
  fields: readonly { field: string; code: string }[],
  step: 'period' | 'acceptance',
): { field: string; code: string }[] {
  return fields
    .filter((item) => stepOfField(item.field) === step)
    .map((item) => ({ ...item, field: item.field.replace(/^answers\./, '') }));
}

/** The body of `addperiod` from the checked steps; bank details only with direct debit. */
export function toAddPeriodRequest(
  policyId: string,
  period: PeriodOutput,
  acceptance: AcceptanceOutput,
): AddPeriodRequest {
  const body: AddPeriodRequest = {
    id: policyId,
    endDate: formToWireDate(period.endDate) ?? period.endDate,
    paymentTerm: period.paymentTerm,
    paymentMethod: period.paymentMethod,
    answers: {
      medical: acceptance.medical,
      criminalRecord: acceptance.criminalRecord,
      insuranceRefusal: acceptance.insuranceRefusal,
    },
    preExistingAgreed: acceptance.preExistingAgreed,
  };
  if (period.reasonShortTerm) body.reasonShortTerm = period.reasonShortTerm;
  if (acceptance.insuranceRefusal === 'YES' && acceptance.insuranceRefusalExplanation) {
    body.answers.insuranceRefusalExplanation = acceptance.insuranceRefusalExplanation;
  }
  if (period.paymentMethod === 'DIRECT_DEBIT') {
    // The rules check the bank details as typed; the api gets them in their standard form.
    body.iban = period.iban ? normalizeIban(period.iban) : '';
    body.bic = period.bic?.trim().toUpperCase() ?? '';
    body.accountHolder = period.accountHolder?.trim() ?? '';
  }
  return body;
}

/**
 * The renewal to send, checked again in full (a draft restored from storage has not been through
 * the forms in this page), or the first step that needs the student's attention.
 */
export function completeRenewal(
  policy: PolicyDates & { id: string },
  draft: RenewalDraft,
  today?: Date,
): { ok: true; body: AddPeriodRequest } | { ok: false; step: 'period' | 'acceptance' } {
  const period = v.safeParse(periodFormSchema(policy, today), draft.period);
  if (!period.success) return { ok: false, step: 'period' };
  const acceptance = v.safeParse(acceptanceFormSchema, draft.acceptance);
  if (!acceptance.success) return { ok: false, step: 'acceptance' };
  return { ok: true, body: toAddPeriodRequest(policy.id, period.output, acceptance.output) };
}

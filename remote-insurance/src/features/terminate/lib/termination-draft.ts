import * as v from 'valibot';
import { formToWireDate, parseFormDate, parseWireDate, terminationSchema } from '@portal/contract/validation';
import type { PolicyDates } from '@portal/contract/validation';
import type { Address, Refund, TerminateRequest } from '@portal/contract/wire';

/** The steps of a termination; only the first two are kept in the draft. */
export const TERMINATION_STEPS = ['form', 'verify', 'done'] as const;
export type TerminationStep = (typeof TERMINATION_STEPS)[number];

/** The refund fields in the order of the form; the api takes them as `refund.{name}`. */
export const REFUND_FIELDS = [
  'bankAccountNumber',
  'bic',
  'routingNumber',
  'bankPostalCode',
  'bankHouseNumber',
  'bankHouseNumberAddition',
  'bankStreet',
  'bankCity',
  'bankCountry',
  'holderName',
  'holderPostalCode',
  'holderAddress',
  'holderCity',
  'holderCountry',
] as const;
export type RefundField = (typeof REFUND_FIELDS)[number];

/** The refund fields the student must fill in once a refund is wanted. */
export const REQUIRED_REFUND_FIELDS: readonly RefundField[] = [
  'bankAccountNumber',
  'holderName',
  'holderPostalCode',
  'holderAddress',
  'holderCity',
  'holderCountry',
];

/** A refund field's form name: the dot path the shared schema and the api report its errors at. */
export type RefundFormField = `refund.${RefundField}`;
export const refundFormField = (field: RefundField): RefundFormField => `refund.${field}`;

const text = v.string();

/**
 * The form as typed, flat: the refund fields are named by their dot path (`refund.bic`), so that
 * the errors of the shared schema and of the api land on the field that caused them.
 */
const terminationValuesSchema = v.object({
  endDate: text,
  reason: text,
  refundWanted: v.picklist(['YES', 'NO']),
  ...(Object.fromEntries(REFUND_FIELDS.map((field) => [refundFormField(field), text])) as Record<
    RefundFormField,
    typeof text
  >),
});
export type TerminationValues = v.InferOutput<typeof terminationValuesSchema>;

/** What a termination keeps across a reload (session storage). */
export const terminationDraftSchema = v.object({
  step: v.picklist(['form', 'verify']),
  values: terminationValuesSchema,
});
export type TerminationDraft = v.InferOutput<typeof terminationDraftSchema>;

/** The session storage key of a policy's termination draft. */
export const terminationDraftKey = (policyId: string) => `insurance.terminate.${policyId}`;

/** A new draft: no refund unless the student asks for one. */
export function initialTerminationDraft(): TerminationDraft {
  return {
    step: 'form',
    values: {
      endDate: '',
      reason: '',
      refundWanted: 'NO',
      ...(Object.fromEntries(REFUND_FIELDS.map((field) => [refundFormField(field), ''])) as Record<
        RefundFormField,
        string
      >),
    },
  };
}

/** The body of `terminate` without the id, end date still as typed; refund only when wanted. */
export function toTerminationInput(values: TerminationValues): {
  endDate: string;
  reason: string;
  refund?: Record<RefundField, string>;
} {
  const input = { endDate: values.endDate, reason: values.reason };
  if (values.refundWanted !== 'YES') return input;
  const refund = Object.fromEntries(
    REFUND_FIELDS.map((field) => [field, values[refundFormField(field)]] as const).filter(
      // Optional fields left empty are left out rather than sent as empty strings.
      ([field, value]) => value.trim() !== '' || REQUIRED_REFUND_FIELDS.includes(field),
    ),
  ) as Record<RefundField, string>;
  return { ...input, refund };
}

type TerminationOutput = v.InferOutput<ReturnType<typeof terminationSchema>>;

/** The termination form: the shared termination rules on dd/mm/yyyy dates. */
export function terminationFormSchema(policy: PolicyDates, today?: Date) {
  const rules = terminationSchema(policy, { dateFormat: 'form', today });
  return v.pipe(
    terminationValuesSchema,
    v.transform(toTerminationInput),
    // The shared schema is typed for its output; here it checks what the form gathered.
    rules as v.GenericSchema<ReturnType<typeof toTerminationInput>, TerminationOutput>,
  );
}

/** The body of `terminate` from the checked form. */
export function toTerminateRequest(policyId: string, output: TerminationOutput): TerminateRequest {
  const body: TerminateRequest = {
    id: policyId,
    endDate: formToWireDate(output.endDate) ?? output.endDate,
    reason: output.reason,
  };
  if (output.refund) body.refund = output.refund satisfies Refund;
  return body;
}

/** Days the policy no longer covers: from the day after the new end date to the current end date. */
export function daysNoLongerCovered(currentEndDate: string, newEndDate: string): number {
  const current = parseWireDate(currentEndDate);
  const next = parseFormDate(newEndDate);
  if (!current || !next) return 0;
  // Both are local midnights; rounding absorbs an hour of daylight saving time in between.
  return Math.max(Math.round((current.getTime() - next.getTime()) / 86_400_000), 0);
}

/**
 * The account holder's address as the portal knows it (the policy's address), for the refund
 * fields: street with house number, postcode, city and the country's name in the reader's language.
 */
export function knownHolderDetails(
  address: Address,
  locale: string,
): Partial<Record<Extract<RefundField, `holder${string}`>, string>> {
  const number = [address.houseNumber, address.houseNumberAddition].filter(Boolean).join(' ');
  return {
    holderAddress: [address.street, number].filter(Boolean).join(' '),
    holderPostalCode: address.postalCode ?? '',
    holderCity: address.city ?? '',
    holderCountry: countryName(address.country, locale),
  };
}

function countryName(code: string | undefined, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

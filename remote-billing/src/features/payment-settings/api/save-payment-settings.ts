import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { errorStatus, http, readApiError } from '@portal/shared';
import { apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import {
  isUnchanged,
  NO_CHANGES_CODE,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  paymentSchema,
} from '@portal/contract/validation';
import type { FieldError } from '@portal/contract/wire';
import { policyWireSchema } from '@portal/contract/wire';

/** The form's values while typing: every field is text. */
export const paymentSettingsInputSchema = v.object({
  paymentTerm: v.string(),
  paymentMethod: v.string(),
  iban: v.string(),
  bic: v.string(),
  accountHolder: v.string(),
});
export type PaymentSettingsInput = v.InferInput<typeof paymentSettingsInputSchema>;

/**
 * The payment settings form: bank details count only for direct debit (they are kept in the form
 * when the student switches back and forth, but neither checked nor sent otherwise), then the
 * shared payment schema checks what would be sent, as the backend does.
 */
export const paymentSettingsFormSchema = v.pipe(
  paymentSettingsInputSchema,
  v.transform(({ paymentTerm, paymentMethod, iban, bic, accountHolder }) =>
    paymentMethod === 'DIRECT_DEBIT'
      ? { paymentTerm, paymentMethod, iban, bic, accountHolder }
      : { paymentTerm, paymentMethod },
  ),
  v.transform((input) => input as v.InferInput<typeof paymentSchema>),
  paymentSchema,
);
export type PaymentSettings = v.InferOutput<typeof paymentSettingsFormSchema>;

/**
 * The form while the student keeps the direct debit account on file (shown masked): only term and
 * method are checked and sent, and the api keeps the account (docs/contract.md `maskedIban`).
 */
export const keepAccountFormSchema = v.pipe(
  paymentSettingsInputSchema,
  v.transform(({ paymentTerm, paymentMethod }) => ({ paymentTerm, paymentMethod })),
  v.object({
    paymentTerm: v.picklist(PAYMENT_TERMS, 'validation.option'),
    paymentMethod: v.picklist(PAYMENT_METHODS, 'validation.option'),
  }),
);

/** What the policy is paid with after a save: the masked account on file, if any. */
export type SavedAccount = { maskedIban: string | null };

const savedPolicySchema = v.pick(policyWireSchema, ['maskedIban']);

/** `POST /api/en/policies/{id}/payment`: the body carries the id of the path as well (docs/contract.md). */
export async function savePaymentSettings(
  policyId: string,
  settings: PaymentSettings,
): Promise<SavedAccount> {
  const answer: unknown = await http
    .post(`api/en/policies/${encodeURIComponent(policyId)}/payment`, {
      json: { id: policyId, ...settings },
    })
    .json();
  const parsed = v.safeParse(savedPolicySchema, answer);
  return { maskedIban: parsed.success ? (parsed.output.maskedIban ?? null) : null };
}

/**
 * True when the settings are the policy's own and give no bank account (docs/requirements.md §8 "No changes
 * found"): nothing is sent. A bank account for direct debit is sent even for the same term and
 * method, as the portal does not know the account on file; the api says when it is the same.
 */
export function isUnchangedSettings(
  settings: PaymentSettings,
  current: { paymentTerm: string; paymentMethod: string },
): boolean {
  // Direct debit without bank fields keeps the account on file: then only term and method count.
  const keepsAccount = settings.paymentMethod === 'DIRECT_DEBIT' && !('iban' in settings && settings.iban);
  return (
    (settings.paymentMethod !== 'DIRECT_DEBIT' || keepsAccount) &&
    isUnchanged(settings, current, ['paymentTerm', 'paymentMethod'])
  );
}

/** How a save ended: saved, refused fields, locked, under review, nothing changed, or another failure. */
export type SaveStatus = 'idle' | 'saved' | 'locked' | 'underReview' | 'noChanges' | 'failed';

/**
 * Saves the settings. `save` resolves to the fields the backend refused (400 with `fields`) for
 * the form to show beside them; any other outcome is in `status`.
 */
export function useSavePaymentSettings(current: {
  policyId: string;
  paymentTerm: string;
  paymentMethod: string;
}) {
  const { policyId, paymentTerm, paymentMethod } = current;
  const [status, setStatus] = useState<SaveStatus>('idle');
  // Why the api refused the save, when it said why and the page has no words of its own for it.
  const [reason, setReason] = useState<ApiReason | undefined>(undefined);
  const [account, setAccount] = useState<SavedAccount | null>(null);
  const save = useCallback(
    async (settings: PaymentSettings): Promise<FieldError[]> => {
      setStatus('idle');
      setReason(undefined);
      if (isUnchangedSettings(settings, { paymentTerm, paymentMethod })) {
        setStatus('noChanges');
        return [];
      }
      try {
        setAccount(await savePaymentSettings(policyId, settings));
        setStatus('saved');
        return [];
      } catch (error) {
        const status = errorStatus(error);
        const body = await readApiError(error);
        if (status === 400 && body?.fields?.length) return body.fields;
        if (status === 403 && body?.code === 'PAYMENT_LOCKED') setStatus('locked');
        else if (status === 409 && body?.code === 'UNDER_REVIEW') setStatus('underReview');
        else if (status === 409 && body?.code === NO_CHANGES_CODE) setStatus('noChanges');
        else {
          setReason(apiReasonOf(status, body));
          setStatus('failed');
        }
        return [];
      }
    },
    [policyId, paymentTerm, paymentMethod],
  );
  return { status, reason, account, save };
}

import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { errorStatus, http, readApiError } from '@portal/shared';
import { apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import type { ContactRequest, FieldError } from '@portal/contract/wire';
import { contactRequestSchema } from '@portal/contract/validation';

const text = v.string();

/**
 * The contact form: every field is text while typing, then checked by the shared contact
 * schema. The policy-number rule is repeated after it as a partial check because the shared
 * rule only runs once all other fields are valid, and the reader should see every error at once.
 */
export const contactFormSchema = v.pipe(
  v.object({
    isCustomer: text,
    category: text,
    policyNumber: v.optional(text),
    name: text,
    email: text,
    subject: text,
    question: text,
  }),
  contactRequestSchema,
  v.forward(
    v.partialCheck(
      [['isCustomer'], ['policyNumber']],
      (input) => input.isCustomer !== 'YES' || !!input.policyNumber,
      'validation.required',
    ),
    ['policyNumber'],
  ),
);

export type ContactFormInput = v.InferInput<typeof contactFormSchema>;
export type ContactFormOutput = v.InferOutput<typeof contactFormSchema>;

/** `POST /api/portal/contactexpats` (204); a policy number is only sent for a customer. */
export async function sendContactRequest(input: ContactFormOutput): Promise<void> {
  const { policyNumber, ...rest } = input;
  const body: ContactRequest =
    input.isCustomer === 'YES' && policyNumber ? { ...rest, policyNumber } : { ...rest };
  await http.post('api/portal/contactexpats', { json: body });
}

export type ContactRequestStatus = 'idle' | 'done' | 'failed';

/**
 * Sends the contact request and tracks the outcome. `send` resolves to the fields the backend
 * rejected (a 400 with `fields`), for the form to show beside those fields; any other failure
 * sets the status to `failed`, with the api's reason when it gave one (a limit of requests).
 */
export function useSendContactRequest() {
  const [status, setStatus] = useState<ContactRequestStatus>('idle');
  const [reason, setReason] = useState<ApiReason | undefined>();
  const send = useCallback(async (input: ContactFormOutput): Promise<FieldError[]> => {
    setStatus('idle');
    setReason(undefined);
    try {
      await sendContactRequest(input);
      setStatus('done');
      return [];
    } catch (error) {
      const status = errorStatus(error);
      const body = await readApiError(error);
      const fields = status === 400 ? (body?.fields ?? []) : [];
      if (fields.length === 0) {
        setReason(apiReasonOf(status, body));
        setStatus('failed');
      }
      return fields;
    }
  }, []);
  return { status, reason, send };
}

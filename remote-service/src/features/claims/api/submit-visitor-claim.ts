import * as v from 'valibot';
import { postWithProgress } from '@portal/shared';
import { formToWireDate, visitorClaimSchema } from '@portal/contract/validation';

import { claimFormData, claimNumberOf, useSendClaim } from './submit-claim';
import type { SendEvents } from './submit-claim';
import type { ClaimFormValues } from './submit-claim';

/** What a visitor types in the claim form: the claim, and the policy number and date of birth that prove it is theirs. */
export type VisitorClaimFormValues = ClaimFormValues & {
  /** The policyholder's date of birth, dd/mm/yyyy as typed. */
  birthDate: string;
};

/** An empty visitor claim form. */
export const EMPTY_VISITOR_CLAIM: VisitorClaimFormValues = {
  policyNumber: '',
  birthDate: '',
  category: '',
  incidentDate: '',
  description: '',
  amount: '',
  iban: '',
};

const text = v.string();

/**
 * The visitor's claim form rules: the api's own visitor schema with the dates as typed. Whether the
 * policy number and the date of birth match a policy only the api can say.
 */
export function visitorClaimFormSchema(today: Date = new Date()) {
  return v.pipe(
    v.object({
      policyNumber: text,
      birthDate: text,
      category: text,
      incidentDate: text,
      description: text,
      amount: text,
      iban: text,
    }),
    visitorClaimSchema({ today, dateFormat: 'form' }),
  );
}

/** What the visitor's claim form hands over once every rule passed. */
export type VisitorClaimFormOutput = v.InferOutput<ReturnType<typeof visitorClaimFormSchema>>;

/**
 * `POST /api/en/visitor-claims` (multipart, no login) with the upload's progress; resolves to the
 * claim number. The claim's fields as a student's, and the date of birth as YYYY-MM-DD.
 */
export async function submitVisitorClaim(
  claim: VisitorClaimFormOutput,
  receipts: readonly File[],
  { onProgress }: SendEvents = {},
): Promise<string> {
  // A visitor is not logged in: the receipts go with the form, as one request (no resumable upload).
  const body = claimFormData(claim, receipts, {
    birthDate: formToWireDate(claim.birthDate) ?? claim.birthDate,
  });
  const response = await postWithProgress('api/en/visitor-claims', body, {
    onProgress: ({ loaded, total }) => onProgress?.(total > 0 ? loaded / total : 0),
  });
  return claimNumberOf(response);
}

/** Sends a visitor's claim and follows it, as {@link useSendClaim}. */
export function useSubmitVisitorClaim() {
  return useSendClaim(submitVisitorClaim);
}

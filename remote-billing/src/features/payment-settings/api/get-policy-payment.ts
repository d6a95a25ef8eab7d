import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import { PAYMENT_METHODS, PAYMENT_TERMS } from '@portal/shared/validation';

/**
 * The part of a policy (docs/contract.md `RawPolicy`) the payment settings need: how and how often it
 * is paid, who pays it, and what the shared policy rules read. Other fields are left out; the
 * policy cards check them.
 */
export const policyPaymentSchema = v.object({
  policyId: v.pipe(v.string(), v.nonEmpty()),
  policyNumber: v.optional(v.string()),
  applicationNumber: v.optional(v.string()),
  insuranceType: v.string(),
  status: v.picklist([
    'ACTIVE',
    'UNDER_REVIEW',
    'NOT_ACTIVE',
    'EXPIRED',
    'CANCELLED',
    'DISAPPROVED',
    'UNDER_REVIEW_NEW',
  ]),
  // The shared policy rules read these as well (payment-lock.ts).
  startDate: v.pipe(v.string(), v.isoDate()),
  editable: v.picklist(['true', 'false']),
  renewable: v.picklist(['true', 'false']),
  customerType: v.picklist(['INDIVIDUAL', 'INSTITUTE', 'INSTITUTE_STUDENT_PAYS']),
  educationalInstitution: v.optional(v.object({ name: v.optional(v.string()) })),
  paymentTerm: v.picklist(PAYMENT_TERMS),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  // The direct debit account on file, masked by the api (`NL•• •••• •••• •••• 4300`).
  maskedIban: v.optional(v.string()),
});
export type PolicyPayment = v.InferOutput<typeof policyPaymentSchema>;

/** The policy the page is about, or `null` when the student has no such policy. */
export type PolicyPaymentResult = PolicyPayment | null;

/** The body of the policies call does not match the contract for the policy asked for. */
export class MalformedPolicyError extends Error {
  constructor(detail: string) {
    super(`The policy response does not match the contract: ${detail}`);
    this.name = 'MalformedPolicyError';
  }
}

/** Finds `policyId` in a policies body and checks it; other policies in the list are not looked at. */
export function parsePolicyPayment(body: unknown, policyId: string): PolicyPaymentResult {
  if (!Array.isArray(body)) throw new MalformedPolicyError('the body is not a list');
  const raw: unknown = body.find(
    (item: unknown) =>
      typeof item === 'object' && item !== null && (item as { policyId?: unknown }).policyId === policyId,
  );
  if (raw === undefined) return null;
  const result = v.safeParse(policyPaymentSchema, raw);
  if (!result.success) throw new MalformedPolicyError(v.summarize(result.issues));
  return result.output;
}

/** `GET /api/en/profiles/{profileId}/policies`, narrowed to one policy's payment settings. */
export async function getPolicyPayment(
  profileId: string,
  policyId: string,
  signal?: AbortSignal,
): Promise<PolicyPaymentResult> {
  const response = await http.get(`api/en/profiles/${encodeURIComponent(profileId)}/policies`, { signal });
  return parsePolicyPayment(await response.json(), policyId);
}

/** Loads the payment settings of one of the student's policies. */
export function usePolicyPayment(profileId: string, policyId: string) {
  return useApiResource((signal) => getPolicyPayment(profileId, policyId, signal), [profileId, policyId]);
}

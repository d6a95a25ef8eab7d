import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson, parseJson } from '@portal/shared/get-json';
import { API_PATHS, POLICY_RULE_FIELDS, policiesPath, policyWireSchema } from '@portal/contract/wire';

/**
 * The part of a policy (docs/contract.md `RawPolicy`) the payment settings need: how and how often it
 * is paid, who pays it, the direct debit account on file (masked by the api), and what the shared
 * policy rules read (payment-lock.ts). Other fields are left out; the policy cards check them.
 */
export const policyPaymentSchema = v.pick(policyWireSchema, [
  ...POLICY_RULE_FIELDS,
  'educationalInstitution',
  'paymentTerm',
  'maskedIban',
]);
export type PolicyPayment = v.InferOutput<typeof policyPaymentSchema>;

/** The policy the page is about, or `null` when the student has no such policy. */
export type PolicyPaymentResult = PolicyPayment | null;

/** Finds `policyId` in a policies body and checks it; other policies in the list are not looked at. */
export function parsePolicyPayment(
  body: unknown,
  policyId: string,
  path: string = API_PATHS.policies,
): PolicyPaymentResult {
  const raw: unknown = parseJson(path, v.array(v.unknown()), body).find(
    (item: unknown) =>
      typeof item === 'object' && item !== null && (item as { policyId?: unknown }).policyId === policyId,
  );
  return raw === undefined ? null : parseJson(path, policyPaymentSchema, raw);
}

/** `GET /api/en/profiles/{profileId}/policies`, narrowed to one policy's payment settings. */
export async function getPolicyPayment(
  profileId: string,
  policyId: string,
  signal?: AbortSignal,
): Promise<PolicyPaymentResult> {
  const path = policiesPath(profileId);
  return parsePolicyPayment(await getJson(path, v.array(v.unknown()), { signal }), policyId, path);
}

/** Loads the payment settings of one of the student's policies. */
export function usePolicyPayment(profileId: string, policyId: string) {
  return useApiResource((signal) => getPolicyPayment(profileId, policyId, signal), [profileId, policyId]);
}

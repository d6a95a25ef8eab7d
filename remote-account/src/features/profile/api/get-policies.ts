import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';

/**
 * The fields of a policy the settings links depend on. The insurance remote checks the whole
 * policy; here a policy that lacks one of these is left out rather than failing the Profile page.
 */
export const policySettingsSchema = v.object({
  policyId: v.pipe(v.string(), v.nonEmpty()),
  policyNumber: v.optional(v.string()),
  applicationNumber: v.optional(v.string()),
  insuranceType: v.picklist(['TRAVEL', 'HEALTH', 'STAY']),
  status: v.picklist([
    'ACTIVE',
    'UNDER_REVIEW',
    'NOT_ACTIVE',
    'EXPIRED',
    'CANCELLED',
    'DISAPPROVED',
    'UNDER_REVIEW_NEW',
  ]),
  startDate: v.pipe(v.string(), v.isoDate()),
  editable: v.picklist(['true', 'false']),
  renewable: v.picklist(['true', 'false']),
  customerType: v.picklist(['INDIVIDUAL', 'INSTITUTE', 'INSTITUTE_STUDENT_PAYS']),
  paymentMethod: v.picklist(['DIRECT_DEBIT', 'CREDITCARD', 'BANK_TRANSFER']),
});

/** What the policy settings list shows of one policy. */
export type PolicySettingsPolicy = v.InferOutput<typeof policySettingsSchema>;

/** The policies of a body, leaving out any that the settings list cannot read. */
export function parsePolicySettings(body: unknown): PolicySettingsPolicy[] {
  if (!Array.isArray(body)) throw new Error('The policies response is not a list.');
  return body.flatMap((item: unknown) => {
    const result = v.safeParse(policySettingsSchema, item);
    return result.success ? [result.output] : [];
  });
}

/** `GET /api/en/profiles/{profileId}/policies`, as the policy settings list needs them. */
export async function getPolicySettings(
  profileId: string,
  signal?: AbortSignal,
): Promise<PolicySettingsPolicy[]> {
  const body: unknown = await http
    .get(`api/en/profiles/${encodeURIComponent(profileId)}/policies`, { signal })
    .json();
  return parsePolicySettings(body);
}

/** Loads the student's policies for the settings links. */
export function usePolicySettings(profileId: string) {
  return useApiResource((signal) => getPolicySettings(profileId, signal), [profileId]);
}

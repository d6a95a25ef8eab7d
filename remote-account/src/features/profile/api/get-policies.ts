import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import { POLICY_RULE_FIELDS, policiesPath, policyWireSchema } from '@portal/contract/wire';

/**
 * The fields of a policy the settings links depend on. The insurance remote checks the whole
 * policy; here a policy that lacks one of these is left out rather than failing the Profile page.
 */
export const policySettingsSchema = v.pick(policyWireSchema, POLICY_RULE_FIELDS);

/** What the policy settings list shows of one policy. */
export type PolicySettingsPolicy = v.InferOutput<typeof policySettingsSchema>;

/** The policies of a list, leaving out any that the settings list cannot read. */
export function parsePolicySettings(list: readonly unknown[]): PolicySettingsPolicy[] {
  return list.flatMap((item: unknown) => {
    const result = v.safeParse(policySettingsSchema, item);
    return result.success ? [result.output] : [];
  });
}

/** `GET /api/en/profiles/{profileId}/policies`, as the policy settings list needs them. */
export async function getPolicySettings(
  profileId: string,
  signal?: AbortSignal,
): Promise<PolicySettingsPolicy[]> {
  const list = await getJson(policiesPath(profileId), v.array(v.unknown()), { signal });
  return parsePolicySettings(list);
}

/** Loads the student's policies for the settings links. */
export function usePolicySettings(profileId: string) {
  return useApiResource((signal) => getPolicySettings(profileId, signal), [profileId]);
}

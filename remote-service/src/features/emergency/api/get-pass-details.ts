import * as v from 'valibot';
import { http } from '@portal/shared';
import type { EmergencyPassPolicy } from '@portal/shared';

const profileSchema = v.object({ firstName: v.string(), surname: v.string() });

const passPolicySchema = v.object({
  policyNumber: v.optional(v.string()),
  applicationNumber: v.optional(v.string()),
  insuranceType: v.picklist(['TRAVEL', 'HEALTH', 'STAY']),
  coverage: v.string(),
  startDate: v.pipe(v.string(), v.isoDate()),
  endDate: v.pipe(v.string(), v.isoDate()),
  status: v.string(),
});

/** Policies that cover the student now or soon; ended, cancelled and refused ones are of no help abroad. */
const COVERING_STATUSES: ReadonlySet<string> = new Set(['ACTIVE', 'NOT_ACTIVE', 'UNDER_REVIEW']);

/** The student's details the Emergency Pass carries. */
export type PassDetails = { name: string; policies: EmergencyPassPolicy[] };

/** The policies of a body the pass can carry; one it cannot read is left out rather than failing the pass. */
export function passPolicies(body: unknown): EmergencyPassPolicy[] {
  if (!Array.isArray(body)) throw new Error('The policies response is not a list.');
  return body.flatMap((item: unknown) => {
    const result = v.safeParse(passPolicySchema, item);
    if (!result.success || !COVERING_STATUSES.has(result.output.status)) return [];
    const { policyNumber, applicationNumber, insuranceType, coverage, startDate, endDate } = result.output;
    const number = policyNumber || applicationNumber;
    if (!number) return [];
    const type = insuranceType.toLowerCase() as EmergencyPassPolicy['insuranceType'];
    return [{ number, insuranceType: type, coverage, startDate, endDate }];
  });
}

/** `GET /api/en/profiles/{profileId}` and its policies: the name and the policies for the pass. */
export async function getPassDetails(profileId: string): Promise<PassDetails> {
  const id = encodeURIComponent(profileId);
  const [profileBody, policiesBody] = await Promise.all([
    http.get(`api/en/profiles/${id}`).json<unknown>(),
    http.get(`api/en/profiles/${id}/policies`).json<unknown>(),
  ]);
  const profile = v.parse(profileSchema, profileBody);
  return { name: `${profile.firstName} ${profile.surname}`.trim(), policies: passPolicies(policiesBody) };
}

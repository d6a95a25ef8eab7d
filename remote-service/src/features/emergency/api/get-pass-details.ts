import * as v from 'valibot';
import type { EmergencyPassPolicy } from '../lib/emergency-pass';
import { getJson } from '@portal/shared/get-json';
import { policiesPath, policyWireSchema, profilePath, profileWireSchema } from '@portal/contract/wire';

const passProfileSchema = v.pick(profileWireSchema, ['firstName', 'surname']);

const passPolicySchema = v.pick(policyWireSchema, [
  'policyNumber',
  'applicationNumber',
  'insuranceType',
  'coverage',
  'startDate',
  'endDate',
  'status',
]);

/** Policies that cover the student now or soon; ended, cancelled and refused ones are of no help abroad. */
const COVERING_STATUSES: ReadonlySet<string> = new Set(['ACTIVE', 'NOT_ACTIVE', 'UNDER_REVIEW']);

/** The student's details the Emergency Pass carries. */
export type PassDetails = { name: string; policies: EmergencyPassPolicy[] };

/** The policies of a body the pass can carry; one it cannot read is left out rather than failing the pass. */
export function passPolicies(list: readonly unknown[]): EmergencyPassPolicy[] {
  return list.flatMap((item: unknown) => {
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
  const [profile, policies] = await Promise.all([
    getJson(profilePath(profileId), passProfileSchema),
    getJson(policiesPath(profileId), v.array(v.unknown())),
  ]);
  return { name: `${profile.firstName} ${profile.surname}`.trim(), policies: passPolicies(policies) };
}

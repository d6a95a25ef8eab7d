import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import { mapPolicy, UNRECOGNIZED_STATUS } from '@portal/shared/domain';
import type { Policy } from '@portal/shared/domain';
import type { RawPolicy } from '@portal/shared/wire';

const stringBoolean = v.picklist(['true', 'false']);
const wireDate = v.pipe(v.string(), v.isoDate());

const addressSchema = v.object({
  postalCode: v.string(),
  houseNumber: v.string(),
  houseNumberAddition: v.optional(v.string()),
  street: v.string(),
  city: v.string(),
  country: v.string(),
  moveReason: v.optional(v.string()),
});

/** One policy as docs/contract.md describes it (`RawPolicy` of the OpenAPI document). */
export const rawPolicySchema = v.object({
  policyId: v.pipe(v.string(), v.nonEmpty()),
  policyNumber: v.optional(v.string()),
  applicationNumber: v.optional(v.string()),
  insuranceType: v.picklist(['TRAVEL', 'HEALTH', 'STAY']),
  coverage: v.string(),
  destination: v.string(),
  startDate: wireDate,
  endDate: wireDate,
  birthDate: wireDate,
  cancelledFromStart: stringBoolean,
  status: v.picklist([
    'ACTIVE',
    'UNDER_REVIEW',
    'NOT_ACTIVE',
    'EXPIRED',
    'CANCELLED',
    'DISAPPROVED',
    'UNDER_REVIEW_NEW',
  ]),
  editable: stringBoolean,
  renewable: stringBoolean,
  individual: stringBoolean,
  customerType: v.picklist(['INDIVIDUAL', 'INSTITUTE', 'INSTITUTE_STUDENT_PAYS']),
  educationalInstitution: v.optional(v.object({ name: v.string() })),
  faculty: v.optional(v.string()),
  study: v.optional(v.string()),
  destinationAddress: v.optional(addressSchema),
  totalAmount: v.pipe(v.number(), v.finite()),
  paymentTerm: v.picklist(['AT_ONCE', 'YEARLY', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY']),
  paymentMethod: v.picklist(['DIRECT_DEBIT', 'CREDITCARD', 'BANK_TRANSFER']),
  documents: v.array(v.object({ id: v.string(), name: v.string() })),
});

/**
 * The body is checked in two steps: the list itself (a broken body fails the whole call), then
 * each policy on its own, so that one policy the portal cannot show does not hide the others.
 */
const policiesBodySchema = v.array(v.unknown());

/** Whatever identifies a policy the portal could not read, to name it on its error card. */
const policyIdentitySchema = v.looseObject({
  policyId: v.optional(v.string()),
  policyNumber: v.optional(v.string()),
  applicationNumber: v.optional(v.string()),
});

/** Why a policy cannot be shown: a status outside docs/requirements.md §4, or any other broken field. */
export type PolicyProblem = 'unrecognizedStatus' | 'invalid';

/** One entry of the policy list: a policy to show, or a policy that cannot be shown. */
export type PolicyEntry =
  | { ok: true; policy: Policy }
  | {
      ok: false;
      /** A React key: the position in the list, with the policy id when there is one. */
      key: string;
      /** The policy or application number, when the entry carries one. */
      number?: string;
      problem: PolicyProblem;
    };

/** The body of the policies call is not a list: nothing can be shown. */
export class MalformedPoliciesError extends Error {
  constructor(detail: string) {
    super(`The policies response is not a list of policies: ${detail}`);
    this.name = 'MalformedPoliciesError';
  }
}

function brokenEntry(item: unknown, index: number, problem: PolicyProblem): PolicyEntry {
  const identity = v.safeParse(policyIdentitySchema, item);
  const fields = identity.success ? identity.output : {};
  return {
    ok: false,
    key: `unreadable-${index}-${fields.policyId ?? ''}`,
    number: fields.policyNumber || fields.applicationNumber || undefined,
    problem,
  };
}

/** Checks and maps one policy of the list; never throws. */
export function toPolicyEntry(item: unknown, index: number): PolicyEntry {
  const result = v.safeParse(rawPolicySchema, item);
  if (!result.success) {
    const statusBroken = result.issues.some((issue) => issue.path?.[0]?.key === 'status');
    return brokenEntry(item, index, statusBroken ? 'unrecognizedStatus' : 'invalid');
  }
  // The schema is the wire contract: its output must stay a RawPolicy.
  const raw: RawPolicy = result.output;
  try {
    return { ok: true, policy: mapPolicy(raw) };
  } catch (error) {
    const problem =
      error instanceof Error && error.message === UNRECOGNIZED_STATUS ? 'unrecognizedStatus' : 'invalid';
    return brokenEntry(item, index, problem);
  }
}

/** The api path of a student's policies (the route's `preloadApi` names the same read). */
export function policiesPath(profileId: string): string {
  return `api/en/profiles/${encodeURIComponent(profileId)}/policies`;
}

/** The body of the policies call, checked and mapped to view models one by one. */
export function readPolicies(body: unknown): PolicyEntry[] {
  const list = v.safeParse(policiesBodySchema, body);
  if (!list.success) throw new MalformedPoliciesError(v.summarize(list.issues));
  return list.output.map(toPolicyEntry);
}

/** `GET /api/en/profiles/{profileId}/policies`, checked and mapped to view models one by one. */
export async function getPolicies(profileId: string, signal?: AbortSignal): Promise<PolicyEntry[]> {
  const body: unknown = await http.get(policiesPath(profileId), { signal }).json();
  return readPolicies(body);
}

/**
 * Loads the student's policies; `retry` loads them again after a failure. The answer that came with
 * the page, when there is one, is the first render's (the server's frame shows the same cards).
 */
export function usePolicies(profileId: string) {
  return useApiResource((signal) => getPolicies(profileId, signal), [profileId], {
    path: policiesPath(profileId),
    read: readPolicies,
  });
}

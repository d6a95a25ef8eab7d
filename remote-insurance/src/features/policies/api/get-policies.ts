import * as v from 'valibot';
import { useApiResource } from '@portal/shared';
import { mapPolicy, UNRECOGNIZED_STATUS } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import { getJson, parseJson } from '@portal/shared/get-json';
import { policiesPath, policyWireSchema } from '@portal/contract/wire';
import type { RawPolicy } from '@portal/contract/wire';

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
  const result = v.safeParse(policyWireSchema, item);
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

/** The body of `path`, the policies call, checked and mapped to view models one by one. */
export function readPolicies(path: string, body: unknown): PolicyEntry[] {
  return parseJson(path, policiesBodySchema, body).map(toPolicyEntry);
}

/** `GET /api/en/profiles/{profileId}/policies`, checked and mapped to view models one by one. */
export async function getPolicies(profileId: string, signal?: AbortSignal): Promise<PolicyEntry[]> {
  const list = await getJson(policiesPath(profileId), policiesBodySchema, { signal });
  return list.map(toPolicyEntry);
}

/**
 * Loads the student's policies; `retry` loads them again after a failure. The answer that came with
 * the page, when there is one, is the first render's (the server's frame shows the same cards).
 */
export function usePolicies(profileId: string) {
  const path = policiesPath(profileId);
  return useApiResource((signal) => getPolicies(profileId, signal), [profileId], {
    path,
    read: (body) => readPolicies(path, body),
  });
}

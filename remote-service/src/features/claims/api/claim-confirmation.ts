import { errorStatus, http, useApiResource } from '@portal/shared';
import type { components } from '@portal/contract/wire';
import { getJson, parseJson } from '@portal/shared/get-json';
import { claimConfirmationWireSchema } from '@portal/contract/wire';

/** The visitor's claim as its policyholder decides on it (`ClaimConfirmation` of the OpenAPI document). */
export type ClaimConfirmation = components['schemas']['ClaimConfirmation'];
/** What she decides. */
export type ClaimDecision = components['schemas']['ClaimDecisionRequest']['decision'];

/** What the page shows: the claim, or that the link names none (404). */
export type ConfirmationResult = { known: true; claim: ClaimConfirmation } | { known: false };

/** `GET /api/claim-confirmations/{token}`: a 404 is an answer (no such link), anything else rejects. */
export async function getClaimConfirmation(token: string, signal?: AbortSignal): Promise<ConfirmationResult> {
  try {
    const path = `api/claim-confirmations/${encodeURIComponent(token)}`;
    // The schema is the wire contract: its output must stay a ClaimConfirmation.
    const claim: ClaimConfirmation = await getJson(path, claimConfirmationWireSchema, { signal });
    return { known: true, claim };
  } catch (error) {
    if (errorStatus(error) === 404) return { known: false };
    throw error;
  }
}

/** Loads the claim of a mailed link. */
export function useClaimConfirmation(token: string) {
  return useApiResource((signal) => getClaimConfirmation(token, signal), [token]);
}

/** `POST /api/claim-confirmations/{token}`: her decision; rejects like `http` (409 when already decided). */
export async function decideClaim(token: string, decision: ClaimDecision): Promise<ClaimConfirmation> {
  const path = `api/claim-confirmations/${encodeURIComponent(token)}`;
  const body: unknown = await http.post(path, { json: { decision } }).json();
  const claim: ClaimConfirmation = parseJson(path, claimConfirmationWireSchema, body);
  return claim;
}

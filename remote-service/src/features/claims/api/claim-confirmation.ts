import * as v from 'valibot';
import { errorStatus, http, useApiResource } from '@portal/shared';
import type { components } from '@portal/shared/wire';

/** The visitor's claim as its policyholder decides on it (`ClaimConfirmation` of the OpenAPI document). */
export type ClaimConfirmation = components['schemas']['ClaimConfirmation'];
/** What she decides. */
export type ClaimDecision = components['schemas']['ClaimDecisionRequest']['decision'];

const confirmationSchema = v.object({
  claimNumber: v.string(),
  policyNumber: v.string(),
  category: v.picklist(['CLAIMS', 'FINANCIAL', 'COVERAGE']),
  incidentDate: v.pipe(v.string(), v.isoDate()),
  amount: v.number(),
  iban: v.string(),
  submittedAt: v.string(),
  decision: v.picklist(['PENDING', 'CONFIRMED', 'REFUSED']),
});

function parse(body: unknown): ClaimConfirmation {
  const result = v.safeParse(confirmationSchema, body);
  if (!result.success)
    throw new Error(`The claim confirmation does not match the contract: ${v.summarize(result.issues)}`);
  return result.output;
}

/** What the page shows: the claim, or that the link names none (404). */
export type ConfirmationResult = { known: true; claim: ClaimConfirmation } | { known: false };

/** `GET /api/claim-confirmations/{token}`: a 404 is an answer (no such link), anything else rejects. */
export async function getClaimConfirmation(token: string, signal?: AbortSignal): Promise<ConfirmationResult> {
  try {
    const body: unknown = await http
      .get(`api/claim-confirmations/${encodeURIComponent(token)}`, { signal })
      .json();
    return { known: true, claim: parse(body) };
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
  const body: unknown = await http
    .post(`api/claim-confirmations/${encodeURIComponent(token)}`, { json: { decision } })
    .json();
  return parse(body);
}

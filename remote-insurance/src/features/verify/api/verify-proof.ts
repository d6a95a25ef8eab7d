import * as v from 'valibot';
import { errorStatus, http, useApiResource } from '@portal/shared';
import type { ProofVerification } from '@portal/shared/wire';

const wireDate = v.pipe(v.string(), v.isoDate());

/** The answer of the check as CONTRACT-style wire shape (`ProofVerification` of the OpenAPI document). */
export const proofVerificationSchema = v.object({
  code: v.string(),
  valid: v.boolean(),
  coverStatus: v.picklist(['ACTIVE', 'NOT_STARTED', 'ENDED', 'TERMINATED', 'CANCELLED']),
  initials: v.string(),
  birthYear: v.pipe(v.number(), v.integer()),
  insuranceType: v.picklist(['TRAVEL', 'HEALTH', 'STAY']),
  startDate: wireDate,
  endDate: wireDate,
  issuedOn: wireDate,
});

/** What the page shows: a known letter with its state now, or that no letter has this code. */
export type VerifyResult = { known: true; proof: ProofVerification } | { known: false };

/** The body of a 200 does not match the contract: the page says the check failed. */
export class MalformedVerificationError extends Error {
  constructor(detail: string) {
    super(`The verification response does not match the contract: ${detail}`);
    this.name = 'MalformedVerificationError';
  }
}

/**
 * `GET /api/verify/{code}` with a short code or a QR token. A 404 is an answer, not a failure: no letter
 * has this code, so it is not valid. Anything else that fails rejects (the page offers a retry).
 */
export async function verifyProof(code: string, signal?: AbortSignal): Promise<VerifyResult> {
  try {
    const body: unknown = await http.get(`api/verify/${encodeURIComponent(code)}`, { signal }).json();
    const result = v.safeParse(proofVerificationSchema, body);
    if (!result.success) throw new MalformedVerificationError(v.summarize(result.issues));
    const proof: ProofVerification = result.output;
    return { known: true, proof };
  } catch (error) {
    if (errorStatus(error) === 404) return { known: false };
    throw error;
  }
}

/** Checks one letter; `retry` checks again after a failure. */
export function useProofVerification(code: string) {
  return useApiResource((signal) => verifyProof(code, signal), [code]);
}

import { errorStatus, useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import { proofVerificationPath, proofVerificationWireSchema } from '@portal/contract/wire';
import type { ProofVerification } from '@portal/contract/wire';

/** What the page shows: a known letter with its state now, or that no letter has this code. */
export type VerifyResult = { known: true; proof: ProofVerification } | { known: false };

/**
 * `GET /api/verify/{code}` with a short code or a QR token. A 404 is an answer, not a failure: no letter
 * has this code, so it is not valid. Anything else that fails rejects (the page offers a retry).
 */
export async function verifyProof(code: string, signal?: AbortSignal): Promise<VerifyResult> {
  try {
    // The schema is the wire contract: its output must stay a ProofVerification.
    const proof: ProofVerification = await getJson(proofVerificationPath(code), proofVerificationWireSchema, {
      signal,
    });
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

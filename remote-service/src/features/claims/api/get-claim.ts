import { useApiResource } from '@portal/shared';
import { getJson } from '@portal/shared/get-json';
import { claimDetailWireSchema, claimPath } from '@portal/contract/wire';
import type { ClaimDetail } from '@portal/contract/wire';

/** `GET /api/en/claims/{claimNumber}`: one claim with the steps it reached and its receipts. */
export async function getClaim(claimNumber: string, signal?: AbortSignal): Promise<ClaimDetail> {
  // The schema is the wire contract: its output must stay a ClaimDetail.
  const claim: ClaimDetail = await getJson(claimPath(claimNumber), claimDetailWireSchema, { signal });
  return claim;
}

/** Loads one claim; `retry` loads it again after a failure. */
export function useClaim(claimNumber: string) {
  return useApiResource((signal) => getClaim(claimNumber, signal), [claimNumber]);
}

/** The path of a receipt's download (`attachment`), for `downloadDocument`. */
export function receiptPath(claimNumber: string, receiptId: string): string {
  return `${claimPath(claimNumber)}/receipts/${encodeURIComponent(receiptId)}`;
}

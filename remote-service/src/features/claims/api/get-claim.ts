import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import type { ClaimDetail } from '@portal/shared/wire';
import { CONTACT_CATEGORIES } from '@portal/shared/validation';

import { CLAIM_STATUSES } from '@portal/shared/validation';

/** Why a claim was rejected (`ClaimRejectionReason`), on its REJECTED step. */
export const CLAIM_REJECTION_REASONS = [
  'NOT_COVERED',
  'NOT_INSURED_ON_DATE',
  'RECEIPTS_INSUFFICIENT',
  'POLICYHOLDER_REFUSED',
] as const;

/** `GET /api/en/claims/{claimNumber}` as docs/contract.md describes it (`ClaimDetail`). */
export const claimDetailSchema = v.object({
  claimNumber: v.pipe(v.string(), v.nonEmpty()),
  policyNumber: v.string(),
  submittedAt: v.pipe(v.string(), v.isoTimestamp()),
  status: v.picklist(CLAIM_STATUSES),
  amount: v.pipe(v.number(), v.finite()),
  category: v.picklist(CONTACT_CATEGORIES),
  incidentDate: v.pipe(v.string(), v.isoDate()),
  description: v.string(),
  iban: v.string(),
  history: v.array(
    v.object({
      status: v.picklist(CLAIM_STATUSES),
      at: v.pipe(v.string(), v.isoTimestamp()),
      reason: v.optional(v.picklist(CLAIM_REJECTION_REASONS)),
      note: v.optional(v.string()),
    }),
  ),
  receipts: v.array(
    v.object({
      id: v.pipe(v.string(), v.nonEmpty()),
      name: v.string(),
      contentType: v.picklist(['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream']),
      size: v.pipe(v.number(), v.integer()),
    }),
  ),
});

/** The body of the claim call does not match the contract: nothing is shown. */
export class MalformedClaimError extends Error {
  constructor(detail: string) {
    super(`The claim response does not match the contract: ${detail}`);
    this.name = 'MalformedClaimError';
  }
}

/** `GET /api/en/claims/{claimNumber}`: one claim with the steps it reached and its receipts. */
export async function getClaim(claimNumber: string, signal?: AbortSignal): Promise<ClaimDetail> {
  const body: unknown = await http.get(`api/en/claims/${encodeURIComponent(claimNumber)}`, { signal }).json();
  const result = v.safeParse(claimDetailSchema, body);
  if (!result.success) throw new MalformedClaimError(v.summarize(result.issues));
  const claim: ClaimDetail = result.output;
  return claim;
}

/** Loads one claim; `retry` loads it again after a failure. */
export function useClaim(claimNumber: string) {
  return useApiResource((signal) => getClaim(claimNumber, signal), [claimNumber]);
}

/** The path of a receipt's download (`attachment`), for `downloadDocument`. */
export function receiptPath(claimNumber: string, receiptId: string): string {
  return `api/en/claims/${encodeURIComponent(claimNumber)}/receipts/${encodeURIComponent(receiptId)}`;
}

import { wireDate } from '../policies/store.js';
import { receiptName } from './receipt-files.js';
import type { ClaimRow, HistoryRow, ReceiptRow } from './store.js';

// A claim as the api answers with it: in the list of a student's claims, and on its own with its history and
// receipts. The IBAN is never shown whole.

/** The IBAN as shown back to the student: country, check digits and the last four characters. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? iban : `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;
}

/** A claim in the list of the student's claims. */
export function claimSummary(row: ClaimRow) {
  return {
    claimNumber: row.claim_number,
    policyNumber: row.policy_number,
    submittedAt: new Date(row.submitted_at).toISOString(),
    status: row.status,
    amount: Number(row.amount),
  };
}

/** One claim with its history and its receipts. */
export function claimDetail(
  claim: ClaimRow,
  history: readonly HistoryRow[],
  receipts: readonly ReceiptRow[],
) {
  return {
    claimNumber: claim.claim_number,
    policyNumber: claim.policy_number,
    submittedAt: new Date(claim.submitted_at).toISOString(),
    status: claim.status,
    amount: Number(claim.amount),
    category: claim.category,
    incidentDate: wireDate(claim.incident_date),
    description: claim.description,
    iban: maskIban(claim.iban),
    history: history.map((step) => ({
      status: step.status,
      at: new Date(step.at).toISOString(),
      ...(step.reason ? { reason: step.reason } : {}),
      ...(step.note ? { note: step.note } : {}),
    })),
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      name: receiptName(receipt.name, receipt.content_type),
      contentType: receipt.content_type,
      size: receipt.size,
    })),
  };
}

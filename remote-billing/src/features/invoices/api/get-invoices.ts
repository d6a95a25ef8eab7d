import { http, useApiResource } from '@portal/shared';
import { mapInvoice } from '@portal/shared/domain';
import type { Invoice } from '@portal/shared/domain';
import type { RawInvoice } from '@portal/shared/wire';

/** What the invoices call answers: the invoices, or 204 when the institute pays them. */
export type InvoicesResult = { paidByInstitute: true } | { paidByInstitute: false; invoices: Invoice[] };

/** `GET /api/en/profiles/{profileId}/invoices`; a 204 means the institute pays (SPEC.md §7). */
export async function getInvoices(profileId: string, signal?: AbortSignal): Promise<InvoicesResult> {
  const response = await http.get(`api/en/profiles/${encodeURIComponent(profileId)}/invoices`, { signal });
  if (response.status === 204) return { paidByInstitute: true };
  const raw = await response.json<RawInvoice[]>();
  return { paidByInstitute: false, invoices: raw.map(mapInvoice) };
}

/** Loads the student's invoices; `retry` loads them again after a failure. */
export function useInvoices(profileId: string) {
  return useApiResource((signal) => getInvoices(profileId, signal), [profileId]);
}

import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import { mapInvoice } from '@portal/contract/domain';
import type { Invoice } from '@portal/contract/domain';
import { parseJson } from '@portal/shared/get-json';
import { API_PATHS, invoicesPath, invoiceWireSchema } from '@portal/contract/wire';
import type { RawInvoice } from '@portal/contract/wire';

/** What the invoices call answers: the invoices, or 204 when the institute pays them. */
export type InvoicesResult = { paidByInstitute: true } | { paidByInstitute: false; invoices: Invoice[] };

/**
 * Checks a 200 body against the contract; throws `MalformedResponseError` naming `path` when it does
 * not match.
 */
export function parseInvoices(body: unknown, path: string = API_PATHS.invoices): RawInvoice[] {
  // The schema is the wire contract: its output must stay a list of RawInvoice.
  const invoices: RawInvoice[] = parseJson(path, v.array(invoiceWireSchema), body);
  return invoices;
}

/** `GET /api/en/profiles/{profileId}/invoices`; a 204 means the institute pays (docs/requirements.md §7). */
export async function getInvoices(profileId: string, signal?: AbortSignal): Promise<InvoicesResult> {
  const path = invoicesPath(profileId);
  const response = await http.get(path, { signal });
  if (response.status === 204) return { paidByInstitute: true };
  const body: unknown = await response.json();
  return { paidByInstitute: false, invoices: parseInvoices(body, path).map(mapInvoice) };
}

/** Loads the student's invoices; `retry` loads them again after a failure. */
export function useInvoices(profileId: string) {
  return useApiResource((signal) => getInvoices(profileId, signal), [profileId]);
}

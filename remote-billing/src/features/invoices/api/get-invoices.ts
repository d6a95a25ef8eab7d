import * as v from 'valibot';
import { http, useApiResource } from '@portal/shared';
import { mapInvoice } from '@portal/shared/domain';
import type { Invoice } from '@portal/shared/domain';
import type { RawInvoice } from '@portal/shared/wire';

const wireDate = v.pipe(v.string(), v.isoDate());
const amount = v.pipe(v.number(), v.finite());

/** One invoice as docs/contract.md describes it (`RawInvoice` of the OpenAPI document). */
export const rawInvoiceSchema = v.object({
  policyNumber: v.string(),
  invoiceNumber: v.pipe(v.string(), v.nonEmpty()),
  invoiceDate: wireDate,
  periodFromDate: wireDate,
  periodUntilDate: wireDate,
  isOutstanding: v.picklist(['J', 'N']),
  amount,
  outstandingAmount: amount,
});

/** The body of a 200: the student's invoices. */
export const invoicesBodySchema = v.array(rawInvoiceSchema);

/** What the invoices call answers: the invoices, or 204 when the institute pays them. */
export type InvoicesResult = { paidByInstitute: true } | { paidByInstitute: false; invoices: Invoice[] };

/** The body of the invoices call does not match the contract: nothing is shown. */
export class MalformedInvoicesError extends Error {
  constructor(detail: string) {
    super(`The invoices response does not match the contract: ${detail}`);
    this.name = 'MalformedInvoicesError';
  }
}

/** Checks a 200 body against the contract; throws {@link MalformedInvoicesError} when it does not match. */
export function parseInvoices(body: unknown): RawInvoice[] {
  const result = v.safeParse(invoicesBodySchema, body);
  if (!result.success) throw new MalformedInvoicesError(v.summarize(result.issues));
  // The schema is the wire contract: its output must stay a list of RawInvoice.
  const invoices: RawInvoice[] = result.output;
  return invoices;
}

/** `GET /api/en/profiles/{profileId}/invoices`; a 204 means the institute pays (docs/requirements.md §7). */
export async function getInvoices(profileId: string, signal?: AbortSignal): Promise<InvoicesResult> {
  const response = await http.get(`api/en/profiles/${encodeURIComponent(profileId)}/invoices`, { signal });
  if (response.status === 204) return { paidByInstitute: true };
  const body: unknown = await response.json();
  return { paidByInstitute: false, invoices: parseInvoices(body).map(mapInvoice) };
}

/** Loads the student's invoices; `retry` loads them again after a failure. */
export function useInvoices(profileId: string) {
  return useApiResource((signal) => getInvoices(profileId, signal), [profileId]);
}

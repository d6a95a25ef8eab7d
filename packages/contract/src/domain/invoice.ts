import type { RawInvoice } from '../wire';

/** An invoice as the screens use it (docs/requirements.md §3). */
export type Invoice = {
  policyNumber: string;
  number: string;
  /** Wire dates (`YYYY-MM-DD`); format them with `formatDate`. */
  date: string;
  periodFromDate: string;
  periodUntilDate: string;
  /** Open when the backend says it is outstanding (`isOutstanding === 'J'`), otherwise paid. */
  state: 'open' | 'paid';
  amount: number;
  outstandingAmount: number;
};

/** Maps an invoice from the wire to the view model. */
export function mapInvoice(raw: RawInvoice): Invoice {
  return {
    policyNumber: raw.policyNumber,
    number: raw.invoiceNumber,
    date: raw.invoiceDate,
    periodFromDate: raw.periodFromDate,
    periodUntilDate: raw.periodUntilDate,
    state: raw.isOutstanding === 'J' ? 'open' : 'paid',
    amount: raw.amount,
    outstandingAmount: raw.outstandingAmount,
  };
}

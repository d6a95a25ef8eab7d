import type { RawInvoice } from '../wire';
import { mapInvoice } from './invoice';

const raw: RawInvoice = {
  policyNumber: 'N-100',
  invoiceNumber: 'INV-1',
  invoiceDate: '2026-10-01',
  periodFromDate: '2026-10-01',
  periodUntilDate: '2026-10-31',
  isOutstanding: 'J',
  amount: 34.38,
  outstandingAmount: 34.38,
};

describe('mapInvoice', () => {
  it('should map an outstanding invoice as open', () => {
    expect(mapInvoice(raw)).toEqual({
      policyNumber: 'N-100',
      number: 'INV-1',
      date: '2026-10-01',
      periodFromDate: '2026-10-01',
      periodUntilDate: '2026-10-31',
      state: 'open',
      amount: 34.38,
      outstandingAmount: 34.38,
    });
  });

  it('should map any other isOutstanding as paid', () => {
    expect(mapInvoice({ ...raw, isOutstanding: 'N', outstandingAmount: 0 }).state).toBe('paid');
    expect(mapInvoice({ ...raw, isOutstanding: 'j' as RawInvoice['isOutstanding'] }).state).toBe('paid');
  });
});

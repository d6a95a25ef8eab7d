/** @jest-environment jest-fixed-jsdom */
import { MalformedResponseError } from '@portal/shared/get-json';
import type { RawInvoice } from '@portal/contract/wire';

import { parseInvoices } from './get-invoices';

const invoice: RawInvoice = {
  policyNumber: 'EP-1001',
  invoiceNumber: 'INV-1',
  invoiceDate: '2026-03-01',
  periodFromDate: '2026-03-01',
  periodUntilDate: '2026-03-31',
  isOutstanding: 'N',
  amount: 95.5,
  outstandingAmount: 0,
};

describe('parseInvoices', () => {
  it('should accept a list that matches the contract and drop unknown fields', () => {
    expect(parseInvoices([{ ...invoice, ledger: 'x' }])).toEqual([invoice]);
    expect(parseInvoices([])).toEqual([]);
  });

  it.each([
    ['null', null],
    ['an object', { invoices: [invoice] }],
    ['a string amount', [{ ...invoice, amount: '95.50' }]],
    ['an empty invoice number', [{ ...invoice, invoiceNumber: '' }]],
    ['a missing period', [{ ...invoice, periodUntilDate: undefined }]],
    ['an amount that is not finite', [{ ...invoice, outstandingAmount: Number.POSITIVE_INFINITY }]],
  ])('should reject %s with a clear error', (_case, body) => {
    expect(() => parseInvoices(body, 'api/en/profiles/p-1/invoices')).toThrow(MalformedResponseError);
    expect(() => parseInvoices(body, 'api/en/profiles/p-1/invoices')).toThrow(
      /^The response of api\/en\/profiles\/p-1\/invoices does not match the contract: /,
    );
  });
});

/** @jest-environment jest-fixed-jsdom */
import { HTTPError } from '@portal/shared';
import { MalformedResponseError } from '@portal/shared/get-json';
import { jsonResponse } from '@portal/testing';

import { parsePaymentStart, paymentFailure, paymentReturnUrl } from './start-payment';

function httpError(status: number, body: unknown): HTTPError {
  const request = new Request('http://localhost/api/en/invoices/INV-1/payment', { method: 'POST' });
  return new HTTPError(jsonResponse(body, status), request, {} as never);
}

describe('start-payment', () => {
  it('should return to the invoices page under the base path, naming the invoice', () => {
    expect(paymentReturnUrl('INV-100103')).toBe('/en/invoices?invoice=INV-100103');
    expect(paymentReturnUrl('A&B')).toBe('/en/invoices?invoice=A%26B');
  });

  it('should accept the provider page for card and iDeal and the transfer details for a bank transfer', () => {
    expect(parsePaymentStart('IDEAL', { redirectUrl: '/api/sandbox/pay/abc' })).toEqual({
      kind: 'redirect',
      redirectUrl: '/api/sandbox/pay/abc',
    });
    expect(
      parsePaymentStart('BANK_TRANSFER', {
        iban: 'NL20INGB0001234567',
        bic: 'INGBNL2A',
        reference: 'INV-1',
        amount: 20,
      }),
    ).toEqual({
      kind: 'transfer',
      iban: 'NL20INGB0001234567',
      bic: 'INGBNL2A',
      reference: 'INV-1',
      amount: 20,
    });
  });

  it.each([
    ['an off-site provider page', 'CREDITCARD', { redirectUrl: 'https://evil.example/pay' }],
    ['a protocol-relative provider page', 'IDEAL', { redirectUrl: '//evil.example/pay' }],
    ['a backslash provider page', 'IDEAL', { redirectUrl: '/\\evil.example' }],
    ['no provider page', 'IDEAL', {}],
    ['transfer details without a reference', 'BANK_TRANSFER', { iban: 'NL20', bic: 'X', amount: 1 }],
    ['an amount that is text', 'BANK_TRANSFER', { iban: 'NL20', bic: 'X', reference: 'R', amount: '1' }],
  ] as const)('should refuse %s', (_case, method, body) => {
    expect(() => parsePaymentStart(method, body)).toThrow(MalformedResponseError);
  });

  it.each([
    ['a 409 ALREADY_PAID', httpError(409, { code: 'ALREADY_PAID', message: 'x' }), 'alreadyPaid'],
    ['a 503', httpError(503, { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'x' }), 'unavailable'],
    ['a 400', httpError(400, { code: 'VALIDATION_FAILED', message: 'x' }), 'failed'],
    ['a network failure', new TypeError('Failed to fetch'), 'failed'],
  ])('should explain %s', async (_case, error, failure) => {
    await expect(paymentFailure(error)).resolves.toBe(failure);
  });
});

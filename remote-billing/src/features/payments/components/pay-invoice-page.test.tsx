/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawInvoice } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { browser } from '../api/start-payment';
import { isPaymentPending, markPaymentPending } from '../lib/pending-payments';
import { PayInvoicePage } from './pay-invoice-page';

initI18n({ lng: 'en-GB' });
registerNamespace('billing', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
let leaveFor: jest.SpyInstance;
beforeEach(() => {
  useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' });
  leaveFor = jest.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
});
afterEach(() => {
  fetchMock?.restore();
  leaveFor.mockRestore();
  sessionStorage.clear();
});

const open: RawInvoice = {
  policyNumber: 'TR-1',
  invoiceNumber: 'INV-1',
  invoiceDate: '2026-03-01',
  periodFromDate: '2026-03-01',
  periodUntilDate: '2026-03-31',
  isOutstanding: 'J',
  amount: 20,
  outstandingAmount: 20,
};

type Answer = { status: number; body?: unknown };

/** The invoices list, and `payment` as the answer to the payment call. */
function serve(payment: Answer, invoices: RawInvoice[] | null = [open]) {
  fetchMock = mockFetch((request) => {
    if (request.method === 'GET') return invoices ? jsonResponse(invoices) : emptyResponse(204);
    return jsonResponse(payment.body ?? {}, payment.status);
  });
}

function renderPage(invoiceNumber = 'INV-1') {
  return render(
    <MemoryRouter>
      <PayInvoicePage invoiceNumber={invoiceNumber} />
    </MemoryRouter>,
  );
}

async function choose(name: RegExp | string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name }));
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('PayInvoicePage', () => {
  it('should show the amount due in EUR and the period, and offer card, iDeal and bank transfer', async () => {
    serve({ status: 200 });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay invoice INV-1' })).toBeInTheDocument();
    expect(await screen.findByText('€20.00')).toBeInTheDocument();
    expect(screen.getByText('1 Mar 2026 to 31 Mar 2026')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'How do you want to pay?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Credit card (MasterCard, Visa)', 'iDeal', 'Bank transfer']);
  });

  it('should ask for a method before paying', async () => {
    serve({ status: 200 });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Choose one of the options.')).toBeInTheDocument();
    expect(fetchMock?.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('should send the browser to the provider for iDeal, coming back to the invoices page', async () => {
    serve({ status: 200, body: { redirectUrl: '/api/sandbox/pay/abc' } });
    renderPage();
    await choose('iDeal');
    expect(leaveFor).toHaveBeenCalledWith('/api/sandbox/pay/abc');
    const post = fetchMock?.requests.find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').pathname).toBe('/api/en/invoices/INV-1/payment');
    expect(await post?.json()).toEqual({ method: 'IDEAL', returnUrl: '/en/invoices?invoice=INV-1' });
    expect(isPaymentPending('INV-1')).toBe(true);
  });

  it('should show the bank transfer details, each with a copy button, without leaving', async () => {
    serve({
      status: 200,
      body: { iban: 'NL20INGB0001234567', bic: 'INGBNL2A', reference: 'INV-1', amount: 20 },
    });
    renderPage();
    await choose('Bank transfer');
    const details = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    for (const [label, value] of [
      ['IBAN', 'NL20INGB0001234567'],
      ['BIC', 'INGBNL2A'],
      ['Payment reference', 'INV-1'],
      ['Amount to transfer', '€20.00'],
    ]) {
      expect(within(details).getByText(value as string)).toBeInTheDocument();
      expect(within(details).getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
    }
    expect(within(details).getByText(/turns paid when the money arrives/)).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
    expect(isPaymentPending('INV-1')).toBe(false);
  });

  it('should copy a value and say so', async () => {
    const user = userEvent.setup();
    serve({
      status: 200,
      body: { iban: 'NL20INGB0001234567', bic: 'INGBNL2A', reference: 'INV-1', amount: 20 },
    });
    renderPage();
    await choose('Bank transfer');
    // user-event puts a clipboard stub on the navigator at setup.
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy Payment reference' }));
    expect(await screen.findByText('Payment reference copied.')).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith('INV-1');
    write.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy IBAN' }));
    expect(await screen.findByText(/IBAN could not be copied/)).toBeInTheDocument();
  });

  it.each([
    [503, { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'x' }, /Online payment is not available/],
    [409, { code: 'ALREADY_PAID', message: 'x' }, /already been paid/],
    [404, { code: 'NOT_FOUND', message: 'x' }, /Something went wrong/],
  ])('should explain a %s and not leave', async (status, body, text) => {
    serve({ status, body });
    renderPage();
    await choose(/Credit card/);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent('Nothing was charged');
    expect(leaveFor).not.toHaveBeenCalled();
    expect(isPaymentPending('INV-1')).toBe(false);
  });

  it('should not offer to pay an invoice that is paid', async () => {
    serve({ status: 200 }, [{ ...open, isOutstanding: 'N', outstandingAmount: 0 }]);
    renderPage();
    expect(await screen.findByText(/Invoice INV-1 has been paid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('should not offer to pay while a payment is pending', async () => {
    markPaymentPending('INV-1');
    serve({ status: 200 });
    renderPage();
    expect(await screen.findByText('Payment pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('should say when the invoice is not the student’s', async () => {
    serve({ status: 200 });
    renderPage('INV-9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice INV-9 is not one of your invoices.');
  });

  it('should offer no payment when the institute pays', async () => {
    serve({ status: 200 }, null);
    renderPage();
    expect(await screen.findByText(/paid by your educational institution/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});

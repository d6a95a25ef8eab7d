/** @jest-environment jest-fixed-jsdom */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawInvoice } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { isPaymentPending, markPaymentPending, POLL_ATTEMPTS, POLL_INTERVAL_MS } from '../../payments';
import { InvoicesPage } from './invoices-page';

initI18n({ lng: 'en-GB' });
registerNamespace('billing', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => {
  fetchMock?.restore();
  sessionStorage.clear();
  jest.useRealTimers();
});
beforeEach(() => useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' }));

function rawInvoice(overrides: Partial<RawInvoice>): RawInvoice {
  return {
    policyNumber: 'EP-1001',
    invoiceNumber: 'INV-1',
    invoiceDate: '2026-03-01',
    periodFromDate: '2026-03-01',
    periodUntilDate: '2026-03-31',
    isOutstanding: 'J',
    amount: 95.5,
    outstandingAmount: 95.5,
    ...overrides,
  };
}

function renderPage(url = '/invoices') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <InvoicesPage />
    </MemoryRouter>,
  );
}

describe('InvoicesPage', () => {
  it('should split the invoices into open and paid', async () => {
    fetchMock = mockFetch(() =>
      jsonResponse([
        rawInvoice({}),
        rawInvoice({
          invoiceNumber: 'INV-0',
          isOutstanding: 'N',
          outstandingAmount: 0,
          invoiceDate: '2026-02-01',
        }),
      ]),
    );
    renderPage();
    const open = await screen.findByRole('table', { name: 'Open' });
    const paid = screen.getByRole('table', { name: 'Paid' });
    expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/en/profiles/p-1/invoices');
    const openRow = within(open).getByRole('row', { name: /INV-1/ });
    expect(within(openRow).getByText('EP-1001')).toBeInTheDocument();
    expect(within(openRow).getByText('1 Mar 2026')).toBeInTheDocument();
    expect(within(openRow).getByText('1 Mar 2026 to 31 Mar 2026')).toBeInTheDocument();
    expect(within(openRow).getAllByText('€95.50')).toHaveLength(2);
    expect(within(open).queryByText('INV-0')).not.toBeInTheDocument();
    expect(within(paid).getByText('INV-0')).toBeInTheDocument();
    expect(within(paid).queryByText('INV-1')).not.toBeInTheDocument();
  });

  it('should say the institute pays when the call answers 204', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    renderPage();
    expect(await screen.findByText(/paid by your educational institution/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should show empty lists', async () => {
    fetchMock = mockFetch(() => jsonResponse([]));
    renderPage();
    expect(await screen.findByText('You have no open invoices.')).toBeInTheDocument();
    expect(screen.getByText('You have no paid invoices yet.')).toBeInTheDocument();
  });

  it('should announce a failure once: one alert, no live region around it', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404));
    const { container } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveAttribute('aria-live');
    expect(alert.closest('[aria-live]')).toBeNull();
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it.each([
    ['an object instead of a list', { invoices: [] }],
    ['an invoice without its amount', [{ ...rawInvoice({}), amount: undefined }]],
    ['an unknown outstanding flag', [rawInvoice({ isOutstanding: 'Y' as RawInvoice['isOutstanding'] })]],
    ['a date in the wrong format', [rawInvoice({ invoiceDate: '01-03-2026' })]],
  ])('should show the error state for %s', async (_case, body) => {
    fetchMock = mockFetch(() => jsonResponse(body));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your invoices could not be loaded');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should show an error when the call fails', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your invoices could not be loaded');
  });

  describe('paying', () => {
    const open = rawInvoice({ invoiceNumber: 'INV-1' });
    const paid = rawInvoice({ invoiceNumber: 'INV-1', isOutstanding: 'N', outstandingAmount: 0 });
    const other = rawInvoice({ invoiceNumber: 'INV-2' });

    /** Answers the invoices call with each list in turn, then the last one again. */
    function serveInTurn(...lists: RawInvoice[][]) {
      let call = 0;
      fetchMock = mockFetch(() => jsonResponse(lists[Math.min(call++, lists.length - 1)]));
    }

    it('should offer a Pay action on each open invoice, leading to its pay page', async () => {
      serveInTurn([open, other]);
      renderPage();
      const table = await screen.findByRole('table', { name: 'Open' });
      const row = within(table).getByRole('row', { name: /INV-2/ });
      expect(within(row).getByRole('link', { name: 'Pay invoice INV-2' })).toHaveAttribute(
        'href',
        '/invoices/INV-2/pay',
      );
      expect(screen.getAllByRole('link')).toHaveLength(2);
    });

    it('should show a payment left pending instead of the Pay action', async () => {
      markPaymentPending('INV-1');
      serveInTurn([open, other]);
      renderPage();
      const table = await screen.findByRole('table', { name: 'Open' });
      const row = within(table).getByRole('row', { name: /INV-1/ });
      expect(within(row).getByText('Payment pending')).toBeInTheDocument();
      expect(within(row).queryByRole('link')).toBeNull();
      expect(within(table).getByRole('link', { name: 'Pay invoice INV-2' })).toBeInTheDocument();
    });

    it('should show the payment pending until the backend reports it paid, then received', async () => {
      jest.useFakeTimers();
      markPaymentPending('INV-1');
      // The page's own load and the first check, then one more check, see it open.
      serveInTurn([open], [open], [open], [paid]);
      renderPage('/invoices?invoice=INV-1&payment=paid');
      expect(await screen.findByText('Payment pending')).toBeInTheDocument();
      expect(
        screen.getByText(/waiting for the confirmation of your payment of invoice INV-1/),
      ).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(await screen.findByText('Payment received')).toBeInTheDocument();
      expect(screen.getByText('Thank you. Invoice INV-1 has been paid.')).toBeInTheDocument();
      // The lists are loaded again: the invoice is now under Paid.
      const paidTable = await screen.findByRole('table', { name: 'Paid' });
      expect(within(paidTable).getByText('INV-1')).toBeInTheDocument();
      expect(isPaymentPending('INV-1')).toBe(false);
    });

    it('should keep the payment pending, not payable, when the backend does not confirm it in time', async () => {
      jest.useFakeTimers();
      markPaymentPending('INV-1');
      serveInTurn([open]);
      renderPage('/invoices?invoice=INV-1&payment=paid');
      expect(await screen.findByText(/waiting for the confirmation/)).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * POLL_ATTEMPTS));
      expect(
        screen.getByText(/have not received the confirmation of your payment of invoice INV-1 yet/),
      ).toBeInTheDocument();
      expect(fetchMock?.requests.length).toBe(POLL_ATTEMPTS + 1);
      const row = within(screen.getByRole('table', { name: 'Open' })).getByRole('row', { name: /INV-1/ });
      expect(within(row).queryByRole('link')).toBeNull();
      expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
    });

    it('should say a cancelled payment charged nothing and offer to pay again', async () => {
      markPaymentPending('INV-1');
      serveInTurn([open]);
      renderPage('/invoices?invoice=INV-1&payment=cancelled');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Payment cancelled / failed, nothing was charged');
      expect(alert).toHaveTextContent('Invoice INV-1 is still open.');
      expect(within(alert).getByRole('link', { name: 'Try again to pay invoice INV-1' })).toHaveAttribute(
        'href',
        '/invoices/INV-1/pay',
      );
      expect(isPaymentPending('INV-1')).toBe(false);
      const row = within(await screen.findByRole('table', { name: 'Open' })).getByRole('row', {
        name: /INV-1/,
      });
      expect(within(row).getByRole('link', { name: 'Pay invoice INV-1' })).toBeInTheDocument();
    });

    it('should ignore a return URL that names no result and no pending payment', async () => {
      serveInTurn([open]);
      renderPage('/invoices?invoice=INV-1');
      await screen.findByRole('table', { name: 'Open' });
      expect(screen.queryByText('Payment pending')).not.toBeInTheDocument();
      expect(fetchMock?.requests).toHaveLength(1);
    });
  });
});

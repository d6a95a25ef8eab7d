/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/shared/testing';
import type { FetchMock } from '@portal/shared/testing';
import type { RawInvoice } from '@portal/shared/wire';

import en from '../../../locales/en.json';
import { InvoicesPage } from './invoices-page';

initI18n({ lng: 'en-GB' });
registerNamespace('billing', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());
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

function renderPage() {
  return render(
    <MemoryRouter>
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
    expect(within(openRow).getByText('01/03/2026')).toBeInTheDocument();
    expect(within(openRow).getByText('01/03/2026 to 31/03/2026')).toBeInTheDocument();
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
});

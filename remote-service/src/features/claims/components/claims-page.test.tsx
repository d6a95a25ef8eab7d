/** @jest-environment jest-fixed-jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@portal/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { ClaimsPage } from './claims-page';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

const anna = { authenticated: true, profileId: 'P-1001', username: 'Anna' };
const claims = [
  {
    claimNumber: 'CLM-2026-00000001',
    policyNumber: 'TR-2026-100101',
    submittedAt: '2026-10-01T10:00:00.000Z',
    status: 'PAID',
    amount: 310.75,
  },
  {
    claimNumber: 'CLM-2026-00000002',
    policyNumber: 'TR-2026-100101',
    submittedAt: '2026-11-20T10:00:00.000Z',
    status: 'RECEIVED',
    amount: 125.5,
  },
];
const detail = {
  ...claims[0],
  status: 'APPROVED',
  category: 'CLAIMS',
  incidentDate: '2026-09-28',
  description: 'Emergency room visit',
  iban: 'NL91 **** **** 4300',
  history: [
    { status: 'RECEIVED', at: '2026-10-01T10:00:00.000Z' },
    { status: 'IN_REVIEW', at: '2026-10-03T10:00:00.000Z' },
    { status: 'APPROVED', at: '2026-10-08T10:00:00.000Z' },
  ],
  receipts: [{ id: 'RCT-0000000000000001', name: 'er.pdf', contentType: 'application/pdf', size: 2048 }],
};

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

describe('ClaimsPage', () => {
  it('should list every claim newest first with number, policy, date, amount and status in words', async () => {
    fetchMock = mockFetch(() => jsonResponse(claims));
    renderWithProviders(<ClaimsPage />, { authState: anna });
    const table = await screen.findByRole('table', { name: 'Your claims, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent))).toEqual(
      [
        ['CLM-2026-00000002', 'TR-2026-100101', '20 Nov 2026', '€125.50', 'Received'],
        ['CLM-2026-00000001', 'TR-2026-100101', '1 Oct 2026', '€310.75', 'Paid'],
      ],
    );
    expect(within(rows[0]!).getByRole('link', { name: 'CLM-2026-00000002' })).toHaveAttribute(
      'href',
      '/claims/CLM-2026-00000002',
    );
    expect(new URL(fetchMock.requests[0]!.url).pathname).toBe('/api/en/profiles/P-1001/claims');
  });

  it('should say when there are no claims and offer to file one', async () => {
    fetchMock = mockFetch(() => jsonResponse([]));
    renderWithProviders(<ClaimsPage />, { authState: anna });
    expect(await screen.findByText('You have not filed any claims yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'File a claim' })).toHaveAttribute(
      'href',
      '/service-contact/file-a-claim',
    );
  });

  it('should say when the claims cannot be loaded, and try again', async () => {
    let calls = 0;
    fetchMock = mockFetch(() => {
      calls += 1;
      return calls === 1 ? jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404) : jsonResponse([]);
    });
    renderWithProviders(<ClaimsPage />, { authState: anna });
    expect(await screen.findByText('Your claims could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not filed any claims yet.')).toBeInTheDocument();
  });

  it('should show one claim with its timeline, the dates of the steps reached, and its receipts', async () => {
    fetchMock = mockFetch(() => jsonResponse(detail));
    renderWithProviders(<ClaimsPage claimNumber="CLM-2026-00000001" />, { authState: anna });
    expect(screen.getByRole('heading', { level: 1, name: 'Claim CLM-2026-00000001' })).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'Status timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Received 1 Oct 2026',
      'In review 3 Oct 2026',
      'Approved 8 Oct 2026',
      'Paid Not yet',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('NL91 **** **** 4300')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download er.pdf' })).toBeInTheDocument();
    expect(new URL(fetchMock.requests[0]!.url).pathname).toBe('/api/en/claims/CLM-2026-00000001');
  });

  it('should link a rejected claim in the list to why it was rejected', async () => {
    fetchMock = mockFetch(() => jsonResponse([{ ...claims[0], status: 'REJECTED' }]));
    renderWithProviders(<ClaimsPage />, { authState: anna });
    expect(
      await screen.findByRole('link', { name: 'See why claim CLM-2026-00000001 was rejected' }),
    ).toHaveAttribute('href', '/claims/CLM-2026-00000001');
  });

  it('should say why a claim was rejected and offer a way on: contact us, and file again where receipts fell short', async () => {
    const rejected = (reason?: string) => ({
      ...detail,
      status: 'REJECTED',
      history: [
        { status: 'RECEIVED', at: '2026-10-01T10:00:00.000Z' },
        { status: 'REJECTED', at: '2026-10-08T10:00:00.000Z', ...(reason ? { reason } : {}) },
      ],
    });
    fetchMock = mockFetch(() => jsonResponse(rejected('NOT_COVERED')));
    const { unmount } = renderWithProviders(<ClaimsPage claimNumber="CLM-2026-00000001" />, {
      authState: anna,
    });
    const section = await screen.findByRole('region', { name: 'Why your claim was rejected' });
    expect(
      within(section).getByText('Your policy does not cover this treatment or cost.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/service-contact/contact',
    );
    expect(within(section).queryByRole('link', { name: 'File a claim' })).not.toBeInTheDocument();
    unmount();
    fetchMock.restore();

    fetchMock = mockFetch(() => jsonResponse(rejected('RECEIPTS_INSUFFICIENT')));
    const second = renderWithProviders(<ClaimsPage claimNumber="CLM-2026-00000001" />, { authState: anna });
    const again = await screen.findByRole('region', { name: 'Why your claim was rejected' });
    expect(within(again).getByRole('link', { name: 'File a claim' })).toHaveAttribute(
      'href',
      '/service-contact/file-a-claim',
    );
    second.unmount();
    fetchMock.restore();

    // A rejection kept without a reason still says where to ask.
    fetchMock = mockFetch(() => jsonResponse(rejected()));
    renderWithProviders(<ClaimsPage claimNumber="CLM-2026-00000001" />, { authState: anna });
    const bare = await screen.findByRole('region', { name: 'Why your claim was rejected' });
    expect(within(bare).getByText(/not shown here/)).toBeInTheDocument();
    expect(within(bare).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('should show no rejection section for a claim that was not rejected', async () => {
    fetchMock = mockFetch(() => jsonResponse(detail));
    renderWithProviders(<ClaimsPage claimNumber="CLM-2026-00000001" />, { authState: anna });
    await screen.findByRole('list', { name: 'Status timeline' });
    expect(screen.queryByRole('region', { name: 'Why your claim was rejected' })).not.toBeInTheDocument();
  });

  it('should say when a claim cannot be shown (another student’s claim answers 403)', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'FORBIDDEN', message: 'x' }, 403));
    renderWithProviders(<ClaimsPage claimNumber="CLM-2026-00000009" />, { authState: anna });
    expect(await screen.findByText('This claim could not be loaded.')).toBeInTheDocument();
  });
});

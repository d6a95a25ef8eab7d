/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { InsurancesPage } from './insurances-page';

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());
beforeEach(() => useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' }));

function rawPolicy(overrides: Partial<RawPolicy>): RawPolicy {
  return {
    policyId: 'pol-1',
    policyNumber: 'EP-1001',
    insuranceType: 'HEALTH',
    coverage: 'Complete',
    destination: 'NL',
    startDate: '2026-02-01',
    endDate: '2027-01-31',
    birthDate: '2001-05-04',
    cancelledFromStart: 'false',
    status: 'ACTIVE',
    editable: 'true',
    renewable: 'true',
    individual: 'true',
    customerType: 'INDIVIDUAL',
    educationalInstitution: { name: 'University of Amsterdam' },
    faculty: 'Science',
    destinationAddress: {
      postalCode: '1012AB',
      houseNumber: '12',
      street: 'Damstraat',
      city: 'Amsterdam',
      country: 'NL',
    },
    totalAmount: 1234.5,
    paymentTerm: 'MONTHLY',
    paymentMethod: 'BANK_TRANSFER',
    documents: [],
    ...overrides,
  };
}

function answer(policies: unknown, status = 200) {
  fetchMock = mockFetch(() => jsonResponse(policies, status));
}

function renderPage() {
  return render(
    <MemoryRouter>
      <InsurancesPage />
    </MemoryRouter>,
  );
}

describe('InsurancesPage', () => {
  it('should render a collapsible card from the raw policy', async () => {
    answer([rawPolicy({})]);
    renderPage();
    const card = await screen.findByRole('article', { name: 'Health' });
    expect(new URL(fetchMock?.requests[0]?.url ?? '').pathname).toBe('/api/en/profiles/p-1/policies');
    expect(within(card).getByText('EP-1001')).toBeInTheDocument();
    expect(within(card).getByText('Complete')).toBeInTheDocument();
    expect(within(card).getByText('1 Feb 2026 to 31 Jan 2027')).toBeInTheDocument();
    const toggle = within(card).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The details are rendered when opened (their country names are a long task on first use).
    expect(within(card).queryByText('University of Amsterdam')).not.toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(card).getByText('University of Amsterdam')).toBeVisible();
    expect(within(card).getByText('Science')).toBeVisible();
    // The month's instalment beside "per month", as the invoices bill it; the year's total apart.
    expect(within(card).getByText('€102.88, per month, by e-invoice')).toBeVisible();
    expect(within(card).getByText('€1,234.50')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Certificate and coverage' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Insurance card' })).toBeVisible();
    expect(
      within(card).getByRole('button', { name: 'Conditions at the start of your policy' }),
    ).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Latest conditions' })).toBeVisible();
  });

  it.each([
    ['ACTIVE', 'Active'],
    ['NOT_ACTIVE', 'Active'],
    ['EXPIRED', 'Expired'],
    ['CANCELLED', 'Cancelled'],
    ['UNDER_REVIEW', 'Under review'],
    ['UNDER_REVIEW_NEW', 'Application under review'],
    ['DISAPPROVED', 'Disapproved'],
  ] as const)('should show status %s as %s', async (status, label) => {
    answer([rawPolicy({ status })]);
    renderPage();
    const card = await screen.findByRole('article', { name: 'Health' });
    expect(within(card).getByText(label)).toBeInTheDocument();
    const review = within(card).queryByText(/4 business days/);
    if (status === 'UNDER_REVIEW' || status === 'UNDER_REVIEW_NEW') expect(review).toBeInTheDocument();
    else expect(review).not.toBeInTheDocument();
    const disapproved = within(card).queryByText(/informed you by e-mail/);
    if (status === 'DISAPPROVED') expect(disapproved).toBeInTheDocument();
    else expect(disapproved).not.toBeInTheDocument();
  });

  it('should show the application number while there is no policy number', async () => {
    answer([rawPolicy({ policyNumber: undefined, applicationNumber: 'APP-77', status: 'UNDER_REVIEW_NEW' })]);
    renderPage();
    expect(await screen.findByText('APP-77')).toBeInTheDocument();
  });

  it("should hold the cards' place with outlines of their size while the policies load", async () => {
    answer([rawPolicy({})]);
    const { container } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your policies…');
    // Two card outlines in the list's place, hidden from assistive technology.
    const outlines = container.querySelectorAll('.policy-list .policy-card--placeholder');
    expect(outlines).toHaveLength(2);
    expect(outlines[0]?.closest('[aria-hidden="true"]')).not.toBeNull();
    await screen.findByRole('article', { name: 'Health' });
    expect(container.querySelector('.policy-card--placeholder')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should show the empty state', async () => {
    answer([]);
    renderPage();
    expect(await screen.findByText('You have no policies yet.')).toBeInTheDocument();
  });

  it('should show an error when the call fails', async () => {
    answer({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your policies could not be loaded');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('should show an error instead of crashing when the body is not a list', async () => {
    answer({ policies: [rawPolicy({})] });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your policies could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('should show the other policies and an error card for a policy with an unknown status', async () => {
    answer([
      rawPolicy({}),
      rawPolicy({ policyId: 'pol-2', policyNumber: 'EP-2002', status: 'SOMETHING' as RawPolicy['status'] }),
      rawPolicy({ policyId: 'pol-3', policyNumber: 'EP-3003', insuranceType: 'TRAVEL' }),
    ]);
    renderPage();
    const bad = await screen.findByRole('article', { name: 'This policy cannot be shown' });
    expect(within(bad).getByText('Unrecognized status')).toBeInTheDocument();
    expect(within(bad).getByText('EP-2002')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Health' })).getByText('EP-1001')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Travel' })).getByText('EP-3003')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show an error card for a policy with a broken field', async () => {
    answer([
      rawPolicy({}),
      { ...rawPolicy({ policyId: 'pol-2', policyNumber: 'EP-2002' }), totalAmount: 'a lot' },
    ]);
    renderPage();
    const bad = await screen.findByRole('article', { name: 'This policy cannot be shown' });
    expect(within(bad).getByText('Some of its details are missing or invalid.')).toBeInTheDocument();
    expect(within(bad).queryByText('Unrecognized status')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Health' })).toBeInTheDocument();
  });
});

/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { PolicySettings } from './policy-settings';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

const base = {
  coverage: 'Basic',
  destination: 'DE',
  endDate: '2099-12-31',
  birthDate: '2001-04-12',
  cancelledFromStart: 'false',
  renewable: 'true',
  individual: 'true',
  totalAmount: 100,
  paymentTerm: 'MONTHLY',
  documents: [],
};

describe('PolicySettings', () => {
  it('should link to the setting pages and show forbidden ones as plain text with the reason', async () => {
    fetchMock = mockFetch(() =>
      jsonResponse([
        {
          ...base,
          policyId: 'pol-future',
          policyNumber: 'STY-1',
          insuranceType: 'STAY',
          status: 'NOT_ACTIVE',
          startDate: '2099-01-01',
          editable: 'true',
          customerType: 'INDIVIDUAL',
          paymentMethod: 'DIRECT_DEBIT',
        },
        {
          ...base,
          policyId: 'pol-card',
          policyNumber: 'TRV-2',
          insuranceType: 'TRAVEL',
          status: 'ACTIVE',
          startDate: '2020-01-01',
          editable: 'true',
          customerType: 'INDIVIDUAL',
          paymentMethod: 'CREDITCARD',
        },
        { policyId: 'broken' },
      ]),
    );
    render(
      <MemoryRouter>
        <PolicySettings profileId="P-1001" />
      </MemoryRouter>,
    );

    const future = (await screen.findByRole('heading', { name: 'Stay insurance STY-1' })).closest('li');
    if (!future) throw new Error('no policy item');
    expect(within(future).getByRole('link', { name: 'Change destination address' })).toHaveAttribute(
      'href',
      '/insurances/pol-future/address',
    );
    expect(within(future).getByRole('link', { name: 'Change start date' })).toHaveAttribute(
      'href',
      '/insurances/pol-future/start-date',
    );
    expect(within(future).getByRole('link', { name: 'Change payment settings' })).toHaveAttribute(
      'href',
      '/invoices/payment-settings/pol-future',
    );

    const card = screen.getByRole('heading', { name: 'Travel insurance TRV-2' }).closest('li');
    if (!card) throw new Error('no policy item');
    // Plain text with the reason, not a link that cannot be followed (WCAG 1.4.1).
    expect(within(card).queryByRole('link', { name: 'Change start date' })).not.toBeInTheDocument();
    expect(within(card).getByText('Change start date').closest('li')).toHaveTextContent(
      'Change start date The start date cannot be changed once the policy has started.',
    );
    expect(within(card).queryByRole('link', { name: 'Change payment settings' })).not.toBeInTheDocument();
    expect(within(card).getByText('Change payment settings').closest('li')).toHaveTextContent(
      'Payment settings cannot be changed when you pay by credit card.',
    );
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'Change destination address' })).toHaveAttribute('href');
    // A policy the list cannot read is left out, not the whole list.
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });
});

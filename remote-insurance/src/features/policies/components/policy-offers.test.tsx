/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { mapPolicy } from '@portal/contract/domain';
import type { RawPolicy } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { PolicyOffers } from './policy-offers';

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

function rawPolicy(overrides: Partial<RawPolicy> = {}): RawPolicy {
  return {
    policyId: 'POL 1',
    policyNumber: 'ST-1',
    insuranceType: 'STAY',
    coverage: 'Stay Essential',
    destination: 'NL',
    startDate: '2099-01-01',
    endDate: '2099-12-31',
    birthDate: '2001-05-04',
    cancelledFromStart: 'false',
    status: 'NOT_ACTIVE',
    editable: 'true',
    renewable: 'true',
    individual: 'true',
    customerType: 'INDIVIDUAL',
    totalAmount: 360,
    paymentTerm: 'QUARTERLY',
    paymentMethod: 'BANK_TRANSFER',
    documents: [],
    ...overrides,
  };
}

function renderOffers(overrides: Partial<RawPolicy> = {}) {
  return render(
    <MemoryRouter>
      <PolicyOffers policy={mapPolicy(rawPolicy(overrides))} />
    </MemoryRouter>,
  );
}

describe('PolicyOffers', () => {
  it('should link every offer to its page beneath the policy', () => {
    renderOffers();
    const hrefs = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Renew', '/insurances/POL%201/renew'],
      ['Terminate or shorten', '/insurances/POL%201/terminate'],
      ['Change start date', '/insurances/POL%201/start-date'],
      ['Change address', '/insurances/POL%201/address'],
      ['Payment settings', '/invoices/payment-settings/POL%201'],
    ]);
  });

  it.each([
    [{ status: 'UNDER_REVIEW' }, 'A change is under review; this takes 4 business days.'],
    [{ status: 'UNDER_REVIEW_NEW' }, 'Your application is under review. We will e-mail you our decision'],
    [{ customerType: 'INSTITUTE' }, 'Please contact your institution'],
    [{ status: 'EXPIRED' }, 'This policy has expired, so it can no longer be changed.'],
    [{ status: 'CANCELLED' }, 'This policy has been cancelled, so it can no longer be changed.'],
  ] as const)('should offer nothing for %j and say why', (overrides, why) => {
    renderOffers(overrides);
    expect(screen.getByText(new RegExp(why.replace(/[.()]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('should say in plain text why the payment settings of a policy paid via the institution are not offered', () => {
    renderOffers({ customerType: 'INSTITUTE_STUDENT_PAYS', individual: 'false' });
    expect(screen.getByRole('link', { name: 'Change address' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Payment settings' })).not.toBeInTheDocument();
    expect(screen.getByText(/you pay for this policy via your institution/)).toBeInTheDocument();
  });

  it('should tell a disapproved student about the e-mail and offer a new application', () => {
    renderOffers({ status: 'DISAPPROVED' });
    expect(screen.getByText(/informed you by e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for a new policy' })).toHaveAttribute('href', '/request');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('should tell a new application that it is being reviewed and when she hears, not that a change is under review', () => {
    renderOffers({ status: 'UNDER_REVIEW_NEW', policyNumber: undefined, applicationNumber: 'APP-2026-1' });
    expect(
      screen.getByText(
        /Your application is under review\. We will e-mail you our decision within 4 business days/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/A change is under review/)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('should keep saying that a change is under review for a policy whose change awaits approval', () => {
    renderOffers({ status: 'UNDER_REVIEW' });
    expect(screen.getByText(/A change is under review/)).toBeInTheDocument();
  });
});

/** @jest-environment jest-fixed-jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { PaymentSettingsPage } from './payment-settings-page';

initI18n({ lng: 'en-GB' });
registerNamespace('billing', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());
beforeEach(() => useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' }));

const travel = {
  policyId: 'POL-T',
  policyNumber: 'TR-1',
  insuranceType: 'TRAVEL',
  status: 'ACTIVE',
  startDate: '2026-09-01',
  editable: 'true',
  renewable: 'true',
  customerType: 'INDIVIDUAL',
  paymentTerm: 'MONTHLY',
  paymentMethod: 'BANK_TRANSFER',
};

type Answer = { status: number; body?: unknown };

function serve(policy: Record<string, unknown> = travel, save: Answer = { status: 200, body: {} }) {
  fetchMock = mockFetch((request) =>
    request.method === 'GET' ? jsonResponse([policy]) : jsonResponse(save.body ?? {}, save.status),
  );
}

function renderPage(policyId = 'POL-T') {
  return render(
    <MemoryRouter>
      <PaymentSettingsPage policyId={policyId} />
    </MemoryRouter>,
  );
}

const posts = () => fetchMock?.requests.filter((request) => request.method === 'POST') ?? [];

async function chooseDirectDebit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Quarterly' }));
  await user.click(screen.getByRole('radio', { name: 'Direct debit' }));
}

describe('PaymentSettingsPage', () => {
  it('should show the current term and method in words, and every term and method to choose', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('Travel insurance, policy TR-1')).toBeInTheDocument();
    const terms = screen.getByRole('group', { name: 'Payment term' });
    expect(
      within(terms)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['At once', 'Yearly', 'Monthly', 'Quarterly', 'Half-yearly']);
    expect(within(terms).getByRole('radio', { name: 'Monthly' })).toBeChecked();
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(within(methods).getByRole('radio', { name: 'E-invoice' })).toBeChecked();
    expect(within(methods).getByRole('radio', { name: 'Credit card' })).toBeInTheDocument();
    // Bank details only for direct debit.
    expect(screen.queryByLabelText(/IBAN/)).not.toBeInTheDocument();
  });

  it('should save quarterly direct debit with a Dutch IBAN and say when the term takes effect', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    await chooseDirectDebit(user);
    await user.type(screen.getByLabelText(/^IBAN/), 'NL91 ABNA 0417 1643 00');
    await user.type(screen.getByLabelText(/^BIC/), 'abnanl2a');
    await user.type(screen.getByLabelText(/^Account holder/), 'Anna de Vries');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your payment settings have been saved.');
    expect(done).toHaveTextContent('Payment term: Quarterly. Payment method: Direct debit.');
    expect(done).toHaveTextContent(
      'The new payment term takes effect with the invoice for the next payment term.',
    );
    expect(done).toHaveFocus();
    const [post] = posts();
    expect(new URL(post?.url ?? '').pathname).toBe('/api/en/policies/POL-T/payment');
    expect(await post?.json()).toEqual({
      id: 'POL-T',
      paymentTerm: 'QUARTERLY',
      paymentMethod: 'DIRECT_DEBIT',
      iban: 'NL91 ABNA 0417 1643 00',
      bic: 'abnanl2a',
      accountHolder: 'Anna de Vries',
    });
  });

  it('should offer the account on file, masked, so that a new term alone needs no retyping; the summary shows what was saved', async () => {
    const user = userEvent.setup();
    const masked = 'NL•• •••• •••• •••• 4300';
    serve(
      { ...travel, paymentMethod: 'DIRECT_DEBIT', maskedIban: masked },
      {
        status: 200,
        body: { ...travel, paymentTerm: 'QUARTERLY', paymentMethod: 'DIRECT_DEBIT', maskedIban: masked },
      },
    );
    renderPage();
    const summary = (await screen.findByText('Travel insurance, policy TR-1'))
      .nextElementSibling as HTMLElement;
    expect(summary).toHaveTextContent(`Payment termMonthly`);
    expect(summary).toHaveTextContent(`Bank account${masked}`);
    expect(screen.getByRole('radio', { name: `Keep the current account (${masked})` })).toBeChecked();
    expect(screen.queryByLabelText(/^IBAN/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Payment term: Quarterly.');
    // The summary above no longer says "Monthly".
    await waitFor(() => expect(summary).toHaveTextContent('Payment termQuarterly'));
    expect(summary).not.toHaveTextContent('Monthly');
    expect(await posts()[0]?.json()).toEqual({
      id: 'POL-T',
      paymentTerm: 'QUARTERLY',
      paymentMethod: 'DIRECT_DEBIT',
    });
  });

  it('should ask for a new account when the student chooses another one', async () => {
    const user = userEvent.setup();
    serve({ ...travel, paymentMethod: 'DIRECT_DEBIT', maskedIban: 'NL•• •••• •••• •••• 4300' });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Use another bank account' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(screen.getByLabelText(/^IBAN/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it("should show the api's reason for a refusal it has no words of its own for", async () => {
    const user = userEvent.setup();
    serve(travel, {
      status: 403,
      body: { code: 'NOT_EDITABLE', message: 'This policy cannot be changed online.' },
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This policy cannot be changed online.');
    expect(alert).not.toHaveTextContent('Something went wrong');
  });

  it.each([
    ['a UK IBAN', 'GB82 WEST 1234 5698 7654 32', 'UK IBANs are not accepted.'],
    [
      'an IBAN from outside the SEPA area',
      'BR1800360305000010009795493C1',
      'For direct debit the IBAN must be from the SEPA area.',
    ],
    ['an IBAN with a wrong check digit', 'NL91ABNA0417164301', 'Enter a valid IBAN.'],
  ])(
    'should refuse %s with its own message, tied to the field, as the student types',
    async (_case, iban, message) => {
      const user = userEvent.setup();
      serve();
      renderPage();
      await chooseDirectDebit(user);
      const field = screen.getByLabelText(/^IBAN/);
      await user.type(field, iban);
      await user.tab();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
      expect(posts()).toHaveLength(0);
    },
  );

  it('should require IBAN, BIC and account holder for direct debit, and check the BIC', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    await chooseDirectDebit(user);
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(screen.getByLabelText(/^IBAN/)).toHaveAccessibleDescription(
      expect.stringContaining('This field is required.'),
    );
    expect(screen.getByLabelText(/^IBAN/)).toHaveFocus();
    expect(screen.getByLabelText(/^Account holder/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/^BIC/), 'NOTABIC');
    expect(screen.getByLabelText(/^BIC/)).toHaveAccessibleDescription('Enter a valid BIC.');
    expect(posts()).toHaveLength(0);
  });

  it('should not check or send bank details for an e-invoice', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Direct debit' }));
    await user.type(screen.getByLabelText(/^IBAN/), 'GB82WEST12345698765432');
    await user.click(screen.getByRole('radio', { name: 'E-invoice' }));
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await screen.findByText('Your payment settings have been saved.');
    expect(await posts()[0]?.json()).toEqual({
      id: 'POL-T',
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
    });
  });

  it('should say "We did not find any changes" and send nothing when the settings are the current ones', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No changes found: We did not find any changes.',
    );
    expect(posts()).toHaveLength(0);
    // Back and forth to where it was is no change either; another term is.
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await screen.findByText('Your payment settings have been saved.');
    expect(posts()).toHaveLength(1);
  });

  it('should say "We did not find any changes" when the backend has the same bank account', async () => {
    const user = userEvent.setup();
    serve(
      { ...travel, paymentTerm: 'QUARTERLY', paymentMethod: 'DIRECT_DEBIT' },
      {
        status: 409,
        body: { code: 'NO_CHANGES', message: 'No changes found.' },
      },
    );
    renderPage();
    await user.type(await screen.findByLabelText(/^IBAN/), 'NL91ABNA0417164300');
    await user.type(screen.getByLabelText('BIC'), 'ABNANL2A');
    await user.type(screen.getByLabelText('Account holder'), 'A. de Vries');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We did not find any changes');
    expect(posts()).toHaveLength(1);
  });

  it('should show the fields the backend refused beside them', async () => {
    const user = userEvent.setup();
    serve(travel, {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'x',
        fields: [{ field: 'iban', code: 'validation.iban.sepa' }],
      },
    });
    renderPage();
    await chooseDirectDebit(user);
    await user.type(screen.getByLabelText(/^IBAN/), 'NL91ABNA0417164300');
    await user.type(screen.getByLabelText(/^BIC/), 'ABNANL2A');
    await user.type(screen.getByLabelText(/^Account holder/), 'Anna de Vries');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(
      await screen.findByText('For direct debit the IBAN must be from the SEPA area.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^IBAN/)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [409, 'UNDER_REVIEW', /under review/],
    [500, 'INTERNAL_ERROR', /Something went wrong/],
  ])('should say a %s was not saved', async (status, code, text) => {
    const user = userEvent.setup();
    serve(travel, { status, body: { code, message: 'x', incidentId: 'i-1' } });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment settings were not saved');
    expect(alert).toHaveTextContent(text);
  });

  it('should show nothing editable once the backend answers PAYMENT_LOCKED', async () => {
    const user = userEvent.setup();
    serve(travel, { status: 403, body: { code: 'PAYMENT_LOCKED', message: 'x' } });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByText('Payment settings cannot be changed online')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a credit-card policy',
      { customerType: 'INSTITUTE_STUDENT_PAYS', paymentMethod: 'CREDITCARD' },
      'This policy is paid by credit card.',
      /contact us through Service & Contact/,
    ],
    [
      'an institute-paid policy',
      {
        customerType: 'INSTITUTE',
        paymentMethod: 'BANK_TRANSFER',
        educationalInstitution: { name: 'Leiden University' },
      },
      'This policy is paid by your institute.',
      /contact Leiden University/,
    ],
    [
      'a policy paid via the institution',
      { customerType: 'INSTITUTE_STUDENT_PAYS', paymentMethod: 'DIRECT_DEBIT' },
      'You pay for this policy via your institution.',
      /contact your institution/,
    ],
    [
      'a policy paid via the institution that the student may otherwise change',
      { customerType: 'INSTITUTE_STUDENT_PAYS', editable: 'true', paymentMethod: 'BANK_TRANSFER' },
      'You pay for this policy via your institution.',
      /contact your institution/,
    ],
    [
      'a policy under review',
      { status: 'UNDER_REVIEW' },
      'A change to this policy is under review',
      /4 business days/,
    ],
    ['an expired policy', { status: 'EXPIRED' }, 'This policy has expired.', /no payment settings left/],
  ])(
    'should lock %s, say why and what to do instead, and show nothing editable',
    async (_case, fields, reason, instead) => {
      serve({ ...travel, ...fields });
      renderPage();
      const title = await screen.findByText('Payment settings cannot be changed online');
      const locked = title.closest('[role="status"]');
      expect(locked).toHaveTextContent(reason);
      expect(locked).toHaveTextContent(instead);
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it('should say when the policy is not the student’s', async () => {
    serve();
    renderPage('POL-X');
    expect(await screen.findByRole('alert')).toHaveTextContent('This policy is not one of your policies.');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

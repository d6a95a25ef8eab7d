/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { ContactPage } from './contact-page';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

function answerContact(contact: () => Response) {
  fetchMock = mockFetch((request) =>
    new URL(request.url).pathname === '/api/portal/contactexpats'
      ? contact()
      : jsonResponse({ data: { contactCategories: [{ id: 'COVERAGE', label: 'Coverage questions' }] } }),
  );
}

async function fillIn(isCustomer: 'Yes' | 'No', policyNumber = '') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: isCustomer }));
  await user.selectOptions(await screen.findByLabelText('Category'), 'Coverage questions');
  if (policyNumber) await user.type(screen.getByLabelText('Policy number'), policyNumber);
  await user.type(screen.getByLabelText('Name'), 'Anna de Vries');
  await user.type(screen.getByLabelText('E-mail address'), 'anna.devries@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Dental care');
  await user.type(screen.getByLabelText('Your question'), 'Is a check-up covered?');
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

const contactRequests = () =>
  fetchMock?.requests.filter((request) => new URL(request.url).pathname === '/api/portal/contactexpats') ??
  [];

describe('ContactPage', () => {
  it('should send the request of a customer and confirm it', async () => {
    answerContact(() => emptyResponse(204));
    renderWithProviders(<ContactPage />);
    await fillIn('Yes', 'P-1001');
    expect(await screen.findByRole('status')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/your question has been sent/);
    const [request] = contactRequests();
    expect(request?.method).toBe('POST');
    expect(await request?.json()).toEqual({
      isCustomer: 'YES',
      category: 'COVERAGE',
      policyNumber: 'P-1001',
      name: 'Anna de Vries',
      email: 'anna.devries@example.com',
      subject: 'Dental care',
      question: 'Is a check-up covered?',
    });
  });

  it('should not ask a logged-in student whether she is a customer, and fill in her name and address', async () => {
    fetchMock = mockFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/portal/contactexpats') return emptyResponse(204);
      if (pathname === '/api/en/profiles/P-1001') {
        return jsonResponse({ firstName: 'Anna', surname: 'de Vries', username: 'anna.devries@example.com' });
      }
      return jsonResponse({ data: { contactCategories: [{ id: 'COVERAGE', label: 'Coverage questions' }] } });
    });
    renderWithProviders(<ContactPage />, {
      authState: { authenticated: true, profileId: 'P-1001', username: 'Anna' },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Anna de Vries'));
    expect(screen.queryByRole('group', { name: /already a customer/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('anna.devries@example.com');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('readonly');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Coverage questions');
    await user.type(screen.getByLabelText('Policy number'), 'TR-2026-100101');
    await user.type(screen.getByLabelText('Subject'), 'Dental care');
    await user.type(screen.getByLabelText('Your question'), 'Is a check-up covered?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/your question has been sent/);
    expect(await contactRequests()[0]?.json()).toEqual({
      isCustomer: 'YES',
      category: 'COVERAGE',
      policyNumber: 'TR-2026-100101',
      name: 'Anna de Vries',
      email: 'anna.devries@example.com',
      subject: 'Dental care',
      question: 'Is a check-up covered?',
    });
  });

  it('should ask for no policy number from a visitor who is not a customer', async () => {
    answerContact(() => emptyResponse(204));
    renderWithProviders(<ContactPage />);
    expect(screen.queryByLabelText('Policy number')).not.toBeInTheDocument();
    await fillIn('No');
    expect(await screen.findByText(/your question has been sent/)).toBeInTheDocument();
    expect(await contactRequests()[0]?.json()).not.toHaveProperty('policyNumber');
  });

  it('should require a policy number from a customer, tie errors to fields and send nothing', async () => {
    answerContact(() => emptyResponse(204));
    renderWithProviders(<ContactPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const policyNumber = screen.getByLabelText('Policy number');
    expect(policyNumber).toHaveAttribute('aria-invalid', 'true');
    expect(policyNumber).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose one of the options.');
    expect(screen.getByLabelText('Category')).toHaveFocus();
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('This field is required.');
    expect(contactRequests()).toHaveLength(0);
  });

  it('should show the fields the server rejected beside those fields', async () => {
    answerContact(() =>
      jsonResponse(
        { code: 'VALIDATION', message: 'Invalid', fields: [{ field: 'email', code: 'validation.email' }] },
        400,
      ),
    );
    renderWithProviders(<ContactPage />);
    await fillIn('No');
    const email = await screen.findByLabelText('E-mail address');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.queryByText(/Contact request failed/)).not.toBeInTheDocument();
  });

  it('should say the request failed and keep the form', async () => {
    answerContact(() => jsonResponse({ code: 'FORBIDDEN', message: '' }, 403));
    renderWithProviders(<ContactPage />);
    await fillIn('No');
    expect(await screen.findByText('Contact request failed: Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Dental care');
  });

  it("should show the api's reason for a refusal instead of a bare failure, and take the focus", async () => {
    answerContact(() =>
      jsonResponse(
        { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 12 minutes.' },
        429,
      ),
    );
    renderWithProviders(<ContactPage />);
    await fillIn('No');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 12 minutes.');
    expect(alert).not.toHaveTextContent(/Contact request failed/);
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('Subject')).toHaveValue('Dental care');
  });
});

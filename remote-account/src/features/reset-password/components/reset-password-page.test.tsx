/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { ResetPasswordPage } from './reset-password-page';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

function renderPage() {
  return render(
    <MemoryRouter>
      <ResetPasswordPage />
    </MemoryRouter>,
  );
}

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail address'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ResetPasswordPage', () => {
  it('should request a reset for the address and confirm it', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    renderPage();
    await submit('anna.devries@example.com');
    expect(await screen.findByText(/we have sent a link to set a new password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    const request = fetchMock.requests[0];
    expect(request?.method).toBe('PUT');
    expect(new URL(request?.url ?? '').pathname).toBe(
      '/api/accounts/anna.devries%40example.com/reset/password',
    );
  });

  it('should tie the error to the field, focus it and send nothing', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    renderPage();
    await submit('not-an-email');
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(email).toHaveFocus();
    expect(fetchMock.requests).toHaveLength(0);
  });

  it('should say the service is unavailable when the call fails', async () => {
    fetchMock = mockFetch(() => emptyResponse(503));
    renderPage();
    await submit('anna.devries@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Service unavailable: We are unable to process your request at the moment, please try again later.',
    );
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument();
  });

  it("should show the api's reason for a refusal, such as when to try again", async () => {
    const why = 'Too many attempts. Please try again in 2 minutes.';
    fetchMock = mockFetch(() => jsonResponse({ code: 'RATE_LIMITED', message: why }, 429));
    renderPage();
    await submit('anna.devries@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(why);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/Service unavailable/);
  });
});

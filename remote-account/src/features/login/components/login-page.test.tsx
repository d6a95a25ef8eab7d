/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { LoginPage } from './login-page';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;

afterEach(() => {
  fetchMock?.restore();
  fetchMock = undefined;
  useAuthStore.getState().markUnauthenticated();
  useAuthStore.setState({ sessionEnd: null });
  sessionStorage.clear();
});

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/insurances" element={<p>My Insurance page</p>} />
        <Route path="/invoices" element={<p>Invoices page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

function answerLogin(status: number) {
  fetchMock = mockFetch((request) => {
    if (new URL(request.url).pathname !== '/api/login') return emptyResponse(404);
    return status === 200
      ? jsonResponse({ firstName: 'Anna', profileId: 'p-1' })
      : // A 403 means "blocked" only with this code (docs/contract.md); other 403s are something else.
        jsonResponse({ code: status === 403 ? 'ACCOUNT_BLOCKED' : 'X', message: 'x' }, status);
  });
}

describe('LoginPage', () => {
  it('should log in with basic credentials and go to My Insurance', async () => {
    answerLogin(200);
    renderAt('/login');
    await submit('anna.devries@example.com', 'Portal-Demo-2026!');
    expect(await screen.findByText('My Insurance page')).toBeInTheDocument();
    const request = fetchMock?.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe(
      `Basic ${btoa('anna.devries@example.com:Portal-Demo-2026!')}`,
    );
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, profileId: 'p-1' });
  });

  it('should go to a safe redirect after logging in', async () => {
    answerLogin(200);
    renderAt('/login?redirect=%2Finvoices');
    await submit('anna.devries@example.com', 'Portal-Demo-2026!');
    expect(await screen.findByText('Invoices page')).toBeInTheDocument();
  });

  it('should ignore a redirect to another site', async () => {
    answerLogin(200);
    renderAt('/login?redirect=%2F%2Fevil.example%2Fx');
    await submit('anna.devries@example.com', 'Portal-Demo-2026!');
    expect(await screen.findByText('My Insurance page')).toBeInTheDocument();
  });

  it.each([
    [401, 'Username and/or password invalid.'],
    [403, 'Your account is blocked. Please try again later.'],
    [
      404,
      'Service unavailable: We are unable to process your request at the moment, please try again later.',
    ],
  ])('should show the message of a %i answer', async (status, message) => {
    answerLogin(status);
    renderAt('/login');
    await submit('anna.devries@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    // Announced once: the alert is not inside another live region.
    expect(alert.parentElement?.closest('[aria-live]')).toBeNull();
    expect(screen.queryByText('My Insurance page')).not.toBeInTheDocument();
  });

  it('should say a wrong password once, in the words of the 401, whatever the api adds', async () => {
    fetchMock = mockFetch(() =>
      jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' }, 401),
    );
    renderAt('/login');
    await submit('anna.devries@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Username and\/or password invalid\.$/);
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid credentials.')).not.toBeInTheDocument();
  });

  it('should say that the session expired after the server ended it', () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1', sessionEnd: null });
    useAuthStore.getState().markUnauthenticated();
    renderAt('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.');
  });

  it.each([
    ['on a first visit', () => undefined],
    ['after the student logged out', () => useAuthStore.setState({ sessionEnd: 'logout' })],
  ])('should not say that the session expired %s', (_when, arrange) => {
    useAuthStore.setState({ sessionEnd: null });
    arrange();
    renderAt('/login');
    expect(screen.queryByText(/Your session has expired/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should tie validation errors to the fields and send nothing', async () => {
    fetchMock = mockFetch(() => emptyResponse(500));
    renderAt('/login');
    await submit('not-an-email', 'short');
    const email = screen.getByLabelText('E-mail address');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/valid e-mail/i);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/at least 8/i);
    expect(fetchMock.requests).toHaveLength(0);
  });

  it('should say the student is logged in without a name while the name is not known', () => {
    useAuthStore.setState({ authenticated: true, username: null, profileId: 'p-1' });
    renderAt('/login');
    expect(screen.getByText('You are logged in.')).toBeInTheDocument();
    expect(screen.queryByText(/logged in as/)).not.toBeInTheDocument();
  });

  it('should show who is logged in and log out', async () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' });
    fetchMock = mockFetch(() => emptyResponse(204));
    renderAt('/login');
    expect(screen.getByText('You are logged in as Anna.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByLabelText('E-mail address')).toBeInTheDocument();
    expect(useAuthStore.getState().authenticated).toBe(false);
  });
});

/** @jest-environment jest-fixed-jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { ConfirmEmailPage } from './confirm-email-page';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => {
  fetchMock?.restore();
  useAuthStore.getState().markUnauthenticated();
  sessionStorage.clear();
});

function renderPage(token: string, newEmail = 'anna.new@example.com') {
  return render(
    <MemoryRouter>
      <ConfirmEmailPage id={token} username={newEmail} />
    </MemoryRouter>,
  );
}

describe('ConfirmEmailPage', () => {
  it('should complete the change once, say so and log the student out', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
    const { unmount } = renderPage('token-ok');
    expect(
      await screen.findByText(
        'Your e-mail address is changed to anna.new@example.com. Please log in with your new e-mail address.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(useAuthStore.getState().authenticated).toBe(false));

    const post = fetchMock.requests.find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').pathname).toBe('/api/accounts/anna.new%40example.com/username');
    expect(post?.headers.get('X-Authorization-Token')).toBe('token-ok');
    expect(await post?.json()).toEqual({ newUsername: 'anna.new@example.com' });

    // The token is single-use: the same link shown again does not send it a second time.
    unmount();
    renderPage('token-ok');
    expect(await screen.findByText(/Your e-mail address is changed/)).toBeInTheDocument();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('should say the link is invalid or expired on a 401, without logging out', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'INVALID_TOKEN', message: 'x' }, 401));
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
    renderPage('token-used');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, this link is invalid or expired.');
    expect(useAuthStore.getState().authenticated).toBe(true);
  });

  it('should say the address is taken on a 409', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'EMAIL_EXISTS', message: 'x' }, 409));
    renderPage('token-taken');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail address already exists.');
  });

  it('should call a link without a token invalid without asking the backend', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    renderPage('', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, this link is invalid or expired.');
    expect(fetchMock.requests).toHaveLength(0);
  });
});

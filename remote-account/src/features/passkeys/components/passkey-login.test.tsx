/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { LoginPage } from '../../login';

jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: jest.fn(),
  browserSupportsWebAuthnAutofill: jest.fn(() => Promise.resolve(false)),
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));
import { startAuthentication } from '@simplewebauthn/browser';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;

afterEach(() => {
  fetchMock?.restore();
  fetchMock = undefined;
  useAuthStore.getState().markUnauthenticated();
  sessionStorage.clear();
});

function serve(loginAnswer: () => Response) {
  fetchMock = mockFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/passkeys/login/options') return jsonResponse({ challenge: 'c1' });
    if (pathname === '/api/passkeys/login') return loginAnswer();
    if (pathname === '/api/checksession') return jsonResponse({ firstName: 'Anna', profileId: 'P-1001' });
    return emptyResponse(404);
  });
}

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/insurances" element={<p>My Insurance page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Log in with a passkey', () => {
  it('should log in without an e-mail address and go to My Insurance', async () => {
    serve(() => jsonResponse({ firstName: 'Anna', profileId: 'P-1001' }));
    jest.mocked(startAuthentication).mockResolvedValue({ id: 'cred' } as never);
    renderLogin();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'username webauthn');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    expect(await screen.findByText('My Insurance page')).toBeInTheDocument();
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'c1' },
      useBrowserAutofill: false,
    });
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, profileId: 'P-1001' });
  });

  it('should say that a refused passkey is not recognised and stay on the login page', async () => {
    serve(() => jsonResponse({ code: 'PASSKEY_NOT_RECOGNISED', message: 'x' }, 401));
    jest.mocked(startAuthentication).mockResolvedValue({ id: 'cred' } as never);
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    expect(
      await screen.findByText('This passkey is not recognised. Log in with your password.'),
    ).toBeInTheDocument();
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('should refuse a blocked account as the password login does', async () => {
    serve(() => jsonResponse({ code: 'ACCOUNT_BLOCKED', message: 'x' }, 403));
    jest.mocked(startAuthentication).mockResolvedValue({ id: 'cred' } as never);
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    expect(await screen.findByText('Your account is blocked, please try again later.')).toBeInTheDocument();
  });

  it('should say so when no passkey was used', async () => {
    serve(() => emptyResponse(500));
    jest
      .mocked(startAuthentication)
      .mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAllowedError' }));
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    expect(
      await screen.findByText('No passkey was used. Try again, or log in with your password.'),
    ).toBeInTheDocument();
  });
});

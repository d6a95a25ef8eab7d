/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import type { ActivateMode } from '../lib/activate-mode';
import { ActivatePage } from './activate-page';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

function renderPage(mode: ActivateMode) {
  return render(
    <MemoryRouter>
      <ActivatePage mode={mode} id="token-123" username="new.student@example.com" />
    </MemoryRouter>,
  );
}

function validLink() {
  fetchMock = mockFetch((request) =>
    request.method === 'GET' ? jsonResponse({ username: 'new.student@example.com' }) : emptyResponse(204),
  );
}

async function fill(password: string, repeat: string, submit: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat new password'), repeat);
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('ActivatePage', () => {
  it('should say the link is invalid when the token check answers 401', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'TOKEN_INVALID', message: 'x' }, 401));
    renderPage('activate');
    expect(await screen.findByText('Sorry, this link is invalid or expired.')).toBeInTheDocument();
    const request = fetchMock.requests[0];
    expect(new URL(request?.url ?? '').pathname).toBe('/api/accounts/new.student%40example.com/');
    expect(request?.headers.get('X-Authorization-Token')).toBe('token-123');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('should say a used activation link belongs to an activated account, and offer to log in', async () => {
    fetchMock = mockFetch(() =>
      jsonResponse({ code: 'ALREADY_ACTIVATED', message: 'This account is already activated.' }, 409),
    );
    renderPage('activate');
    expect(
      await screen.findByText(
        'Your account is already activated. Log in with your e-mail address and password.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Sorry, this link is invalid or expired.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('should activate without a special character and link to the login', async () => {
    validLink();
    renderPage('activate');
    await fill('Abcdefghijk1', 'Abcdefghijk1', 'Activate account');
    expect(await screen.findByText(/Your account is activated/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    const post = fetchMock?.requests.find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').pathname).toBe('/api/accounts/new.student%40example.com/activate');
    expect(post?.headers.get('X-Authorization-Token')).toBe('token-123');
    expect(await post?.json()).toEqual({ password: 'Abcdefghijk1' });
  });

  it('should require a special character when setting a password', async () => {
    validLink();
    renderPage('setpassword');
    await fill('Abcdefghijk1', 'Abcdefghijk1', 'Save password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription(/with a capital letter.*a special character\./);
    expect(password).toHaveAccessibleDescription(/must have at least one special character/);
    expect(password).toHaveFocus();
    expect(fetchMock?.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('should say when the repeat differs', async () => {
    validLink();
    renderPage('setpassword');
    await fill('Abcdefghijk1!', 'Abcdefghijk1?', 'Save password');
    expect(screen.getByLabelText('Repeat new password')).toHaveAccessibleDescription(
      /Password is not the same/,
    );
  });

  it('should set the password through the password call', async () => {
    validLink();
    renderPage('setpassword');
    await fill('Abcdefghijk1!', 'Abcdefghijk1!', 'Save password');
    expect(await screen.findByText(/Your new password is saved/)).toBeInTheDocument();
    const post = fetchMock?.requests.find((request) => request.method === 'POST');
    expect(new URL(post?.url ?? '').pathname).toBe('/api/accounts/new.student%40example.com/password');
  });
});

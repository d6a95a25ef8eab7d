/** @jest-environment jest-fixed-jsdom */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from '@portal/shared/router';
import { i18n, initI18n, loadLocale } from '@portal/shared';

import { pages } from './pages';

// Counts the requests for the account's Dutch texts (the module is evaluated when it is fetched).
const mockNlFetched = jest.fn();
jest.mock('../locales/nl.json', () => {
  mockNlFetched();
  return jest.requireActual('../locales/nl.json');
});

describe('the exposed pages', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));

  it('should show the login page in English without fetching the Dutch texts, and in Dutch after a switch', async () => {
    const Login = pages['login'];
    if (!Login) throw new Error('No login page.');
    await act(async () => {
      render(
        <MemoryRouter>
          <Suspense fallback={<p>loading</p>}>
            <Login />
          </Suspense>
        </MemoryRouter>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(mockNlFetched).not.toHaveBeenCalled();

    await act(() => loadLocale('nl').then(() => i18n.changeLanguage('nl')));
    expect(mockNlFetched).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
  });
});

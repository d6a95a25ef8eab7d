import { render } from '@testing-library/react';
import type { RenderOptions, RenderResult } from '@testing-library/react';
import type { Client } from '@portal/shared/urql';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from '@portal/shared/react-i18next';
import { MemoryRouter } from '@portal/shared/router';
import { Provider as UrqlProvider } from '@portal/shared/urql';

import type { AuthSession } from '@portal/shared';
import { useAuthStore } from '@portal/shared';
import { contentClient } from '@portal/shared/content';
import { initI18n } from '@portal/shared';

/** Options of {@link renderWithProviders}. */
export type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** The router's current entry (default `/`), relative to the basename. */
  route?: string;
  /** Auth store fields to start with; the rest is signed out. */
  authState?: Partial<AuthSession>;
  /** A content client to use instead of the shared one (e.g. one fed by `mockFetch`). */
  client?: Client;
};

const SIGNED_OUT: AuthSession = {
  authenticated: false,
  blocked: false,
  apiUnavailable: false,
  username: null,
  profileId: null,
};

/**
 * Renders a component inside what the host provides: a memory router at `route`, the shared
 * i18n instance (en-GB unless changed) and the urql content client, with the auth store set to
 * `authState`.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderWithProvidersOptions = {},
): RenderResult {
  const { route = '/', authState, client = contentClient, ...renderOptions } = options;
  const i18n = initI18n({ lng: 'en-GB' });
  useAuthStore.setState({ ...SIGNED_OUT, ...authState });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <UrqlProvider value={client}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </UrqlProvider>
      </I18nextProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...renderOptions });
}

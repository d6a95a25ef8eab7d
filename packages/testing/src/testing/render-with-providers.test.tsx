/**
 * @jest-environment jest-fixed-jsdom
 */
import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocation } from '@portal/shared/router';
import { useQuery } from '@portal/shared/urql';

import { useAuthStore } from '@portal/shared';
import { createContentClient } from '@portal/shared/content';
import { PageQuery } from '@portal/shared/content';
import { jsonResponse, mockFetch } from './mock-fetch';
import { renderWithProviders } from './render-with-providers';

function Probe() {
  const { t } = useTranslation();
  const location = useLocation();
  const username = useAuthStore((state) => state.username);
  const [{ data }] = useQuery({ query: PageQuery, variables: { id: 'g-1', lang: 'en' } });
  return (
    <div>
      <p>{location.pathname}</p>
      <p>{t('Alert.close')}</p>
      <p>{username ?? 'nobody'}</p>
      <p>{data?.page?.title}</p>
    </div>
  );
}

describe('renderWithProviders', () => {
  it('should provide router, i18n, auth state and the content client', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ data: { page: { id: 'g-1', title: 'Claims', bodyHtml: '' } } }),
    );
    try {
      renderWithProviders(<Probe />, {
        route: '/invoices',
        authState: { authenticated: true, username: 'Anna', profileId: 'P-1' },
        client: createContentClient(),
      });
      expect(screen.getByText('/invoices')).toBeInTheDocument();
      expect(screen.getByText('Close')).toBeInTheDocument();
      expect(screen.getByText('Anna')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByText('Claims')).toBeInTheDocument());
    } finally {
      fetchMock.restore();
    }
  });
});

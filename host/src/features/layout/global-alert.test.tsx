import { act, screen } from '@testing-library/react';
import { Outlet } from '@portal/shared/router';
import { renderRoutes } from '../../testing/render-routes';
import { i18n, initI18n, useGlobalAlertStore } from '@portal/shared';
import { GlobalAlert } from './global-alert';

function renderAlert() {
  return renderRoutes(
    [
      {
        // As in the app layout: the alert stays mounted above every page.
        element: (
          <>
            <GlobalAlert />
            <Outlet />
          </>
        ),
        children: [
          { path: '/invoices', element: <p>invoices page</p> },
          { path: '/service-contact/contact', element: <p>contact page</p> },
        ],
      },
    ],
    '/invoices',
  );
}

describe('GlobalAlert', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));
  beforeEach(async () => {
    await i18n.changeLanguage('en-GB');
    useGlobalAlertStore.getState().clear();
  });

  it('should show nothing without an alert', () => {
    renderAlert();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show the common error with the incident number and a link to customer service', async () => {
    renderAlert();
    act(() => useGlobalAlertStore.getState().showIncident('INC-2026-0042'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Incident number: INC-2026-0042');
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service-contact/contact',
    );
  });

  it('should leave out the incident line when the response had no incident number', async () => {
    renderAlert();
    act(() => useGlobalAlertStore.getState().showIncident());
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('Incident number');
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toBeInTheDocument();
  });

  it('should clear the alert when the student navigates', async () => {
    const router = renderAlert();
    act(() => useGlobalAlertStore.getState().showIncident('INC-1'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await act(() => router.navigate('/service-contact/contact'));
    expect(useGlobalAlertStore.getState().alert.type).toBe('none');
  });
});

import { act, screen } from '@testing-library/react';
import { useLocation } from '@portal/shared/router';
import { useAuthStore } from '@portal/shared';
import { renderRoutes } from '../../testing/render-routes';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        path: '/invoices',
        element: (
          <RequireAuth>
            <p>invoices page</p>
          </RequireAuth>
        ),
      },
    ],
    url,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => useAuthStore.setState({ authenticated: false, sessionChecking: false }));

  it('should wait for a session check under way, then show the page to the student it recognised', async () => {
    useAuthStore.setState({ authenticated: false, sessionChecking: true });
    const router = renderAt('/invoices');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/invoices');
    act(() => useAuthStore.setState({ authenticated: true, sessionChecking: false }));
    expect(await screen.findByText('invoices page')).toBeInTheDocument();
  });

  it('should send the visitor to log in once a session check under way finds no session', async () => {
    useAuthStore.setState({ authenticated: false, sessionChecking: true });
    const router = renderAt('/invoices');
    act(() => useAuthStore.setState({ sessionChecking: false }));
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
  });

  it('should send a visitor to the login page with the way back', async () => {
    useAuthStore.setState({ authenticated: false });
    const router = renderAt('/invoices?year=2026#open');
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.location.search).get('redirect')).toBe('/invoices?year=2026#open');
    expect(screen.queryByText('invoices page')).not.toBeInTheDocument();
  });

  it('should show the page to a logged-in student', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/invoices');
    expect(await screen.findByText('invoices page')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from '@portal/shared/router';
import { useAuthStore } from '@portal/shared';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
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
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireAuth', () => {
  beforeEach(() => useAuthStore.setState({ authenticated: false }));

  it('should send a visitor to the login page with the way back', async () => {
    useAuthStore.setState({ authenticated: false });
    const router = renderAt('/invoices?year=2026#open');
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/invoices?year=2026#open',
    );
    expect(screen.queryByText('invoices page')).not.toBeInTheDocument();
  });

  it('should show the page to a logged-in student', async () => {
    useAuthStore.setState({ authenticated: true });
    renderAt('/invoices');
    expect(await screen.findByText('invoices page')).toBeInTheDocument();
  });
});

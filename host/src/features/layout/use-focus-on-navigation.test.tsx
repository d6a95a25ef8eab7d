import { act, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { Outlet } from '@portal/shared/router';
import { renderRoutes } from '../../testing/render-routes';
import { useFocusOnNavigation } from './use-focus-on-navigation';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <>
      <button type="button">menu</button>
      <main ref={main} tabIndex={-1} data-testid="main">
        <Outlet />
      </main>
    </>
  );
}

function HeadingPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      FAQ
    </h1>
  );
}

function renderAt(url: string) {
  return renderRoutes(
    [
      {
        element: <Layout />,
        children: [
          { path: '/home', element: <p>home</p> },
          { path: '/privacy', element: <p id="cookies">privacy</p> },
          { path: '/faq', element: <HeadingPage /> },
        ],
      },
    ],
    url,
  );
}

describe('useFocusOnNavigation', () => {
  it('should leave focus alone on the first load', () => {
    renderAt('/home');
    expect(document.activeElement).toBe(document.body);
  });

  it('should focus the main content after a client-side navigation', async () => {
    const router = renderAt('/home');
    screen.getByRole('button', { name: 'menu' }).focus();
    await act(() => router.navigate('/privacy'));
    expect(document.activeElement).toBe(screen.getByTestId('main'));
  });

  it('should not move focus for a hash navigation', async () => {
    const router = renderAt('/home');
    const menu = screen.getByRole('button', { name: 'menu' });
    menu.focus();
    await act(() => router.navigate('/privacy#cookies'));
    expect(document.activeElement).toBe(menu);
    await act(() => router.navigate('/privacy#top'));
    expect(document.activeElement).toBe(menu);
  });

  it('should keep the focus a page gave its own heading', async () => {
    const router = renderAt('/home');
    await act(() => router.navigate('/faq'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'FAQ' }));
  });
});

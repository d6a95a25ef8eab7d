import { Navigate, useLocation } from '@portal/shared/router';
import type { ReactNode } from 'react';
import { loginWithRedirect, useAuthStore } from '@portal/shared';
import { Spinner } from '@portal/ui';

/** Props of {@link RequireAuth}. */
export type RequireAuthProps = {
  children: ReactNode;
};

/**
 * Sends a visitor who is not logged in to the login page, which returns here afterwards. While the
 * start-up session check is under way it waits: a new tab with a valid session cookie stays here.
 */
export function RequireAuth({ children }: RequireAuthProps) {
  const authenticated = useAuthStore((state) => state.authenticated);
  const checking = useAuthStore((state) => state.sessionChecking);
  const location = useLocation();
  if (!authenticated && checking) return <Spinner size="large" />;
  if (!authenticated) {
    return (
      <Navigate to={loginWithRedirect(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
  }
  return children;
}

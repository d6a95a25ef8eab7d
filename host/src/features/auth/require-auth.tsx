import { Navigate, useLocation } from '@portal/shared/router';
import type { ReactNode } from 'react';
import { loginWithRedirect, useAuthStore } from '@portal/shared';

/** Props of {@link RequireAuth}. */
export type RequireAuthProps = {
  children: ReactNode;
};

/** Sends a visitor who is not logged in to the login page, which returns here afterwards. */
export function RequireAuth({ children }: RequireAuthProps) {
  const authenticated = useAuthStore((state) => state.authenticated);
  const location = useLocation();
  if (!authenticated) {
    return (
      <Navigate to={loginWithRedirect(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
  }
  return children;
}

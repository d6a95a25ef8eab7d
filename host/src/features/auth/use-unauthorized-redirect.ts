import { useEffect } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';
import { loginWithRedirect } from '@portal/shared';

/** Window event the HTTP client raises on a 401 (after clearing the session). */
export const UNAUTHORIZED_EVENT = 'portal:unauthorized';

/** After any 401 the user goes to the login page, which brings them back to where they were. */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    const onUnauthorized = () => {
      void navigate(loginWithRedirect(current), { replace: true });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate, current]);
}

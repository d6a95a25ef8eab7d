import { useEffect } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';
import { loginWithRedirect, UNAUTHORIZED_EVENT } from '@portal/shared';

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

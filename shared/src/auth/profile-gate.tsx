import type { ReactNode } from 'react';
import { Link } from '@portal/shared/router';
import { paths } from '../routing/paths';
import { useAuthStore } from './auth-store';

/** Props of {@link ProfileGate}. */
export type ProfileGateProps = {
  /** Text of the link to the login page, shown when nobody is logged in. */
  loginText: string;
  /** What to show for the logged-in student. */
  children: (profileId: string) => ReactNode;
};

/**
 * Renders the student's own data with their profile id, or a link to the login page. In the portal
 * the host already sends anonymous visitors to the login; this covers a remote run on its own.
 */
export function ProfileGate({ loginText, children }: ProfileGateProps) {
  const profileId = useAuthStore((state) => state.profileId);
  if (profileId) return <>{children(profileId)}</>;
  return (
    <p>
      <Link to={paths.login()}>{loginText}</Link>
    </p>
  );
}

import { useTranslation } from '@portal/shared/react-i18next';
import { NavLink, useNavigate } from '@portal/shared/router';
import { paths, useAuthStore } from '@portal/shared';
import { LocaleSwitch } from './locale-switch';

type NavEntry = { to: string; labelKey: string; show: 'always' | 'guest' | 'member' };

// docs/requirements.md §2 navigation entries; log-in and reset-password make sense only for visitors, the
// personal pages only for logged-in students.
const ENTRIES: readonly NavEntry[] = [
  { to: paths.login(), labelKey: 'nav.login', show: 'guest' },
  { to: paths.serviceContact(), labelKey: 'nav.serviceContact', show: 'always' },
  { to: paths.insurances(), labelKey: 'nav.insurances', show: 'member' },
  { to: paths.profile(), labelKey: 'nav.profile', show: 'member' },
  { to: paths.claims(), labelKey: 'nav.claims', show: 'member' },
  { to: paths.invoices(), labelKey: 'nav.invoices', show: 'member' },
  { to: paths.resetPassword(), labelKey: 'nav.resetPassword', show: 'guest' },
  { to: paths.privacy(), labelKey: 'nav.privacy', show: 'always' },
];

/** The paths of the navigation's entries (the prerendered shell marks the current one). */
export const NAV_PATHS: readonly string[] = ENTRIES.map((entry) => entry.to);

/** The main navigation with the logout action and the language switch. */
export function SiteNav() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const authenticated = useAuthStore((state) => state.authenticated);
  const logout = useAuthStore((state) => state.logout);

  const onLogout = async () => {
    await logout();
    await navigate(paths.login());
  };

  const visible = ENTRIES.filter(
    (entry) => entry.show === 'always' || (entry.show === 'member') === authenticated,
  );

  return (
    // Its links' pages are fetched once the page is idle and the link is in view (prefetch-on-intent.ts).
    <nav className="site-nav" aria-label={t('nav.label')} data-prefetch-in-view="">
      <ul>
        {visible.map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to}>{t(entry.labelKey)}</NavLink>
          </li>
        ))}
        {authenticated ? (
          <li>
            <button type="button" onClick={() => void onLogout()}>
              {t('nav.logout')}
            </button>
          </li>
        ) : null}
      </ul>
      <LocaleSwitch />
    </nav>
  );
}

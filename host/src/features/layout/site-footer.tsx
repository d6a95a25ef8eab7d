import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { CookieSettingsLink } from '../consent/consent-banner';

/**
 * The footer: the accessibility statement (served by the service remote, linked by its shared path)
 * "Cookie settings" (reopens the consent banner) and the product version (from package.json, set at build time).
 */
export function SiteFooter() {
  const { t } = useTranslation('host');
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <Link to={paths.accessibility()}>{t('footer.accessibility')}</Link>
        <CookieSettingsLink />
        <span>{t('footer.version', { version: __APP_VERSION__ })}</span>
      </div>
    </footer>
  );
}

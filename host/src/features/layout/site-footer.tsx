import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';

/**
 * The footer: the accessibility statement (served by the service remote, linked by its shared path)
 * and the product version (from package.json, set at build time).
 */
export function SiteFooter() {
  const { t } = useTranslation('host');
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <Link to={paths.accessibility()}>{t('footer.accessibility')}</Link>
        <span>{t('footer.version', { version: __APP_VERSION__ })}</span>
      </div>
    </footer>
  );
}

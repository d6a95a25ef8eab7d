import { useTranslation } from '@portal/shared/react-i18next';

/** The footer with the product version (from package.json, set at build time). */
export function SiteFooter() {
  const { t } = useTranslation('host');
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <span>{t('footer.version', { version: __APP_VERSION__ })}</span>
      </div>
    </footer>
  );
}

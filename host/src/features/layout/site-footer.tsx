import { useEffect } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { COOKIE_SETTINGS_ID, openConsentSettings } from '../consent/consent-choice';

/**
 * The footer: the accessibility statement (served by the service remote, linked by its shared path)
 * "Cookie settings" (reopens the consent banner) and the product version (from package.json, set at build time).
 */
export function SiteFooter() {
  const { t } = useTranslation('host');
  // "Cookie settings" clicked in the prerendered frame, before the app took over, left only its hash.
  useEffect(() => {
    if (window.location.hash !== `#${COOKIE_SETTINGS_ID}`) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    openConsentSettings();
  }, []);
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <Link to={paths.accessibility()}>{t('footer.accessibility')}</Link>
        <a
          id={COOKIE_SETTINGS_ID}
          href={`#${COOKIE_SETTINGS_ID}`}
          onClick={(event) => {
            event.preventDefault();
            openConsentSettings();
          }}
        >
          {t('footer.cookieSettings')}
        </a>
        <span>{t('footer.version', { version: __APP_VERSION__ })}</span>
      </div>
    </footer>
  );
}

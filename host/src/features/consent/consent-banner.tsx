import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, registerNamespace } from '@portal/shared';
import { COOKIE_SETTINGS_ID, saveConsent } from './consent-choice';
import type { ConsentChoice } from './consent-choice';
import { useConsent } from './use-consent';
import en from './locales/en.json';
import nl from './locales/nl.json';
import './consent-banner.css';

/** The banner's translation namespace; its texts travel in the banner's own chunk. */
export const CONSENT_NAMESPACE = 'consent';

/** Resolves when the banner's texts of the current language are in i18next. */
export const consentTextsReady = registerNamespace(CONSENT_NAMESPACE, { en, nl: () => Promise.resolve(nl) });

/** Props of {@link ConsentBanner}. */
export type ConsentBannerProps = {
  /** Opened from "Cookie settings": focus moves into the banner and back to the link afterwards. */
  reopened: boolean;
};

/**
 * Asks for analytics cookies: two buttons of equal weight, nothing chosen beforehand. Fixed at the
 * bottom of the window (the page's layout does not move) and no wall: the page stays usable. It is
 * the first region in the document, so the keyboard reaches it before the page's content.
 */
export function ConsentBanner({ reopened }: ConsentBannerProps) {
  const { t } = useTranslation(CONSENT_NAMESPACE);
  const choice = useConsent();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    if (reopened) region.current?.focus();
  }, [reopened]);

  useEffect(() => {
    const banner = region.current;
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      style.setProperty('--consent-banner-height', `${banner.offsetHeight}px`),
    );
    observer.observe(banner);
    return () => {
      observer.disconnect();
      style.removeProperty('--consent-banner-height');
    };
  }, []);

  const choose = (next: ConsentChoice) => {
    saveConsent(next);
    if (reopened) document.getElementById(COOKIE_SETTINGS_ID)?.focus();
  };

  return (
    <section ref={region} className="consent-banner" aria-labelledby="consent-banner-title" tabIndex={-1}>
      <div className="consent-banner__inner">
        <p id="consent-banner-title" className="consent-banner__title">
          {t('title')}
        </p>
        <p className="consent-banner__text">
          {t('text')} <Link to={paths.privacy()}>{t('privacy')}</Link>
        </p>
        {choice ? <p className="consent-banner__text">{t(`current.${choice}`)}</p> : null}
        <div className="consent-banner__actions">
          <button type="button" className="button button--primary" onClick={() => choose('granted')}>
            {t('accept')}
          </button>
          <button type="button" className="button button--primary" onClick={() => choose('denied')}>
            {t('reject')}
          </button>
        </div>
      </div>
    </section>
  );
}

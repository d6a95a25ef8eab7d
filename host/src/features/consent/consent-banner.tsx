import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, registerNamespace } from '@portal/shared';
import {
  COOKIE_SETTINGS_ID,
  isConsentBannerOpen,
  openConsentSettings,
  saveConsent,
  subscribeConsent,
} from './consent-choice';
import { useConsent } from './use-consent';
import en from './locales/en.json';

/** The consent texts' namespace: English travels with the banner, Dutch with the host's Dutch texts. */
const NS = 'consent';
void registerNamespace(NS, {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl" */ './locales/nl.json'),
});

/**
 * Asks for analytics cookies while the student has not chosen, or after "Cookie settings": two
 * buttons of equal weight, nothing chosen beforehand. It is part of the start-up (no chunk fetched
 * after the first render) and fixed at the bottom of the window (the page's layout does not move);
 * no wall, the page stays usable. It is the first region in the document, so the keyboard reaches
 * it before the page's content. Its styles are in styles/host.css.
 */
export function ConsentBanner() {
  const { t } = useTranslation(NS);
  const open = useSyncExternalStore(subscribeConsent, isConsentBannerOpen, () => false);
  const choice = useConsent();
  const region = useRef<HTMLElement>(null);
  // Opened after the first render: reopened from "Cookie settings", so the focus goes in and back.
  const reopened = useRef(!open);

  useEffect(() => {
    const banner = region.current;
    if (!banner) {
      reopened.current = true;
      return;
    }
    if (reopened.current) banner.focus();
    if (typeof ResizeObserver === 'undefined') return;
    // The page scrolls clear of the banner, whose height the styles read from this property.
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      style.setProperty('--consent-height', `${banner.offsetHeight}px`),
    );
    observer.observe(banner);
    return () => {
      observer.disconnect();
      style.removeProperty('--consent-height');
    };
  }, [open]);

  if (!open) return null;
  const choose = (next: 'granted' | 'denied') => {
    saveConsent(next);
    if (reopened.current) document.getElementById(COOKIE_SETTINGS_ID)?.focus();
  };
  return (
    <section ref={region} className="consent" aria-labelledby="consent-title" tabIndex={-1}>
      <div>
        <p id="consent-title">
          <b>{t('title')}</b>
        </p>
        <p>
          {t('text')} <Link to={paths.privacy()}>{t('privacy')}</Link>
        </p>
        {choice ? <p>{t(`current.${choice}`)}</p> : null}
        <p>
          <button type="button" className="button button--primary" onClick={() => choose('granted')}>
            {t('accept')}
          </button>
          <button type="button" className="button button--primary" onClick={() => choose('denied')}>
            {t('reject')}
          </button>
        </p>
      </div>
    </section>
  );
}

/** The footer's "Cookie settings": opens the banner again, without a reload. */
export function CookieSettingsLink() {
  const { t } = useTranslation(NS);
  // Clicked in the prerendered frame, before the app took over, it left only its hash.
  useEffect(() => {
    if (window.location.hash !== `#${COOKIE_SETTINGS_ID}`) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    openConsentSettings();
  }, []);
  return (
    <a
      id={COOKIE_SETTINGS_ID}
      href={`#${COOKIE_SETTINGS_ID}`}
      onClick={(event) => {
        event.preventDefault();
        openConsentSettings();
      }}
    >
      {t('settings')}
    </a>
  );
}

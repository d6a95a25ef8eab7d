import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from '@portal/shared/react-i18next';

import en from './locales/en.json';
import { COMMON_NAMESPACE, DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, SUPPORTED_LOCALES } from './locales';
import type { Locale } from './locales';
import { completeInitialisation, loadLocale, registerNamespace } from './namespaces';
import type { NamespaceResources } from './namespaces';

export { loadLocale, localeReady, registerNamespace } from './namespaces';
export type { NamespaceResources, NamespaceTexts, NamespaceTextsLoader } from './namespaces';

/** Options of {@link initI18n}. */
export type InitI18nOptions = {
  /** Start in this language instead of the stored choice or the default. */
  lng?: Locale;
};

// The host's texts share this chunk name: a Dutch visitor fetches both in one request.
const COMMON_TEXTS: NamespaceResources = {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl" */ './locales/nl.json'),
};

function readStoredLocale(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    // Storage can be disabled (private mode, policies); the default language is used then.
    return undefined;
  }
}

/** How long the server remembers the language: a year, renewed at every start of the portal. */
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Updates `<html lang>`, and tells the server the language in a cookie of the same name as the
 * stored choice: the host server sends a page's prerendered frame in that language, so a Dutch
 * visitor does not see English first.
 */
function setDocumentLanguage(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  if (isLocale(lng)) {
    document.cookie = `${LOCALE_STORAGE_KEY}=${lng}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }
}

function loadInBackground(lng: Locale): void {
  loadLocale(lng).catch((error: unknown) => {
    // Only logged here: whoever waits for the texts (localeReady, setLocale) gets the failure and
    // tells the user.
    console.error(`The ${lng} texts could not be loaded.`, error);
  });
}

/**
 * Initialises the one i18next instance of the page (shared as a Module Federation singleton)
 * with react-i18next and the `common` namespace. Synchronous: the en-GB texts are bundled; other
 * languages' texts are fetched on demand (see {@link loadLocale}), and when the start language is
 * Dutch they start loading at once (await {@link localeReady} before the first render). Safe to
 * call more than once: later calls return the same instance. The language is `options.lng`, else
 * the user's stored choice (`localStorage['portal-locale']`), else en-GB; `<html lang>` follows
 * every change, and components re-render when texts arrive.
 */
export function initI18n(options: InitI18nOptions = {}): I18n {
  if (i18next.isInitialized) return i18next;
  const lng = options.lng ?? readStoredLocale() ?? DEFAULT_LOCALE;
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    // Look up 'nl' itself rather than also trying a language-only code.
    load: 'currentOnly',
    ns: [COMMON_NAMESPACE],
    defaultNS: COMMON_NAMESPACE,
    // Remote namespaces can use the shared texts (errors, validation) without a prefix.
    fallbackNS: COMMON_NAMESPACE,
    resources: { [DEFAULT_LOCALE]: { [COMMON_NAMESPACE]: en } },
    // The start texts are bundled, so initialisation finishes synchronously.
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    // 'added': a component re-renders when a language's texts arrive after it rendered.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  void registerNamespace(COMMON_NAMESPACE, COMMON_TEXTS);
  completeInitialisation();
  if (lng !== DEFAULT_LOCALE) loadInBackground(lng);
  setDocumentLanguage(i18next.language);
  i18next.on('languageChanged', (changed) => {
    setDocumentLanguage(changed);
    // useLocale loads before it switches; this covers any other caller of changeLanguage.
    if (isLocale(changed)) loadInBackground(changed);
  });
  return i18next;
}

/** The i18next instance (initialised by {@link initI18n}). */
export { i18next as i18n };

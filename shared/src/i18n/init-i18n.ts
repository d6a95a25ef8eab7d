import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from '@portal/shared/react-i18next';

import en from './locales/en.json';
import nl from './locales/nl.json';
import { COMMON_NAMESPACE, DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, SUPPORTED_LOCALES } from './locales';
import type { Locale } from './locales';

/** The texts of one namespace in both languages; nl may be shorter, en-GB is the fallback. */
export type NamespaceResources = {
  en: Record<string, unknown>;
  nl: Record<string, unknown>;
};

/** Options of {@link initI18n}. */
export type InitI18nOptions = {
  /** Start in this language instead of the stored choice or the default. */
  lng?: Locale;
};

// Namespaces registered before initI18n ran (remote modules register at import time).
const pending = new Map<string, NamespaceResources>();

function readStoredLocale(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    // Storage can be disabled (private mode, policies); the default language is used then.
    return undefined;
  }
}

function setDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

function addBundles(ns: string, resources: NamespaceResources): void {
  i18next.addResourceBundle('en-GB', ns, resources.en, true, true);
  i18next.addResourceBundle('nl', ns, resources.nl, true, true);
}

/**
 * Initialises the one i18next instance of the page (shared as a Module Federation singleton)
 * with react-i18next and the `common` namespace. Safe to call more than once: later calls return
 * the same instance. The language is `options.lng`, else the user's stored choice
 * (`localStorage['portal-locale']`), else en-GB; `<html lang>` follows every change.
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
    resources: {
      'en-GB': { [COMMON_NAMESPACE]: en },
      nl: { [COMMON_NAMESPACE]: nl },
    },
    // Resources are bundled, so initialisation finishes synchronously.
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  for (const [ns, resources] of pending) addBundles(ns, resources);
  pending.clear();
  setDocumentLanguage(i18next.language);
  i18next.on('languageChanged', setDocumentLanguage);
  return i18next;
}

/**
 * Adds a namespace of texts (one per remote), e.g. `registerNamespace('insurance', {en, nl})`.
 * Works before or after {@link initI18n}; registering again merges and overwrites keys.
 */
export function registerNamespace(ns: string, resources: NamespaceResources): void {
  if (i18next.isInitialized) addBundles(ns, resources);
  else pending.set(ns, resources);
}

/** The i18next instance (initialised by {@link initI18n}). */
export { i18next as i18n };

export { i18n, initI18n, loadLocale, localeReady, registerNamespace } from './init-i18n';
export type { InitI18nOptions, NamespaceResources, NamespaceTexts, NamespaceTextsLoader } from './init-i18n';
export type { CommonKey, CommonTexts } from './keys';
export {
  COMMON_NAMESPACE,
  contentLanguage,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_STORAGE_KEY,
  SUPPORTED_LOCALES,
} from './locales';
export type { Locale } from './locales';
export { lazyWithTexts, retryFailedPages } from './lazy-with-texts';
export type { PreloadablePage } from './lazy-with-texts';
export { useLocale } from './use-locale';
export type { UseLocaleResult } from './use-locale';

export { i18n, initI18n, registerNamespace } from './init-i18n';
export type { InitI18nOptions, NamespaceResources } from './init-i18n';
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
export { useLocale } from './use-locale';
export type { UseLocaleResult } from './use-locale';

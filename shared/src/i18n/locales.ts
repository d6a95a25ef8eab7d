/** The interface languages; en-GB is the default and the fallback (docs/requirements.md §1). */
export const SUPPORTED_LOCALES = ['en-GB', 'nl'] as const;

/** One of {@link SUPPORTED_LOCALES}. */
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** The default and fallback interface language. */
export const DEFAULT_LOCALE: Locale = 'en-GB';

/** localStorage key of the language the user chose. */
export const LOCALE_STORAGE_KEY = 'portal-locale';

/** The namespace of the texts `@portal/shared` itself provides. */
export const COMMON_NAMESPACE = 'common';

/** True for `'en-GB'` and `'nl'`. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

const CONTENT_LANGUAGES: Record<Locale, string> = { 'en-GB': 'en', nl: 'nl' };

/** The content system's language code of an interface locale: en-GB → `en`, nl → `nl`. */
export function contentLanguage(locale: string): string {
  return isLocale(locale) ? CONTENT_LANGUAGES[locale] : CONTENT_LANGUAGES[DEFAULT_LOCALE];
}

import { useCallback } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY } from './locales';
import type { Locale } from './locales';

/** What {@link useLocale} returns. */
export type UseLocaleResult = {
  locale: Locale;
  /** Switches the interface language, remembers it in localStorage and updates `<html lang>`. */
  setLocale: (next: Locale) => Promise<void>;
};

/** The current interface language and a setter; re-renders when the language changes. */
export function useLocale(): UseLocaleResult {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const locale = isLocale(current) ? current : DEFAULT_LOCALE;
  const setLocale = useCallback(
    async (next: Locale) => {
      try {
        window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
      } catch {
        // Without storage the choice lasts for this page only.
      }
      await i18n.changeLanguage(next);
      document.documentElement.lang = next;
    },
    [i18n],
  );
  return { locale, setLocale };
}

import { useCallback } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY } from './locales';
import type { Locale } from './locales';
import { loadLocale } from './namespaces';

/** What {@link useLocale} returns. */
export type UseLocaleResult = {
  locale: Locale;
  /**
   * Switches the interface language: fetches its texts first, then switches, remembers the choice
   * in localStorage and updates `<html lang>`. Rejects when the texts could not be fetched; the
   * language and the stored choice then stay as they were, so the caller can tell the user. When
   * another switch is asked for while the texts load, the later one wins.
   */
  setLocale: (next: Locale) => Promise<void>;
};

// Shared by every component that switches: only the latest request may change the language.
let latestRequest = 0;

/** The current interface language and a setter; re-renders when the language changes. */
export function useLocale(): UseLocaleResult {
  const { i18n } = useTranslation();
  // Not `resolvedLanguage`: that stays en-GB while a language's texts are still on their way.
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const setLocale = useCallback(
    async (next: Locale) => {
      const request = ++latestRequest;
      try {
        await loadLocale(next);
      } catch (error) {
        // A failure of a switch the user has since replaced is no longer news.
        if (request === latestRequest) throw error;
      }
      if (request !== latestRequest) return;
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

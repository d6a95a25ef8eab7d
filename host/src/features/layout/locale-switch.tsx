import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import {
  mailLanguageOf,
  SUPPORTED_LOCALES,
  updateMailPreferences,
  useAuthStore,
  useLocale,
} from '@portal/shared';
import type { Locale } from '@portal/shared';

const LABELS: Record<Locale, { short: string; lang: string }> = {
  'en-GB': { short: 'EN', lang: 'en' },
  nl: { short: 'NL', lang: 'nl' },
};

/**
 * EN/NL switch: each language's name is given in that language for screen readers. A language's
 * texts are fetched before it is switched to; meanwhile the switch stays usable and says it is
 * busy, and when they cannot be fetched the language stays as it was and an alert says so. A
 * logged-in student's choice is also the language of her mails.
 */
export function LocaleSwitch() {
  const { t } = useTranslation('host');
  const { locale, setLocale } = useLocale();
  const profileId = useAuthStore((state) => state.profileId);
  const [loading, setLoading] = useState<Locale | null>(null);
  const [failed, setFailed] = useState(false);

  const choose = async (option: Locale) => {
    setFailed(false);
    setLoading(option);
    try {
      await setLocale(option);
      // Logged in, her mails follow the language she reads the portal in. A failure here leaves the
      // portal in the language she chose; the mails keep the language stored before.
      if (profileId) {
        updateMailPreferences(profileId, { language: mailLanguageOf(option) }).catch((error: unknown) =>
          console.error('The mail language could not be saved.', error),
        );
      }
    } catch (error) {
      console.error(`The ${option} texts could not be loaded.`, error);
      setFailed(true);
    } finally {
      // A later choice may have started meanwhile: only the latest one clears the busy state.
      setLoading((current) => (current === option ? null : current));
    }
  };

  return (
    <>
      <div className="locale-switch" role="group" aria-label={t('nav.language')} aria-busy={loading !== null}>
        {SUPPORTED_LOCALES.map((option) => (
          <button
            key={option}
            type="button"
            lang={LABELS[option].lang}
            aria-pressed={option === locale}
            onClick={() => void choose(option)}
          >
            {LABELS[option].short}
          </button>
        ))}
      </div>
      {/* The live region is always in the page, so that screen readers announce the message when it
          appears; the alert role comes with the message, so an empty region is no alert. */}
      <div className="locale-switch__alert" aria-live="assertive">
        {failed ? <p role="alert">{t('nav.languageFailed')}</p> : null}
      </div>
    </>
  );
}

import { useTranslation } from '@portal/shared/react-i18next';
import { SUPPORTED_LOCALES, useLocale } from '@portal/shared';
import type { Locale } from '@portal/shared';

const LABELS: Record<Locale, { short: string; lang: string }> = {
  'en-GB': { short: 'EN', lang: 'en' },
  nl: { short: 'NL', lang: 'nl' },
};

/** EN/NL switch: each language's name is given in that language for screen readers. */
export function LocaleSwitch() {
  const { t } = useTranslation('host');
  const { locale, setLocale } = useLocale();
  return (
    <div className="locale-switch" role="group" aria-label={t('nav.language')}>
      {SUPPORTED_LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={LABELS[option].lang}
          aria-pressed={option === locale}
          onClick={() => void setLocale(option)}
        >
          {LABELS[option].short}
        </button>
      ))}
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { contentLanguage, EmergencyQuery, SanitizedHtml, useLocale } from '@portal/shared';

import { LoadState } from '../../content/components/load-state';

/** Title, intro, the 24/7 numbers and the steps to take, in the reader's language. */
export function EmergencyDetails() {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const headingId = useId();
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: EmergencyQuery,
    variables: { lang: contentLanguage(locale) },
  });
  const emergency = data?.emergency;

  return (
    <section className="emergency-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{emergency?.title ?? t('emergency.title')}</h1>
      <LoadState
        loading={fetching && !emergency}
        error={error && !emergency ? t('emergency.error') : undefined}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
      {emergency ? (
        <>
          <SanitizedHtml html={emergency.introHtml} />
          <ul className="emergency-contacts">
            <li>
              {t('emergency.phone')} <a href={`tel:${emergency.phone}`}>{emergency.phoneDisplay}</a>
            </li>
            <li>
              {t('emergency.whatsapp')}{' '}
              <a
                href={`https://wa.me/${emergency.whatsapp.replace(/\D/g, '')}`}
                rel="noopener noreferrer"
                target="_blank"
              >
                {emergency.whatsapp}
                <span className="visually-hidden"> {t('emergency.opensInNewWindow')}</span>
              </a>
            </li>
            <li>
              {t('emergency.email')} <a href={`mailto:${emergency.email}`}>{emergency.email}</a>
            </li>
          </ul>
          {emergency.steps.length > 0 ? (
            <section aria-labelledby={`${headingId}-steps`}>
              <h2 id={`${headingId}-steps`}>{t('emergency.steps')}</h2>
              <ol className="emergency-steps">
                {emergency.steps.map((step) => (
                  <li key={step.title}>
                    <h3>{step.title}</h3>
                    <SanitizedHtml html={step.bodyHtml} />
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

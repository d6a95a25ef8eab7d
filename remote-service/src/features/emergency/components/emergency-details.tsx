import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useQuery } from '@portal/shared/urql';
import { contentLanguage, useLocale } from '@portal/shared';
import { EmergencyQuery } from '../api/emergency-query';
import { Icon, LoadState, SanitizedHtml } from '@portal/ui';
import { EmergencyPass, useEmergencyPass } from './emergency-pass';

import './emergency.css';

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
  const pass = useEmergencyPass();
  // Without a network the content cannot be fetched: the pass kept on this device takes its place.
  const offlineWithPass = Boolean(error && !emergency && pass);

  return (
    <section className="emergency-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{emergency?.title ?? t('emergency.title')}</h1>
      {offlineWithPass ? (
        <p role="status" className="emergency-offline">
          <Icon name="bell" />
          {t('emergencyPass.offline')}
        </p>
      ) : (
        <LoadState
          loading={fetching && !emergency}
          error={error && !emergency ? t('emergency.error') : undefined}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      )}
      {emergency ? (
        <>
          {/* The 24/7 number comes first: someone in an emergency must not have to scroll for it. */}
          <ul className="emergency-contacts">
            <li className="emergency-contacts__item emergency-contacts__item--call">
              <span className="emergency-contacts__label">{t('emergency.phone')}</span>{' '}
              <a className="emergency-call" href={`tel:${emergency.phone}`}>
                <Icon name="phone" size={28} />
                {emergency.phoneDisplay}
              </a>
            </li>
            <li className="emergency-contacts__item">
              <span className="emergency-contacts__label">{t('emergency.whatsapp')}</span>{' '}
              <a
                className="button button--secondary"
                href={`https://wa.me/${emergency.whatsapp.replace(/\D/g, '')}`}
                rel="noopener noreferrer"
                target="_blank"
              >
                {emergency.whatsapp}
                <span className="visually-hidden"> {t('emergency.opensInNewWindow')}</span>
              </a>
            </li>
            <li className="emergency-contacts__item">
              <span className="emergency-contacts__label">{t('emergency.email')}</span>{' '}
              <a className="button button--secondary" href={`mailto:${emergency.email}`}>
                <Icon name="mail" />
                {emergency.email}
              </a>
            </li>
          </ul>
          <EmergencyPass contacts={emergency} />
          <SanitizedHtml html={emergency.introHtml} />
          {emergency.steps.length > 0 ? (
            <section aria-labelledby={`${headingId}-steps`}>
              <h2 id={`${headingId}-steps`}>{t('emergency.steps')}</h2>
              <ol className="emergency-steps">
                {emergency.steps.map((step) => (
                  <li key={step.title} className="emergency-step">
                    <h3 className="emergency-step__title">{step.title}</h3>
                    <SanitizedHtml html={step.bodyHtml} />
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </>
      ) : offlineWithPass ? (
        <EmergencyPass contacts={undefined} />
      ) : null}
    </section>
  );
}

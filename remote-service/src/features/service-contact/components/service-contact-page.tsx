import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import type { PageProps } from '@portal/shared';

import './service-contact.css';

export type ServiceContactPageProps = PageProps;

const SECTIONS = [
  { key: 'faq', to: paths.faq() },
  { key: 'contact', to: paths.contact() },
  { key: 'emergency', to: paths.emergency() },
  { key: 'fileClaim', to: paths.fileClaim() },
] as const;

/** Service & Contact: where to find answers, ask a question, get help in an emergency or file a claim. */
export function ServiceContactPage(_props: ServiceContactPageProps) {
  const { t } = useTranslation('service');
  const headingId = useId();
  return (
    <section className="service-contact-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('serviceContact.title')}</h1>
      <p>{t('serviceContact.intro')}</p>
      <ul className="link-list service-links">
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Link to={section.to}>{t(`serviceContact.links.${section.key}.label`)}</Link>
            <p>{t(`serviceContact.links.${section.key}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

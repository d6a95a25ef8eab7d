import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Provider } from '@portal/shared/urql';
import { contentClient } from '@portal/shared/content';
import type { PageProps } from '@portal/shared';

import { ContactForm } from './contact-form';

export type ContactPageProps = PageProps;

/** The contact page; it brings its own content client (for the categories) so it works in any host. */
export function ContactPage(_props: ContactPageProps) {
  const { t } = useTranslation('service');
  const headingId = useId();
  return (
    <Provider value={contentClient}>
      <section className="contact-page" aria-labelledby={headingId}>
        <h1 id={headingId}>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
        <ContactForm />
      </section>
    </Provider>
  );
}

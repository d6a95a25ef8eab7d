import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { Provider } from '@portal/shared/urql';
import { paths } from '@portal/shared';
import { contentClient } from '@portal/shared/content';
import { LoadState } from '@portal/ui';
import type { PageProps } from '@portal/shared';

import { useFaqCategories } from '../api/use-faq-categories';
import './faq.css';

export type FaqPageProps = PageProps;

/** The overview itself, inside whatever urql Provider surrounds it. */
export function FaqOverview() {
  const { t } = useTranslation('service');
  const headingId = useId();
  const { categories, loading, failed, retry } = useFaqCategories();
  return (
    <section className="faq-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('faq.title')}</h1>
      <p>{t('faq.intro')}</p>
      <LoadState loading={loading} error={failed ? t('faq.error') : undefined} onRetry={retry} />
      {categories ? (
        categories.length > 0 ? (
          <ul className="link-list faq-categories">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={paths.faqCategory(category.id)}>{category.title}</Link>{' '}
                <span className="faq-categories__count">
                  {t('faq.questionCount', { count: category.questions.length })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('faq.empty')}</p>
        )
      ) : null}
    </section>
  );
}

/** The FAQ overview: one link per category. It brings its own content client so it works in any host. */
export function FaqPage(_props: FaqPageProps) {
  return (
    <Provider value={contentClient}>
      <FaqOverview />
    </Provider>
  );
}

import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { Provider } from '@portal/shared/urql';
import { paths } from '@portal/shared';
import { contentClient } from '@portal/shared/content';
import { LoadState } from '@portal/ui';
import { bringSanitizerWithPage } from '@portal/ui/sanitizer-with-page';
import type { PageProps } from '@portal/shared';

import { useFaqCategories } from '../api/use-faq-categories';
import { FaqQuestions } from './faq-questions';

// An answer is HTML, shown at the first render when the page came with it: the sanitiser comes with
// this page's code (and its preloads), not a round trip after it.
bringSanitizerWithPage();

export type FaqCategoryPageProps = PageProps;

/** The category itself, inside whatever urql Provider surrounds it. */
export function FaqCategoryContent({ qaCategoryId, qaId }: FaqCategoryPageProps) {
  const { t } = useTranslation('service');
  const headingId = useId();
  const { categories, loading, failed, retry } = useFaqCategories();
  const category = categories?.find((item) => item.id === qaCategoryId);
  const unknownQuestion = category && qaId && !category.questions.some((item) => item.id === qaId);

  return (
    <section className="faq-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{category?.title ?? t('faq.title')}</h1>
      <LoadState loading={loading} error={failed ? t('faq.error') : undefined} onRetry={retry} />
      {categories && !category ? (
        <div role="alert" className="not-found">
          <p>{t('faq.categoryNotFound')}</p>
        </div>
      ) : null}
      {unknownQuestion ? (
        <p role="alert" className="not-found">
          {t('faq.questionNotFound')}
        </p>
      ) : null}
      {category ? <FaqQuestions category={category} openId={qaId} /> : null}
      <p>
        <Link to={paths.faq()}>{t('faq.backToOverview')}</Link>
      </p>
    </section>
  );
}

/**
 * The questions of the category `qaCategoryId`; with `qaId` (the faq-answer route) that answer is
 * open. It brings its own content client so it works in any host.
 */
export function FaqCategoryPage(props: FaqCategoryPageProps) {
  return (
    <Provider value={contentClient}>
      <FaqCategoryContent {...props} />
    </Provider>
  );
}

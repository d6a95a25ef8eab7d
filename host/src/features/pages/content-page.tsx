import { lazy, Suspense } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Spinner } from '@portal/ui';
import type { PageProps } from '@portal/shared';
import type { ContentBodyProps } from './content-body';

export type { ContentBodyProps } from './content-body';

const LazyContentBody = lazy(() =>
  import(/* webpackChunkName: "on-demand-content-body" */ './content-body').then(({ ContentBody }) => ({
    default: ContentBody,
  })),
);

/**
 * A content page's heading and sanitised body, in the current language; its code (and urql's) is
 * fetched when the first content page renders, with a spinner until then.
 */
export function ContentBody(props: ContentBodyProps) {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <LazyContentBody {...props} />
    </Suspense>
  );
}

/** Any content page without a page of its own in a remote (privacy, ...). */
export function ContentPage({ pageId }: PageProps) {
  const { t } = useTranslation('host');
  if (!pageId) return <p role="alert">{t('content.unavailable')}</p>;
  return <ContentBody pageId={pageId} />;
}

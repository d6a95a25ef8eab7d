import { useTranslation } from '@portal/shared/react-i18next';
import { useQuery } from '@portal/shared/urql';
import { contentLanguage, useLocale } from '@portal/shared';
import { PageQuery } from '@portal/shared/content';
import { PageHeading, SanitizedHtml, Spinner } from '@portal/ui';
import type { PageProps } from '@portal/shared';

/** Props of {@link ContentBody}. */
export type ContentBodyProps = {
  pageId: string;
};

/** A content page's heading and sanitised body, in the current language. */
export function ContentBody({ pageId }: ContentBodyProps) {
  const { t } = useTranslation('host');
  const { locale } = useLocale();
  const [{ data, fetching, error }] = useQuery({
    query: PageQuery,
    variables: { id: pageId, lang: contentLanguage(locale) },
  });
  if (fetching) return <Spinner size="large" />;
  if (error || !data?.page) return <p role="alert">{t('content.unavailable')}</p>;
  return (
    <article>
      <PageHeading title={data.page.title} focusOnMount />
      <SanitizedHtml html={data.page.bodyHtml} className="content-body" />
    </article>
  );
}

/** Any content page without a page of its own in a remote (privacy, ...). */
export function ContentPage({ pageId }: PageProps) {
  const { t } = useTranslation('host');
  if (!pageId) return <p role="alert">{t('content.unavailable')}</p>;
  return <ContentBody pageId={pageId} />;
}

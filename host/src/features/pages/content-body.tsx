import { useTranslation } from '@portal/shared/react-i18next';
import { Provider, useQuery } from '@portal/shared/urql';
import { contentLanguage, useLocale } from '@portal/shared';
import { contentClient, PageQuery } from '@portal/shared/content';
import { PageHeading, SanitizedHtml, Spinner } from '@portal/ui';

/** Props of {@link ContentBody}. */
export type ContentBodyProps = {
  pageId: string;
};

/** The body, inside the urql Provider of {@link ContentBody}. */
function PageBody({ pageId }: ContentBodyProps) {
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

/**
 * A content page's heading and sanitised body, in the current language. Its own module, loaded when
 * a page shows content: with it come urql and the content client, which a page without content
 * (the student's, the login) does not load at all.
 */
export function ContentBody({ pageId }: ContentBodyProps) {
  return (
    <Provider value={contentClient}>
      <PageBody pageId={pageId} />
    </Provider>
  );
}

import { useEffect, useMemo } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useQuery } from '@portal/shared/urql';
import { contentLanguage, DEFAULT_LOCALE, useLocale } from '@portal/shared';
import { PagesQuery } from '@portal/shared/content';
import type { RouteHandle } from '../../app/route-handle';
import { buildContentRoutes } from '../content-routes/build-content-routes';

/** The page tree the routes were built from: its content root and the language it was loaded in. */
export type PageTreeSource = { root: string; lang: string };

/**
 * The content titles in the current language, by route path. The routes keep the tree of the
 * start-up language (their paths do not change); after a language switch the same tree is asked
 * for in the new language, only for its titles. Undefined while that tree is loading or failed.
 */
function useTitlesInLanguage(
  tree: PageTreeSource,
  lang: string,
  needed: boolean,
): ReadonlyMap<string, string> | undefined {
  const [{ data }] = useQuery({
    query: PagesQuery,
    variables: { path: tree.root, lang },
    // The start-up language's titles are in the route handles already; other routes have none.
    pause: !needed || lang === tree.lang,
  });
  return useMemo(() => {
    const pages = data?.item?.pages;
    if (lang === tree.lang || !pages) return undefined;
    const titles = new Map<string, string>();
    for (const route of buildContentRoutes(pages, tree.root)) {
      if (route.pageTitle) titles.set(route.path, route.pageTitle);
    }
    return titles;
  }, [data, lang, tree]);
}

/** `{page title} | {product name}`, the page title template of docs/requirements.md §1, in the current language. */
export function usePageTitle(handle: RouteHandle | undefined, tree: PageTreeSource): void {
  const { t } = useTranslation('host');
  const { locale } = useLocale();
  const titles = useTitlesInLanguage(tree, contentLanguage(locale), Boolean(handle?.contentPath));
  // The product name belongs to the shared texts; the host's copy is the fallback.
  const product = t('productName', { ns: ['common', 'host'] });
  const contentTitle = (handle?.contentPath && titles?.get(handle.contentPath)) || handle?.pageTitle;
  const declaredTitle = handle?.title ? (handle.title[locale] ?? handle.title[DEFAULT_LOCALE]) : undefined;
  const title = contentTitle || declaredTitle || (handle?.titleKey ? t(handle.titleKey) : '');

  useEffect(() => {
    document.title = title ? `${title} | ${product}` : product;
  }, [title, product]);
}

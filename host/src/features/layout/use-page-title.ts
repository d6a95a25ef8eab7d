import { useEffect, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { contentLanguage, DEFAULT_LOCALE, useLocale } from '@portal/shared';
import { loadContent } from '../../app/load-content';
import type { RouteHandle } from '../../app/route-handle';
import { buildContentRoutes } from '../content-routes/build-content-routes';

/** The page tree the routes were built from: its content root and the language it was loaded in. */
export type PageTreeSource = { root: string; lang: string };

/**
 * The content titles in the current language, by route path. The routes keep the tree of the
 * start-up language (their paths do not change); after a language switch the same tree is asked
 * for in the new language, only for its titles. Undefined while that tree is loading or failed.
 * The content client (and urql with it) is loaded only then: most pages never need it.
 */
function useTitlesInLanguage(
  tree: PageTreeSource,
  lang: string,
  needed: boolean,
): ReadonlyMap<string, string> | undefined {
  const [loaded, setLoaded] = useState<{ lang: string; titles: ReadonlyMap<string, string> }>();
  // The start-up language's titles are in the route handles already; other routes have none.
  const wanted = needed && lang !== tree.lang;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void loadContent()
      .then(({ contentClient, PagesQuery }) =>
        contentClient.query(PagesQuery, { path: tree.root, lang }).toPromise(),
      )
      .then(({ data }) => {
        const pages = data?.item?.pages;
        if (!current || !pages) return;
        const titles = new Map<string, string>();
        for (const route of buildContentRoutes(pages, tree.root)) {
          if (route.pageTitle) titles.set(route.path, route.pageTitle);
        }
        setLoaded({ lang, titles });
      })
      // The declared title stays: a title in the start-up language beats none.
      .catch((error: unknown) => console.warn('The content titles could not be loaded.', error));
    return () => {
      current = false;
    };
  }, [wanted, tree, lang]);
  return wanted && loaded?.lang === lang ? loaded.titles : undefined;
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

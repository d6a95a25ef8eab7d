import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link, Outlet, useMatches } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { currentHandle } from '../../app/route-handle';
import { useUnauthorizedRedirect } from '../auth/use-unauthorized-redirect';
import { GlobalAlert } from './global-alert';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';
import { useContentViews } from './use-content-views';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useHashScroll } from './use-hash-scroll';
import { usePageTitle } from './use-page-title';
import type { PageTreeSource } from './use-page-title';

/** Props of {@link AppLayout}. */
export type AppLayoutProps = {
  /** Whether the tag manager is installed (a valid container id was configured). */
  tagManager: boolean;
  /** Where the page titles come from (see {@link usePageTitle}). */
  pageTree: PageTreeSource;
};

/** The shell around every page: header and navigation, global alert, page, footer. */
export function AppLayout({ tagManager, pageTree }: AppLayoutProps) {
  const { t } = useTranslation('host');
  const handle = currentHandle(useMatches());
  const main = useRef<HTMLElement>(null);

  useUnauthorizedRedirect();
  usePageTitle(handle, pageTree);
  useContentViews(tagManager, handle);
  useHashScroll();
  useFocusOnNavigation(main);

  useEffect(() => {
    // The start-up skeleton is styled by body.loading (SPEC.md §2 start-up).
    document.body.classList.replace('loading', 'default');
  }, []);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {handle?.hideHeader ? null : (
        <header className="app-header">
          <div className="app-header__inner">
            <Link className="app-header__brand" to={paths.home()}>
              {t('productName', { ns: ['common', 'host'] })}
            </Link>
            <SiteNav />
          </div>
        </header>
      )}
      <main id="main" ref={main} className="app-main" tabIndex={-1}>
        <GlobalAlert />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

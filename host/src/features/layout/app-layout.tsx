import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link, Outlet, useLocation } from '@portal/shared/router';
import type { RouteObject } from '@portal/shared/router';
import { forgetPreloadedAnswer, paths } from '@portal/shared';
import { handleForPath } from '../../app/route-handle';
import { ConsentBanner } from '../consent/consent-banner';
import { useConsent } from '../consent/use-consent';
import { useUnauthorizedRedirect } from '../auth/use-unauthorized-redirect';
import { GlobalAlert } from './global-alert';
import { Greeting } from './greeting';
import { OfflineNotice } from './offline-notice';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';
import { useContentViews } from './use-content-views';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useHashScroll } from './use-hash-scroll';
import { usePageTitle } from './use-page-title';
import type { PageTreeSource } from './use-page-title';

/** Props of {@link AppLayout}. */
export type AppLayoutProps = {
  /** Whether a valid tag-manager container id is configured (it runs once analytics are accepted). */
  tagManager: boolean;
  /** Where the page titles come from (see {@link usePageTitle}). */
  pageTree: PageTreeSource;
  /** The routes rendered in the outlet: the one showing the current path gives the page meta. */
  routes: readonly RouteObject[];
};

/** The shell around every page: header and navigation, global alert, page, footer. */
export function AppLayout({ tagManager, pageTree, routes }: AppLayoutProps) {
  const { t } = useTranslation('host');
  const { pathname } = useLocation();
  const handle = useMemo(() => handleForPath(routes, pathname), [routes, pathname]);
  const main = useRef<HTMLElement>(null);

  useUnauthorizedRedirect();
  usePageTitle(handle, pageTree);
  // Page views go to the tag manager only once the student accepted analytics cookies.
  const analytics = useConsent() === 'granted';
  useContentViews(tagManager && analytics, handle);
  useHashScroll();
  useFocusOnNavigation(main);

  // The api answers that came with the page (StartData.answers) are for the page the URL opened:
  // once the student is elsewhere (another page, the login page), a later visit loads afresh.
  const opened = useRef(pathname);
  useEffect(() => {
    if (pathname !== opened.current) forgetPreloadedAnswer();
  }, [pathname]);

  useEffect(() => {
    // The start-up skeleton is styled by body.loading (docs/requirements.md §2 start-up).
    document.body.classList.replace('loading', 'default');
  }, []);

  return (
    <div className="app">
      <ConsentBanner />
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {handle?.hideHeader ? null : (
        <header className="app-header">
          <div className="app-header__inner">
            <Link className="app-header__brand" to={paths.home()}>
              {t('productName', { ns: ['common', 'host'] })}
            </Link>
            <Greeting />
            <SiteNav />
          </div>
        </header>
      )}
      <main id="main" ref={main} className="app-main" tabIndex={-1}>
        <OfflineNotice />
        <GlobalAlert />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, useAuthStore } from '@portal/shared';
import { PageHeading } from '@portal/ui';
import type { PageProps } from '@portal/shared';
import { ContentBody } from './content-page';

/** The home page: its content body, and a way to log in for visitors. */
export function HomePage({ pageId }: PageProps) {
  const { t } = useTranslation('host');
  const authenticated = useAuthStore((state) => state.authenticated);
  return (
    <>
      {pageId ? <ContentBody pageId={pageId} /> : <PageHeading title={t('routes.home')} focusOnMount />}
      {authenticated ? null : (
        <section className="home-cta">
          <p>{t('home.loginCallToAction')}</p>
          <Link className="host-button" to={paths.login()}>
            {t('home.login')}
          </Link>
        </section>
      )}
    </>
  );
}

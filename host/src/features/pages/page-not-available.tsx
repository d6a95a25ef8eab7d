import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { PageHeading } from '@portal/ui';
import { useRouteTables } from '../remotes/remote-routes';
import { RemoteUnavailable } from '../remotes/remote-unavailable';

/** Props of {@link PageNotAvailable}. */
export type PageNotAvailableProps = {
  /** A remote could not be reached: it may serve this page, so offer to try again. */
  retry?: boolean;
};

/**
 * A page of the portal that no deployed remote serves (not deployed yet, or rolled back), inside the
 * layout so the navigation keeps working. When a remote is down instead, its pages may come back:
 * the notice then offers a retry, which fetches the missing route tables again.
 */
export function PageNotAvailable({ retry = false }: PageNotAvailableProps) {
  const { t } = useTranslation('host');
  const retryFailed = useRouteTables((state) => state.retryFailed);
  if (retry) return <RemoteUnavailable onRetry={() => void retryFailed()} />;
  return (
    <section className="page-not-available">
      <PageHeading title={t('notAvailable.title')} focusOnMount />
      <p>
        <Link to={paths.home()}>{t('notAvailable.home')}</Link>
      </p>
    </section>
  );
}

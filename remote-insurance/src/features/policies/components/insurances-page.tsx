import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, useAuthStore } from '@portal/shared';
import type { PageProps } from '@portal/shared';

import { usePolicies } from '../api/get-policies';
import { PolicyList } from './policy-list';
import './policy-card.css';

export type InsurancesPageProps = PageProps;

/** My Insurance: the student's policies and what they can do next. */
export function InsurancesPage(_props: InsurancesPageProps) {
  const { t } = useTranslation('insurance');
  const headingId = useId();
  const profileId = useAuthStore((state) => state.profileId);

  return (
    <section className="insurances-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('title')}</h1>
      {profileId ? (
        <Policies profileId={profileId} />
      ) : (
        <p>
          <Link to={paths.login()}>{t('loginFirst')}</Link>
        </p>
      )}
      <section className="offers" aria-labelledby={`${headingId}-offers`}>
        <h2 id={`${headingId}-offers`}>{t('offers.title')}</h2>
        <ul className="link-list">
          <li>
            <Link to={paths.request()}>{t('offers.request')}</Link>
          </li>
          <li>
            <Link to={paths.fileClaim()}>{t('offers.claim')}</Link>
          </li>
        </ul>
      </section>
    </section>
  );
}

type PoliciesProps = { profileId: string };

function Policies({ profileId }: PoliciesProps) {
  const { t } = useTranslation('insurance');
  const { state, retry } = usePolicies(profileId);
  // Each message is its own live region (status, alert): no aria-live around them, or screen
  // readers would announce it twice.
  return (
    <div>
      {state.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {state.status === 'error' ? (
        <div role="alert" className="load-error">
          <p>{t('error')}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? <p>{t('empty')}</p> : null}
      {state.status === 'success' && state.data.length > 0 ? <PolicyList entries={state.data} /> : null}
    </div>
  );
}

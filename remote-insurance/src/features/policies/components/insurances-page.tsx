import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView } from '@portal/shared/ui';
import type { PageProps } from '@portal/shared';

import { usePolicies } from '../api/get-policies';
import { PolicyList } from './policy-list';
import './policy-card.css';

export type InsurancesPageProps = PageProps;

/** My Insurance: the student's policies and what they can do next. */
export function InsurancesPage(_props: InsurancesPageProps) {
  const { t } = useTranslation('insurance');
  const headingId = useId();

  return (
    <section className="insurances-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('title')}</h1>
      <ProfileGate loginText={t('loginFirst')}>
        {(profileId) => <Policies profileId={profileId} />}
      </ProfileGate>
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
  return (
    <ResourceView resource={usePolicies(profileId)} errorText={t('error')} loadingLabel={t('loading')}>
      {(entries) => (entries.length === 0 ? <p>{t('empty')}</p> : <PolicyList entries={entries} />)}
    </ResourceView>
  );
}

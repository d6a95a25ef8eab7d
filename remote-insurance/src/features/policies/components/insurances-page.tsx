import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView, Spinner } from '@portal/ui';
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
  const resource = usePolicies(profileId);
  if (resource.state.status === 'loading') return <PolicyPlaceholders label={t('loading')} />;
  return (
    <ResourceView resource={resource} errorText={t('error')} loadingLabel={t('loading')}>
      {(entries) => (entries.length === 0 ? <p>{t('empty')}</p> : <PolicyList entries={entries} />)}
    </ResourceView>
  );
}

/** How many card outlines stand in for the policies while they load: most students have one or two. */
const PLACEHOLDER_CARDS = 2;

/**
 * Card outlines of a policy card's size where the cards will be, so that nothing below them moves
 * when they arrive (on a phone the offers below are then out of view until the cards are in).
 */
function PolicyPlaceholders({ label }: { label: string }) {
  return (
    <div className="policy-placeholders" aria-busy="true">
      <Spinner label={label} />
      <ul className="policy-list" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li key={index}>
            <div className="policy-card policy-card--placeholder" />
          </li>
        ))}
      </ul>
    </div>
  );
}

import { lazy, Suspense, useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { ProfileGate, paths, useLocale } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { formatMoney } from '@portal/contract/domain';
import { ResourceView, Spinner } from '@portal/ui';
import type { Claim } from '@portal/contract/wire';

import { useClaims } from '../api/get-claims';
import { formatDay } from './claim-status-timeline';
import './claims.css';

export type ClaimsPageProps = PageProps;

// A claim's details (its timeline, its receipts and the form that adds documents, with the upload
// libraries) load when a claim is opened, not with the list: a move to Claims waits for the list's
// code alone. (`on-demand-`: the list's page assets leave it out, so a first load of the list does
// not preload it either.)
const ClaimDetail = lazy(() =>
  import(/* webpackChunkName: "on-demand-claim-detail" */ './claim-detail').then((module) => ({
    default: module.ClaimDetail,
  })),
);

/**
 * The student's claims, newest first (`/claims`); with `claimNumber` (`/claims/{claimNumber}`) that
 * claim's details and status timeline instead.
 */
export function ClaimsPage({ claimNumber }: ClaimsPageProps) {
  const { t } = useTranslation('service');
  const headingId = useId();
  return (
    <section className="claims-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{claimNumber ? t('claims.detailTitle', { claimNumber }) : t('claims.title')}</h1>
      <ProfileGate loginText={t('claims.loginFirst')}>
        {(profileId) =>
          claimNumber ? (
            <Suspense fallback={<Spinner label={t('loading')} />}>
              <ClaimDetail claimNumber={claimNumber} />
            </Suspense>
          ) : (
            <ClaimList profileId={profileId} />
          )
        }
      </ProfileGate>
    </section>
  );
}

function ClaimList({ profileId }: { profileId: string }) {
  const { t } = useTranslation('service');
  return (
    <ResourceView resource={useClaims(profileId)} errorText={t('claims.error')} loadingLabel={t('loading')}>
      {(claims) => <ClaimTable claims={claims} />}
    </ResourceView>
  );
}

function ClaimTable({ claims }: { claims: readonly Claim[] }) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const captionId = useId();
  if (claims.length === 0) {
    return (
      <div className="claims-empty">
        <p>{t('claims.empty')}</p>
        <p>
          <Link className="button button--primary" to={paths.fileClaim()}>
            {t('claims.fileClaim')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p>
        <Link to={paths.fileClaim()}>{t('claims.fileClaim')}</Link>
      </p>
      <table className="claims-table" aria-labelledby={captionId}>
        <caption id={captionId}>{t('claims.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('claims.columns.number')}</th>
            <th scope="col">{t('claims.columns.policy')}</th>
            <th scope="col">{t('claims.columns.date')}</th>
            <th scope="col" className="claims-table__amount">
              {t('claims.columns.amount')}
            </th>
            <th scope="col">{t('claims.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={claim.claimNumber}>
              <th scope="row">
                <Link to={paths.claim(claim.claimNumber)}>{claim.claimNumber}</Link>
              </th>
              <td data-label={t('claims.columns.policy')}>{claim.policyNumber}</td>
              <td data-label={t('claims.columns.date')}>{formatDay(claim.submittedAt, locale)}</td>
              <td data-label={t('claims.columns.amount')} className="claims-table__amount">
                {formatMoney(claim.amount, locale)}
              </td>
              <td data-label={t('claims.columns.status')}>
                <span className={`claim-status claim-status--${claim.status.toLowerCase()}`}>
                  {t(`claims.statuses.${claim.status}`)}
                </span>
                {claim.status === 'REJECTED' ? (
                  <>
                    {' '}
                    <Link to={paths.claim(claim.claimNumber)}>
                      {t('claims.rejection.seeWhy')}
                      <span className="visually-hidden">
                        {' '}
                        {t('claims.rejection.seeWhyOf', { claimNumber: claim.claimNumber })}
                      </span>
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView } from '@portal/shared/ui';
import type { PageProps } from '@portal/shared';

import { policyOffers } from '../../../lib/policy-offers';
import { usePolicy } from '../../../lib/use-policy';
import { TerminateFlow } from './terminate-flow';
import '../../../lib/flow.css';

export type TerminatePageProps = PageProps;

/** Terminate or shorten a policy (`/insurances/{policyId}/terminate`): form, verify, terminated. */
export function TerminatePage({ policyId = '' }: TerminatePageProps) {
  const { t } = useTranslation('insurance');
  const headingId = useId();
  return (
    <section className="flow-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('terminate.title')}</h1>
      <ProfileGate loginText={t('loginFirst')}>
        {(profileId) => <TerminatePolicy profileId={profileId} policyId={policyId} />}
      </ProfileGate>
    </section>
  );
}

type TerminatePolicyProps = { profileId: string; policyId: string };

function TerminatePolicy({ profileId, policyId }: TerminatePolicyProps) {
  const { t } = useTranslation('insurance');
  return (
    <ResourceView
      resource={usePolicy(profileId, policyId)}
      errorText={t('error')}
      loadingLabel={t('loading')}
    >
      {(policy) =>
        policy && policyOffers(policy).offers.includes('terminate') ? (
          <TerminateFlow policy={policy} />
        ) : (
          <p>
            {t('terminate.notPossible')} <Link to={paths.insurances()}>{t('flow.backToInsurances')}</Link>
          </p>
        )
      }
    </ResourceView>
  );
}

import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView } from '@portal/shared/ui';
import type { PageProps } from '@portal/shared';

import { policyOffers } from '../../../lib/policy-offers';
import { usePolicy } from '../../../lib/use-policy';
import { RenewFlow } from './renew-flow';
import '../../../lib/flow.css';

export type RenewPageProps = PageProps;

/** Renew a policy (`/insurances/{policyId}/renew`): four steps from the period to the thank you. */
export function RenewPage({ policyId = '' }: RenewPageProps) {
  const { t } = useTranslation('insurance');
  const headingId = useId();
  return (
    <section className="flow-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('renew.title')}</h1>
      <ProfileGate loginText={t('loginFirst')}>
        {(profileId) => <RenewPolicy profileId={profileId} policyId={policyId} />}
      </ProfileGate>
    </section>
  );
}

type RenewPolicyProps = { profileId: string; policyId: string };

function RenewPolicy({ profileId, policyId }: RenewPolicyProps) {
  const { t } = useTranslation('insurance');
  return (
    <ResourceView
      resource={usePolicy(profileId, policyId)}
      errorText={t('error')}
      loadingLabel={t('loading')}
    >
      {(policy) =>
        policy && policyOffers(policy).offers.includes('renew') ? (
          <RenewFlow policy={policy} />
        ) : (
          <p>
            {t('renew.notPossible')} <Link to={paths.insurances()}>{t('flow.backToInsurances')}</Link>
          </p>
        )
      }
    </ResourceView>
  );
}

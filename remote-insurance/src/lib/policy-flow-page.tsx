import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView } from '@portal/ui';
import { policyRules } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';

import { policyOffers } from './policy-offers';
import type { PolicyOffer } from './policy-offers';
import { usePolicy } from './use-policy';
import './flow.css';
import { useFlowTranslation } from './flow-texts';

export type PolicyFlowPageProps = {
  policyId: string;
  /** The change the page makes; a policy that does not offer it gets `notPossible` instead. */
  offer: PolicyOffer;
  title: string;
  notPossible: string;
  /** The flow, once the student's policy is loaded and offers the change. */
  children: (policy: Policy) => ReactNode;
};

/**
 * The frame of a page that changes one policy (`/insurances/{policyId}/…`): the heading, the login
 * gate, loading the student's own policy, and the check that the policy offers this change.
 */
export function PolicyFlowPage({ policyId, offer, title, notPossible, children }: PolicyFlowPageProps) {
  const { t } = useFlowTranslation();
  const headingId = useId();
  return (
    <section className="flow-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <ProfileGate loginText={t('loginFirst')}>
        {(profileId) => (
          <OfferedPolicy profileId={profileId} policyId={policyId} offer={offer} notPossible={notPossible}>
            {children}
          </OfferedPolicy>
        )}
      </ProfileGate>
    </section>
  );
}

type OfferedPolicyProps = Pick<PolicyFlowPageProps, 'policyId' | 'offer' | 'notPossible' | 'children'> & {
  profileId: string;
};

function OfferedPolicy({ profileId, policyId, offer, notPossible, children }: OfferedPolicyProps) {
  const { t } = useFlowTranslation();
  return (
    <ResourceView
      resource={usePolicy(profileId, policyId)}
      errorText={t('error')}
      loadingLabel={t('loading')}
    >
      {(policy) =>
        policy && policyOffers(policy).offers.includes(offer) ? (
          children(policy)
        ) : (
          <NotOffered policy={policy} offer={offer} notPossible={notPossible} />
        )
      }
    </ResourceView>
  );
}

type NotOfferedProps = Pick<PolicyFlowPageProps, 'offer' | 'notPossible'> & {
  policy: Policy | null | undefined;
};

/**
 * Why the policy does not offer the change and what the student can do instead: the shared rules'
 * reason in the page's own words (an institute policy names the institution to contact), never
 * only "cannot be changed".
 */
function NotOffered({ policy, offer, notPossible }: NotOfferedProps) {
  const { t } = useFlowTranslation();
  const reason = policy ? policyRules(policy)[offer] : null;
  const institution = policy?.educationalInstitution.name || t('flow.yourInstitution');
  return (
    <div className="change-blocked">
      <p>{notPossible}</p>
      {reason ? (
        <p>{t([`${offer}.notOffered.${reason}`, `blocked.${reason}`], { institution, defaultValue: '' })}</p>
      ) : null}
      <ul className="link-list">
        <li>
          <Link to={paths.insurances()}>{t('flow.backToInsurances')}</Link>
        </li>
        <li>
          <Link to={paths.serviceContact()}>{t('flow.askUs')}</Link>
        </li>
      </ul>
    </div>
  );
}

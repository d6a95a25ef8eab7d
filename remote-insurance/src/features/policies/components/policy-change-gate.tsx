import type { ReactNode } from 'react';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView } from '@portal/shared/ui';
import type { Policy } from '@portal/shared/domain';

import { usePolicies } from '../api/get-policies';
import { useFlowTranslation } from '../../../lib/flow-texts';

/** Why a policy offers no change (SPEC.md §4, §6), or null when it may be changed. */
export type PolicyChangeBlock = 'notFound' | 'institute' | 'underReview' | null;

/** Whether the student may change a policy themselves. */
export function policyChangeBlock(policy: Policy | undefined): PolicyChangeBlock {
  if (!policy) return 'notFound';
  // SPEC.md §6: the institution manages the dates and address of its policies.
  if (policy.customerType === 'INSTITUTE' || !policy.editable) return 'institute';
  // SPEC.md §4: nothing changes while a policy or a change of it is under review.
  if (policy.status === 'UNDER_REVIEW' || policy.status === 'UNDER_REVIEW_NEW') return 'underReview';
  return null;
}

export type PolicyChangeGateProps = {
  policyId: string | undefined;
  /** The change page's top-level key in the namespace, holding its `blocked.*` and `back` texts. */
  textsKey: 'startDate' | 'address';
  /** The change form, for a policy the student may change. */
  children: (policy: Policy) => ReactNode;
};

/**
 * Loads the student's policy for a change page and shows the form only when the policy may be
 * changed; otherwise it says why and links back to My Insurance.
 */
export function PolicyChangeGate({ policyId, textsKey, children }: PolicyChangeGateProps) {
  const { t } = useFlowTranslation();
  return (
    <ProfileGate loginText={t('loginFirst')}>
      {(profileId) => (
        <PolicyOf profileId={profileId} policyId={policyId ?? ''} textsKey={textsKey}>
          {children}
        </PolicyOf>
      )}
    </ProfileGate>
  );
}

type PolicyOfProps = Omit<PolicyChangeGateProps, 'policyId'> & { profileId: string; policyId: string };

function PolicyOf({ profileId, policyId, textsKey, children }: PolicyOfProps) {
  const { t } = useFlowTranslation();
  return (
    <ResourceView resource={usePolicies(profileId)} errorText={t('error')} loadingLabel={t('loading')}>
      {(entries) => {
        const policy = entries.find((entry) => entry.ok && entry.policy.id === policyId);
        const found = policy?.ok ? policy.policy : undefined;
        const block = policyChangeBlock(found);
        if (found && !block) return children(found);
        return (
          <div className="change-blocked">
            <p>{t(`${textsKey}.blocked.${block ?? 'notFound'}`)}</p>
            <p>
              <Link to={paths.insurances()}>{t(`${textsKey}.back`)}</Link>
            </p>
          </div>
        );
      }}
    </ResourceView>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { ResourceView } from '@portal/ui';
import { policyChangeReason } from '@portal/contract/domain';
import type { Policy, PolicyChangeReason } from '@portal/contract/domain';

import { usePolicies } from '../api/get-policies';
import { useFlowTranslation } from '../../../lib/flow-texts';

/** Why a policy cannot get this change (docs/requirements.md §4–§6), or null when the student may make it. */
export type PolicyChangeBlock = PolicyChangeReason | 'notFound' | null;

/** Whether the student may make `change` to a policy: the shared policy rules, as on the card. */
export function policyChangeBlock(
  policy: Policy | undefined,
  change: 'startDate' | 'address',
  today: Date = new Date(),
): PolicyChangeBlock {
  if (!policy) return 'notFound';
  return policyChangeReason(policy, change, today);
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
        const block = policyChangeBlock(found, textsKey);
        // A started policy still opens the start-date page, which shows its dates and says why.
        if (found && (block === null || block === 'alreadyStarted')) return children(found);
        return (
          <div className="change-blocked">
            {/* The page's own wording where it has one, else the flows' common one. */}
            <p>{t([`${textsKey}.blocked.${block ?? 'notFound'}`, `blocked.${block ?? 'notFound'}`])}</p>
            <p>
              <Link to={paths.insurances()}>{t(`${textsKey}.back`)}</Link>
            </p>
          </div>
        );
      }}
    </ResourceView>
  );
}

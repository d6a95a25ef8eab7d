import type { PageProps } from '@portal/shared';

import { PolicyFlowPage } from '../../../lib/policy-flow-page';
import { RenewFlow } from './renew-flow';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type RenewPageProps = PageProps;

/** Renew a policy (`/insurances/{policyId}/renew`): four steps from the period to the thank you. */
export function RenewPage({ policyId = '' }: RenewPageProps) {
  const { t } = useFlowTranslation();
  return (
    <PolicyFlowPage
      policyId={policyId}
      offer="renew"
      title={t('renew.title')}
      notPossible={t('renew.notPossible')}
    >
      {(policy) => <RenewFlow policy={policy} />}
    </PolicyFlowPage>
  );
}

import { useTranslation } from '@portal/shared/react-i18next';
import type { PageProps } from '@portal/shared';

import { PolicyFlowPage } from '../../../lib/policy-flow-page';
import { RenewFlow } from './renew-flow';

export type RenewPageProps = PageProps;

/** Renew a policy (`/insurances/{policyId}/renew`): four steps from the period to the thank you. */
export function RenewPage({ policyId = '' }: RenewPageProps) {
  const { t } = useTranslation('insurance');
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

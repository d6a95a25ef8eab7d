import type { PageProps } from '@portal/shared';

import { PolicyFlowPage } from '../../../lib/policy-flow-page';
import { TerminateFlow } from './terminate-flow';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type TerminatePageProps = PageProps;

/** Terminate or shorten a policy (`/insurances/{policyId}/terminate`): form, verify, terminated. */
export function TerminatePage({ policyId = '' }: TerminatePageProps) {
  const { t } = useFlowTranslation();
  return (
    <PolicyFlowPage
      policyId={policyId}
      offer="terminate"
      title={t('terminate.title')}
      notPossible={t('terminate.notPossible')}
    >
      {(policy) => <TerminateFlow policy={policy} />}
    </PolicyFlowPage>
  );
}

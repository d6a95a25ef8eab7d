import { useTranslation } from '@portal/shared/react-i18next';
import type { PageProps } from '@portal/shared';

import { PolicyFlowPage } from '../../../lib/policy-flow-page';
import { TerminateFlow } from './terminate-flow';

export type TerminatePageProps = PageProps;

/** Terminate or shorten a policy (`/insurances/{policyId}/terminate`): form, verify, terminated. */
export function TerminatePage({ policyId = '' }: TerminatePageProps) {
  const { t } = useTranslation('insurance');
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

import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type RenewalThankYouProps = { applicationNumber: string };

/** Step 4: the application number and what happens next. */
export function RenewalThankYou({ applicationNumber }: RenewalThankYouProps) {
  const { t } = useFlowTranslation();
  return (
    <div className="flow-done" role="status">
      <p>{t('renew.done.applicationNumber', { applicationNumber })}</p>
      <p>{t('renew.done.review')}</p>
      <p>
        <Link to={paths.insurances()}>{t('flow.backToInsurances')}</Link>
      </p>
    </div>
  );
}

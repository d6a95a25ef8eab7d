import { useState } from 'react';
import { Link } from '@portal/shared/router';
import { paths, useLocale } from '@portal/shared';
import { formatDate } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import { Button } from '@portal/ui';

import { downloadPolicyDocument } from '../../policies';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type TerminationTerminatedProps = { policy: Policy; endDate: string };

/** Step 3: the confirmation, and the updated certificate to download. */
export function TerminationTerminated({ policy, endDate }: TerminationTerminatedProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  // The certificate download of the policy card: the api makes the certificate anew.
  const download = async () => {
    setPending(true);
    setFailed(false);
    try {
      await downloadPolicyDocument(policy, 'certificate');
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flow-done">
      <p role="status">
        {t('terminate.done.confirmation', { number: policy.number, end: formatDate(endDate, locale) })}
      </p>
      <p>{t('terminate.done.certificate')}</p>
      <p>
        <Button variant="secondary" onClick={download} busy={pending}>
          {t('terminate.done.download')}
        </Button>
      </p>
      {failed ? (
        <p role="alert" className="form-error">
          {t('documents.failed', { document: t('documents.certificate') })}
        </p>
      ) : null}
      <p>
        <Link to={paths.insurances()}>{t('flow.backToInsurances')}</Link>
      </p>
    </div>
  );
}

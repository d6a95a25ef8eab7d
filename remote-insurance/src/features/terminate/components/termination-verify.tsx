import type { ReactNode } from 'react';
import { useLocale } from '@portal/shared';
import { apiReasonMessage } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import { formatDate, formatMoney, premiumForDays } from '@portal/contract/domain';
import { formToWireDate } from '@portal/contract/validation';
import type { Policy } from '@portal/contract/domain';
import { Alert, Button } from '@portal/ui';

import { daysNoLongerCovered, REFUND_FIELDS, refundFormField } from '../lib/termination-draft';
import type { TerminationValues } from '../lib/termination-draft';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type TerminationVerifyProps = {
  policy: Policy;
  values: TerminationValues;
  sending: boolean;
  failed: boolean;
  /** Why the api refused the termination, when it said why: shown in its words, not "try again later". */
  reason?: ApiReason | undefined;
  onBack: () => void;
  onSubmit: () => void;
};

/** Step 2: everything read back, with the days the policy will no longer cover. */
export function TerminationVerify({
  policy,
  values,
  sending,
  failed,
  reason,
  onBack,
  onSubmit,
}: TerminationVerifyProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const days = daysNoLongerCovered(policy.endDate, values.endDate);
  const refund = values.refundWanted === 'YES';
  return (
    <div className="flow-summary">
      <p>{t('terminate.verify.intro', { number: policy.number })}</p>
      <dl>
        <Row term={t('startDate.policy')}>
          {t(`insuranceType.${policy.insuranceType}`)} {policy.number}
        </Row>
        <Row term={t('terminate.verify.currentEndDate')}>{formatDate(policy.endDate, locale)}</Row>
        <Row term={t('terminate.form.endDate')}>
          {formatDate(formToWireDate(values.endDate), locale) || values.endDate}
        </Row>
        <Row term={t('terminate.verify.daysNotCovered')}>{t('terminate.verify.days', { count: days })}</Row>
        {/* What comes back: the premium of the days no longer covered, at the policy's daily rate. */}
        <Row term={t('terminate.verify.refundAmount')}>
          {formatMoney(premiumForDays(policy, days), locale)}
        </Row>
        <Row term={t('terminate.form.reason')}>{values.reason}</Row>
        <Row term={t('terminate.form.refundWanted')}>{t(`flow.answers.${values.refundWanted}`)}</Row>
        {refund
          ? REFUND_FIELDS.filter((field) => values[refundFormField(field)].trim() !== '').map((field) => (
              <Row key={field} term={t(`terminate.refund.${field}`)}>
                {values[refundFormField(field)]}
              </Row>
            ))
          : null}
      </dl>
      {/* Beside the button it answers, where a phone is scrolled to when the answer comes. */}
      {failed && reason ? (
        <Alert type="error" title={t('terminate.refusedTitle')} messages={[apiReasonMessage(t, reason)]} />
      ) : failed ? (
        <Alert type="error" title={t('flow.failedTitle')} messages={[{ code: t('terminate.failed') }]} />
      ) : null}
      <div className="flow-actions">
        <Button variant="secondary" onClick={onBack}>
          {t('flow.back')}
        </Button>
        <Button variant="danger" onClick={onSubmit} busy={sending}>
          {t('terminate.verify.submit')}
        </Button>
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="definition">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

import { useId } from 'react';
import type { ReactNode } from 'react';
import { useLocale } from '@portal/shared';
import { apiReasonMessage } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import { formatDate, formatMoney } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import { Alert, Button } from '@portal/ui';
import { formToWireDate, parseWireDate, toWireDate } from '@portal/contract/validation';

import { usePeriodPremium } from '../api/calculate-period-premium';
import { premiumQuestion } from '../lib/renewal-draft';
import type { RenewalDraft } from '../lib/renewal-draft';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type RenewalSummaryProps = {
  policy: Policy;
  draft: RenewalDraft;
  sending: boolean;
  failed: boolean;
  /** Why the api refused the renewal, when it said why: shown in its words, not "try again later". */
  reason?: ApiReason | undefined;
  onEdit: (step: 'period' | 'acceptance') => void;
  onBack: () => void;
  onSubmit: () => void;
};

/** Step 3: everything the student entered, each part with a way back to change it; then submit. */
export function RenewalSummary({
  policy,
  draft,
  sending,
  failed,
  reason,
  onEdit,
  onBack,
  onSubmit,
}: RenewalSummaryProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const { period, acceptance } = draft;
  const question = premiumQuestion(policy, period);
  const premium = usePeriodPremium(policy.id, question.endDate, question.paymentTerm);
  const newStart = formatNextDay(policy.endDate, locale);

  return (
    <div className="flow-summary">
      <SummarySection title={t('renew.steps.period')} onEdit={() => onEdit('period')}>
        <Row term={t('renew.summary.period')}>
          {t('card.periodValue', {
            start: newStart,
            end: formatDate(formToWireDate(period.endDate), locale) || period.endDate,
          })}
        </Row>
        <Row term={t('renew.summary.premium')}>
          {premium.status === 'done' ? formatMoney(premium.amount, locale) : t('renew.period.premiumLoading')}
        </Row>
        {period.reasonShortTerm.trim() ? (
          <Row term={t('renew.period.reasonShortTerm')}>{period.reasonShortTerm}</Row>
        ) : null}
        <Row term={t('renew.period.paymentTerm')}>{t(`renew.paymentTerms.${period.paymentTerm}`)}</Row>
        <Row term={t('renew.period.paymentMethod')}>{t(`renew.paymentMethods.${period.paymentMethod}`)}</Row>
        {period.paymentMethod === 'DIRECT_DEBIT' ? (
          <>
            <Row term={t('renew.period.iban')}>{period.iban}</Row>
            <Row term={t('renew.period.bic')}>{period.bic}</Row>
            <Row term={t('renew.period.accountHolder')}>{period.accountHolder}</Row>
          </>
        ) : null}
      </SummarySection>
      <SummarySection title={t('renew.steps.acceptance')} onEdit={() => onEdit('acceptance')}>
        <Row term={t('renew.acceptance.medical')}>{t(`flow.answers.${acceptance.medical}`)}</Row>
        <Row term={t('renew.acceptance.criminalRecord')}>
          {t(`flow.answers.${acceptance.criminalRecord}`)}
        </Row>
        <Row term={t('renew.acceptance.insuranceRefusal')}>
          {t(`flow.answers.${acceptance.insuranceRefusal}`)}
        </Row>
        {acceptance.insuranceRefusal === 'YES' ? (
          <Row term={t('renew.acceptance.insuranceRefusalExplanation')}>
            {acceptance.insuranceRefusalExplanation}
          </Row>
        ) : null}
        <Row term={t('renew.summary.preExisting')}>
          {acceptance.preExistingAgreed ? t('renew.summary.agreed') : t('flow.answers.NO')}
        </Row>
      </SummarySection>
      {/* Beside the button it answers, where a phone is scrolled to when the answer comes. */}
      {failed && reason ? (
        <Alert type="error" title={t('renew.refusedTitle')} messages={[apiReasonMessage(t, reason)]} />
      ) : failed ? (
        <Alert type="error" title={t('flow.failedTitle')} messages={[{ code: t('renew.failed') }]} />
      ) : null}
      <div className="flow-actions">
        <Button variant="secondary" onClick={onBack}>
          {t('flow.back')}
        </Button>
        <Button onClick={onSubmit} busy={sending} busyLabel={t('renew.summary.sending')}>
          {t('renew.summary.submit')}
        </Button>
      </div>
    </div>
  );
}

type SummarySectionProps = { title: string; onEdit: () => void; children: ReactNode };

function SummarySection({ title, onEdit, children }: SummarySectionProps) {
  const { t } = useFlowTranslation();
  const id = useId();
  return (
    <section className="flow-summary__section" aria-labelledby={id}>
      <div className="flow-summary__header">
        <h3 id={id}>{title}</h3>
        {/* Every section has an Edit button; its description says which part it edits. */}
        <Button variant="link" onClick={onEdit} aria-describedby={id}>
          {t('flow.edit')}
        </Button>
      </div>
      <dl>{children}</dl>
    </section>
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

// The additional period starts the day after the current end date.
function formatNextDay(wire: string, locale: string): string {
  const date = parseWireDate(wire);
  return date
    ? formatDate(toWireDate(new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1)), locale)
    : '';
}

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@portal/shared/router';
import { paths, useLocale } from '@portal/shared';
import { apiReasonMessage } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import { Alert, Button, DateField, PageHeading, useValibotForm } from '@portal/ui';
import { changeStartDateSchema, formToWireDate } from '@portal/contract/validation';
import { formatDate, formatMoney, policyChangeReason } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import type { PageProps } from '@portal/shared';
import type { CalculateResponse } from '@portal/contract/wire';

import { PolicyChangeGate, readChangeFailure } from '../../policies';
import { calculateStartDate } from '../api/calculate-start-date';
import { changeStartDate } from '../api/change-start-date';
import '../../../lib/change-page.css';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type StartDatePageProps = PageProps;

/** `/insurances/{policyId}/start-date`: move the start date of a policy that has not started. */
export function StartDatePage({ policyId }: StartDatePageProps) {
  const { t } = useFlowTranslation();
  return (
    <section className="change-page">
      <PageHeading title={t('startDate.title')} description={t('startDate.intro')} focusOnMount />
      <PolicyChangeGate policyId={policyId} textsKey="startDate">
        {(policy) => <StartDateChange policy={policy} />}
      </PolicyChangeGate>
    </section>
  );
}

type StartDateChangeProps = { policy: Policy; today?: Date };

/** Today as the rules see it: the start of the reader's day. */
function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** The summary of the policy and, while it has not started, the form. */
export function StartDateChange({ policy, today = startOfToday() }: StartDateChangeProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const started = policyChangeReason(policy, 'startDate', today) === 'alreadyStarted';
  // The summary shows the saved state: once the change is confirmed, the new start date.
  const [changedTo, setChangedTo] = useState<string | null>(null);
  return (
    <>
      <dl className="change-page__summary">
        <div className="definition">
          <dt>{t('startDate.policy')}</dt>
          <dd>
            {t(`insuranceType.${policy.insuranceType}`)} {policy.number}
          </dd>
        </div>
        <div className="definition">
          <dt>{t('startDate.current')}</dt>
          <dd>{formatDate(changedTo ?? policy.startDate, locale)}</dd>
        </div>
        <div className="definition">
          <dt>{t('startDate.endDate')}</dt>
          <dd>{formatDate(policy.endDate, locale)}</dd>
        </div>
      </dl>
      {started ? (
        <div className="change-blocked">
          <p>{t('startDate.started')}</p>
          <p>
            <Link to={paths.insurances()}>{t('startDate.back')}</Link>
          </p>
        </div>
      ) : (
        <StartDateForm policy={policy} today={today} onChanged={setChangedTo} />
      )}
    </>
  );
}

type StartDateFormProps = { policy: Policy; today: Date; onChanged: (startDate: string) => void };

type Step =
  | { kind: 'edit' }
  | { kind: 'calculated'; startDate: string; calculation: CalculateResponse }
  | { kind: 'done'; startDate: string };

function StartDateForm({ policy, today, onChanged }: StartDateFormProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const resultId = useId();
  const todayTime = today.getTime();
  const schema = useMemo(
    () =>
      changeStartDateSchema(
        { startDate: policy.startDate, endDate: policy.endDate },
        { dateFormat: 'form', today: new Date(todayTime) },
      ),
    [policy.startDate, policy.endDate, todayTime],
  );
  const form = useValibotForm(schema, { startDate: '' });
  const [step, setStep] = useState<Step>({ kind: 'edit' });
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<ApiReason | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const outcome = useRef<HTMLElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  // A calculation belongs to the date it was made for: typing another date asks for a new one.
  const typed = form.values.startDate;
  const calculatedFor = step.kind === 'calculated' ? step.startDate : null;
  useEffect(() => {
    if (calculatedFor !== null && formToWireDate(typed) !== calculatedFor) setStep({ kind: 'edit' });
  }, [typed, calculatedFor]);

  useEffect(() => {
    // What appears after a step takes the focus, so that keyboard and screen reader users go on there.
    if (step.kind === 'calculated') outcome.current?.focus();
    if (step.kind === 'done') confirmation.current?.focus();
  }, [step.kind]);

  const fail = async (error: unknown) => {
    const failure = await readChangeFailure(error);
    if (failure.kind === 'fields') form.setServerErrors(failure.fields);
    else {
      setReason(failure.reason);
      setFailed(true);
    }
  };

  const onCalculate = form.handleSubmit(async (output) => {
    setFailed(false);
    const startDate = formToWireDate(output.startDate) ?? '';
    try {
      const calculation = await calculateStartDate(policy.id, startDate);
      setStep({ kind: 'calculated', startDate, calculation });
    } catch (error) {
      await fail(error);
    }
  });

  const onConfirm = async () => {
    if (step.kind !== 'calculated') return;
    setFailed(false);
    setConfirming(true);
    try {
      await changeStartDate(policy.id, step.startDate);
      setStep({ kind: 'done', startDate: step.startDate });
      onChanged(step.startDate);
    } catch (error) {
      setStep({ kind: 'edit' });
      await fail(error);
    } finally {
      setConfirming(false);
    }
  };

  if (step.kind === 'done') {
    return (
      <div ref={confirmation} role="status" tabIndex={-1} className="confirmation">
        <p>{t('startDate.done', { date: formatDate(step.startDate, locale) })}</p>
        <p>
          <Link to={paths.insurances()}>{t('startDate.back')}</Link>
        </p>
      </div>
    );
  }

  return (
    <>
      {/* role="alert" is a live region itself: no aria-live wrapper, or it is announced twice. */}
      {failed ? (
        <Alert
          type="error"
          title={t('startDate.failedTitle')}
          messages={[reason ? apiReasonMessage(t, reason) : { code: 'errors.startDateInternal' }]}
        />
      ) : null}
      <form className="form" noValidate onSubmit={onCalculate} aria-busy={form.isSubmitting}>
        <DateField {...form.field('startDate')} label={t('startDate.newDate')} required />
        <Button type="submit" variant="secondary" busy={form.isSubmitting}>
          {t('startDate.calculate')}
        </Button>
      </form>
      {step.kind === 'calculated' ? (
        <section ref={outcome} tabIndex={-1} className="change-page__result" aria-labelledby={resultId}>
          <h2 id={resultId}>{t('startDate.resultTitle')}</h2>
          <p role="status">
            {t(step.calculation.days < 0 ? 'startDate.fewerDays' : 'startDate.additionalDays', {
              count: Math.abs(step.calculation.days),
            })}{' '}
            {t(step.calculation.direction === 'REFUND' ? 'startDate.refund' : 'startDate.bill', {
              amount: formatMoney(step.calculation.amount, locale),
            })}
          </p>
          <Button onClick={onConfirm} busy={confirming}>
            {t('startDate.confirm')}
          </Button>
        </section>
      ) : null}
    </>
  );
}

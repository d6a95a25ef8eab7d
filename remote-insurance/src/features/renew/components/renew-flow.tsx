import { useCallback, useState } from 'react';
import type { ApiReason } from '@portal/shared/api-reason';
import type { Policy } from '@portal/contract/domain';
import type { FieldError } from '@portal/contract/wire';

import { FlowSteps, StepHeading } from '../../../lib/flow-steps';
import { useFlowStep } from '../../../lib/use-flow-step';
import { useSessionDraft } from '../../../lib/use-session-draft';
import { useSubmitRenewal } from '../api/add-period';
import {
  completeRenewal,
  fieldsOfStep,
  initialRenewalDraft,
  RENEWAL_STEPS,
  renewalDraftKey,
  renewalDraftSchema,
  stepOfField,
} from '../lib/renewal-draft';
import type { RenewalDraft, RenewalStep } from '../lib/renewal-draft';
import { AcceptanceStep } from './acceptance-step';
import { PeriodStep } from './period-step';
import { RenewalSummary } from './renewal-summary';
import { RenewalThankYou } from './renewal-thank-you';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type RenewFlowProps = { policy: Policy };

const FLOW_STEPS = ['period', 'acceptance', 'summary'] as const;

/** The renewal steps of one policy; what was typed survives Back, Edit and a reload. */
export function RenewFlow({ policy }: RenewFlowProps) {
  const { t } = useFlowTranslation();
  const { draft, setDraft } = useSessionDraft(
    renewalDraftKey(policy.id),
    renewalDraftSchema,
    initialRenewalDraft(policy),
  );
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<ApiReason | undefined>(undefined);
  // Fields the api refused although the browser let them pass, shown on their step.
  const [rejected, setRejected] = useState<readonly FieldError[]>([]);
  const { sending, submit } = useSubmitRenewal();
  const keepStep = useCallback(
    (next: 'period' | 'acceptance' | 'summary') => setDraft((previous) => ({ ...previous, step: next })),
    [setDraft],
  );
  // A sent renewal keeps only its application number (the thank-you survives a reload); a 'done'
  // without one starts again.
  const sent = draft.step === 'done' && draft.applicationNumber !== undefined;
  const draftStep = draft.step === 'done' ? (sent ? 'summary' : 'period') : draft.step;
  // The step is in the URL: Back and Forward move between the steps, a reload stays.
  const [flowStep, goToStep] = useFlowStep(FLOW_STEPS, draftStep, keepStep);
  const step: RenewalStep = sent ? 'done' : flowStep;
  const goTo = (next: 'period' | 'acceptance' | 'summary') => {
    setFailed(false);
    goToStep(next);
  };

  const changePeriod = useCallback(
    (period: RenewalDraft['period']) =>
      setDraft((previous) => ({
        ...previous,
        period,
        // The overlap was about the dates sent; new dates are a new question.
        overlap: period.endDate === previous.period.endDate ? previous.overlap : undefined,
      })),
    [setDraft],
  );
  const changeAcceptance = useCallback(
    (acceptance: RenewalDraft['acceptance']) => setDraft((previous) => ({ ...previous, acceptance })),
    [setDraft],
  );

  // Once a step's form passes again, its earlier refusals are answered.
  const leave = (from: 'period' | 'acceptance', next: 'acceptance' | 'summary') => {
    setRejected((previous) => previous.filter((item) => stepOfField(item.field) !== from));
    goTo(next);
  };

  const send = async () => {
    setFailed(false);
    setRejected([]);
    const renewal = completeRenewal(policy, draft);
    if (!renewal.ok) {
      goTo(renewal.step);
      return;
    }
    const result = await submit(renewal.body);
    switch (result.outcome) {
      case 'sent':
        // What was typed (bank details too) is forgotten; the application number stays for a reload.
        setDraft(() => ({
          ...initialRenewalDraft(policy),
          step: 'done',
          applicationNumber: result.applicationNumber,
        }));
        break;
      case 'overlap':
        setDraft((previous) => ({ ...previous, overlap: result.overlap }));
        goToStep('period');
        break;
      case 'invalid':
        setRejected(result.fields);
        goTo(stepOfField(result.fields[0]?.field ?? ''));
        break;
      case 'failed':
        setReason(result.reason);
        setFailed(true);
        break;
    }
  };

  return (
    <div className="flow">
      <FlowSteps
        steps={RENEWAL_STEPS.map((name) => t(`renew.steps.${name}`))}
        current={RENEWAL_STEPS.indexOf(step)}
      />
      <StepHeading step={step}>{t(`renew.steps.${step}`)}</StepHeading>
      {step === 'period' ? (
        <PeriodStep
          policy={policy}
          values={draft.period}
          overlap={draft.overlap}
          rejected={fieldsOfStep(rejected, 'period')}
          onChange={changePeriod}
          onNext={() => leave('period', 'acceptance')}
        />
      ) : null}
      {step === 'acceptance' ? (
        <AcceptanceStep
          values={draft.acceptance}
          rejected={fieldsOfStep(rejected, 'acceptance')}
          onChange={changeAcceptance}
          onBack={() => goTo('period')}
          onNext={() => leave('acceptance', 'summary')}
        />
      ) : null}
      {step === 'summary' ? (
        <RenewalSummary
          policy={policy}
          draft={draft}
          sending={sending}
          failed={failed}
          reason={reason}
          onEdit={goTo}
          onBack={() => goTo('acceptance')}
          onSubmit={send}
        />
      ) : null}
      {step === 'done' && draft.applicationNumber ? (
        <RenewalThankYou applicationNumber={draft.applicationNumber} />
      ) : null}
    </div>
  );
}

import { useCallback, useState } from 'react';
import type { ApiReason } from '@portal/shared/api-reason';
import type { Policy } from '@portal/contract/domain';
import * as v from 'valibot';

import { FlowSteps, StepHeading } from '../../../lib/flow-steps';
import { useFlowStep } from '../../../lib/use-flow-step';
import { useSessionDraft } from '../../../lib/use-session-draft';
import { useTerminatePolicy } from '../api/terminate-policy';
import {
  initialTerminationDraft,
  TERMINATION_STEPS,
  terminationDraftKey,
  terminationDraftSchema,
  terminationFormSchema,
  toTerminateRequest,
} from '../lib/termination-draft';
import type { TerminationStep, TerminationValues } from '../lib/termination-draft';
import { TerminationForm } from './termination-form';
import { TerminationTerminated } from './termination-terminated';
import { TerminationVerify } from './termination-verify';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type TerminateFlowProps = { policy: Policy };

const FLOW_STEPS = ['form', 'verify'] as const;

/** The termination steps of one policy; what was typed survives Back and a reload. */
export function TerminateFlow({ policy }: TerminateFlowProps) {
  const { t } = useFlowTranslation();
  const { draft, setDraft, clear } = useSessionDraft(
    terminationDraftKey(policy.id),
    terminationDraftSchema,
    initialTerminationDraft(),
  );
  const [terminated, setTerminated] = useState<{ endDate: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<ApiReason | undefined>(undefined);
  const [rejected, setRejected] = useState<readonly { field: string; code: string }[]>([]);
  const { sending, terminate } = useTerminatePolicy();
  const keepStep = useCallback(
    (next: 'form' | 'verify') => setDraft((previous) => ({ ...previous, step: next })),
    [setDraft],
  );
  // The step is in the URL: Back and Forward move between form and verify, a reload stays.
  const [flowStep, goToStep] = useFlowStep(FLOW_STEPS, draft.step, keepStep);
  const step: TerminationStep = terminated ? 'done' : flowStep;

  const goTo = (next: 'form' | 'verify') => {
    setFailed(false);
    goToStep(next);
  };
  const changeValues = useCallback(
    (values: TerminationValues) => setDraft((previous) => ({ ...previous, values })),
    [setDraft],
  );

  const send = async () => {
    setFailed(false);
    const checked = v.safeParse(terminationFormSchema(policy), draft.values);
    if (!checked.success) {
      goTo('form');
      return;
    }
    const body = toTerminateRequest(policy.id, checked.output);
    const result = await terminate(body);
    if (result.outcome === 'terminated') {
      clear();
      setTerminated({ endDate: result.endDate ?? body.endDate });
    } else if (result.outcome === 'invalid') {
      setRejected(result.fields);
      goTo('form');
    } else {
      setReason(result.reason);
      setFailed(true);
    }
  };

  return (
    <div className="flow">
      <FlowSteps
        steps={TERMINATION_STEPS.map((name) => t(`terminate.steps.${name}`))}
        current={TERMINATION_STEPS.indexOf(step)}
      />
      <StepHeading step={step}>{t(`terminate.steps.${step}`)}</StepHeading>
      {step === 'form' ? (
        <TerminationForm
          policy={policy}
          values={draft.values}
          rejected={rejected}
          onChange={changeValues}
          onNext={() => {
            setRejected([]);
            goTo('verify');
          }}
        />
      ) : null}
      {step === 'verify' ? (
        <TerminationVerify
          policy={policy}
          values={draft.values}
          sending={sending}
          failed={failed}
          reason={reason}
          onBack={() => goTo('form')}
          onSubmit={send}
        />
      ) : null}
      {step === 'done' && terminated ? (
        <TerminationTerminated policy={policy} endDate={terminated.endDate} />
      ) : null}
    </div>
  );
}

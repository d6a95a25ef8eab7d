import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useFlowTranslation } from './flow-texts';

export type FlowStepsProps = {
  /** The step titles, translated, in order. */
  steps: readonly string[];
  /** Index of the current step. */
  current: number;
};

/** The progress of a multi-step flow: every step, the current one marked. */
export function FlowSteps({ steps, current }: FlowStepsProps) {
  const { t } = useFlowTranslation();
  return (
    <ol className="flow-steps" aria-label={t('flow.progress')}>
      {steps.map((title, index) => (
        <li
          key={title}
          className={[
            'flow-steps__step',
            index < current ? 'flow-steps__step--done' : '',
            index === current ? 'flow-steps__step--current' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="flow-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <span>
            <span className="visually-hidden">
              {t('flow.stepOf', { step: index + 1, total: steps.length })}
            </span>
            {title}
          </span>
        </li>
      ))}
    </ol>
  );
}

export type StepHeadingProps = { step: string; children: ReactNode };

/**
 * The heading of a step. When the step changes (not on the first render of the page) focus moves
 * here, so that keyboard and screen reader users start reading the new step from its top.
 */
export function StepHeading({ step, children }: StepHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);
  return (
    <h2 ref={heading} tabIndex={-1} className="flow-step__heading">
      {children}
    </h2>
  );
}

import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

import type { PolicyProblem } from '../api/get-policies';
import './policy-card.css';

export type PolicyErrorCardProps = {
  /** The policy or application number, when the backend sent one. */
  number?: string;
  problem: PolicyProblem;
};

/** Takes the place of a policy the portal cannot read, so the student still sees the others. */
export function PolicyErrorCard({ number, problem }: PolicyErrorCardProps) {
  const { t } = useTranslation('insurance');
  const id = useId();
  return (
    <article className="policy-card policy-card--error" aria-labelledby={`${id}-title`}>
      <header className="policy-card__header">
        <h2 id={`${id}-title`}>{t('policyError.title')}</h2>
      </header>
      {number ? (
        <dl className="policy-card__summary">
          <div className="definition">
            <dt>{t('card.number')}</dt>
            <dd>{number}</dd>
          </div>
        </dl>
      ) : null}
      <p className="form-error">{t(`policyError.${problem}`)}</p>
      <p className="policy-card__note">{t('policyError.help')}</p>
    </article>
  );
}

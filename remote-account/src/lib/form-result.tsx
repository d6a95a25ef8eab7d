import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { PROFILE_NAMESPACE } from './profile-texts';

/** The outcome of a profile form, as a translation key with its values. */
export type FormOutcome =
  { kind: 'idle' } | { kind: 'success' | 'failure'; key: string; values?: Record<string, unknown> };

export const IDLE: FormOutcome = { kind: 'idle' };

/**
 * The result message of one form. Both live regions stay on the page, empty until there is
 * something to say, so that screen readers announce the text when it appears: a success
 * politely (status), a failure at once (alert). A failure is scrolled into view and takes the focus,
 * so that a student scrolled down at the form's button sees why nothing was saved.
 */
export function FormResult({ outcome }: { outcome: FormOutcome }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const failure = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = failure.current;
    if (outcome.kind !== 'failure' || !element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [outcome]);
  return (
    <>
      <div role="status" className="form-result">
        {outcome.kind === 'success' ? <p className="confirmation">{t(outcome.key, outcome.values)}</p> : null}
      </div>
      <div role="alert" className="form-result">
        {outcome.kind === 'failure' ? (
          <p ref={failure} className="load-error" tabIndex={-1}>
            {t(outcome.key, outcome.values)}
          </p>
        ) : null}
      </div>
    </>
  );
}

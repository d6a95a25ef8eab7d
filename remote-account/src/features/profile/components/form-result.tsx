import { useTranslation } from '@portal/shared/react-i18next';
import { PROFILE_NAMESPACE } from '../profile-texts';

/** The outcome of a profile form, as a translation key with its values. */
export type FormOutcome =
  { kind: 'idle' } | { kind: 'success' | 'failure'; key: string; values?: Record<string, unknown> };

export const IDLE: FormOutcome = { kind: 'idle' };

/**
 * The result message of one form. Both live regions stay on the page, empty until there is
 * something to say, so that screen readers announce the text when it appears: a success
 * politely (status), a failure at once (alert).
 */
export function FormResult({ outcome }: { outcome: FormOutcome }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  return (
    <>
      <div role="status" className="form-result">
        {outcome.kind === 'success' ? <p className="confirmation">{t(outcome.key, outcome.values)}</p> : null}
      </div>
      <div role="alert" className="form-result">
        {outcome.kind === 'failure' ? <p className="load-error">{t(outcome.key, outcome.values)}</p> : null}
      </div>
    </>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { errorStatus, useLocale } from '@portal/shared';
import { Button, RadioGroup } from '@portal/ui';
import type { Policy } from '@portal/contract/domain';

import { verifyPaths } from '../../../lib/verify-paths';
import { createProof, PROOF_LANGUAGES } from '../api/create-proof';
import type { ProofLanguage } from '../api/create-proof';
import './proof-of-cover.css';

export type ProofDialogProps = {
  policy: Policy;
  /** Called when the dialog closes, to give focus back to the button that opened it. */
  onClose: () => void;
};

type ProofState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; code: string | null }
  | { kind: 'failed'; reason: 'noCover' | 'other' };

const isProofLanguage = (value: string): value is ProofLanguage =>
  (PROOF_LANGUAGES as readonly string[]).includes(value);

/**
 * The proof-of-cover dialog (a chunk of its own, fetched when a student opens it from a policy card):
 * the browser's own modal `<dialog>`, which keeps focus inside and closes on Escape, where the
 * student picks the letter's language and downloads it. It opens when it mounts; the card mounts a
 * fresh one for each opening.
 */
export function ProofDialog({ policy, onClose }: ProofDialogProps) {
  const { t } = useTranslation('insurance');
  const { locale } = useLocale();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [language, setLanguage] = useState<ProofLanguage>(locale === 'nl' ? 'nl' : 'en');
  const [state, setState] = useState<ProofState>({ kind: 'idle' });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const close = () => dialog.current?.close();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'busy') return;
    setState({ kind: 'busy' });
    try {
      const { code } = await createProof(policy, language);
      setState({ kind: 'done', code });
    } catch (error) {
      setState({ kind: 'failed', reason: errorStatus(error) === 409 ? 'noCover' : 'other' });
    }
  };

  const languages = PROOF_LANGUAGES.map((value) => ({ value, label: t(`proof.languages.${value}`) }));
  const policyName = t(`insuranceType.${policy.insuranceType}`);

  return (
    <dialog
      ref={dialog}
      className="proof-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      // Focus goes back to the button that opened the dialog, also where the browser would not.
      onClose={onClose}
    >
      <h2 id={`${id}-title`} className="proof-dialog__title">
        {t('proof.title', { policy: policyName })}
      </h2>
      <p id={`${id}-intro`}>{t('proof.intro', { number: policy.number })}</p>
      <form className="proof-dialog__form" noValidate onSubmit={submit} aria-busy={state.kind === 'busy'}>
        <RadioGroup
          id={`${id}-language`}
          name="language"
          legend={t('proof.language')}
          options={languages}
          value={language}
          onChange={(event) => {
            if (isProofLanguage(event.target.value)) setLanguage(event.target.value);
          }}
          inline
        />
        {/* Always in the page, so that what appears in it is announced. */}
        <div role="status" className="proof-dialog__status">
          {state.kind === 'done' ? (
            <div className="confirmation">
              <p>{t('proof.done')}</p>
              {state.code ? (
                <p>
                  {t('proof.code')} <strong className="proof-dialog__code">{state.code}</strong>{' '}
                  <Link to={verifyPaths.code(state.code)}>{t('proof.check')}</Link>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        {state.kind === 'failed' ? (
          <p role="alert" className="form-error">
            {t(state.reason === 'noCover' ? 'proof.noCover' : 'proof.failed')}
          </p>
        ) : null}
        <div className="proof-dialog__actions">
          <Button type="submit" busy={state.kind === 'busy'}>
            {t('proof.download')}
          </Button>
          <Button variant="secondary" onClick={close}>
            {t('proof.close')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

import { useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import type { Policy } from '@portal/contract/domain';

import type { ProofDialogProps } from './proof-dialog';
import './proof-of-cover.css';

export type ProofOfCoverProps = { policy: Policy };

type Dialog = ComponentType<ProofDialogProps>;

// The dialog is fetched once, when a student first points at, focuses or presses a card's button:
// My Insurance's first load carries only the button.
let dialogCode: Promise<Dialog> | undefined;
function loadDialog(): Promise<Dialog> {
  dialogCode ??= import(/* webpackChunkName: "on-demand-proof-dialog" */ './proof-dialog').then(
    (module) => module.ProofDialog,
    (error: unknown) => {
      dialogCode = undefined;
      throw error;
    },
  );
  return dialogCode;
}
const prefetchDialog = () => {
  loadDialog().catch(() => undefined);
};

/**
 * The "Proof of cover" action of a policy card: a button that opens the proof-of-cover dialog. When
 * the dialog's code cannot be fetched (the connection dropped), the card says so and the button can
 * be pressed again.
 */
export function ProofOfCover({ policy }: ProofOfCoverProps) {
  const { t } = useTranslation('insurance');
  const opener = useRef<HTMLButtonElement>(null);
  // Each opening mounts a fresh dialog (its key), which starts in the student's language.
  const [opened, setOpened] = useState<{ Dialog: Dialog; key: number } | null>(null);
  const [failed, setFailed] = useState(false);

  const open = () => {
    setFailed(false);
    loadDialog().then(
      (Dialog) => setOpened((current) => ({ Dialog, key: (current?.key ?? 0) + 1 })),
      () => setFailed(true),
    );
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--secondary policy-card__proof"
        aria-haspopup="dialog"
        onClick={open}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
      >
        {t('proof.open')}
      </button>
      {failed ? (
        <p role="alert" className="form-error">
          {t('proof.unavailable')}
        </p>
      ) : null}
      {opened ? (
        <opened.Dialog key={opened.key} policy={policy} onClose={() => opener.current?.focus()} />
      ) : null}
    </>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useAuthStore } from '@portal/shared';
import { Button } from '@portal/ui';

import { addClaimDocuments } from '../api/add-documents';
import { useSendClaim } from '../api/submit-claim';
import { discardDocumentsDraft, loadDocumentsDraft, saveDocumentsDraft } from '../lib/claim-drafts';
import { ClaimProgress } from './claim-details-fields';
import { FailureAlert } from './claim-form';
import { checkReceipts } from '../lib/receipt-rules';
import { ReceiptsField } from './receipts-field';

/**
 * "We need more documents": the handler's note and the "Add documents" form of a claim in
 * DOCUMENTS_REQUESTED. The files follow the claim form's rules (type read from the bytes, 5 files,
 * 10 MB each), are kept on the device as a draft until sent, and sending shows the upload's progress.
 * Once sent, `onAdded` loads the claim again: it is in review again.
 */
export function AddDocumentsForm({
  claimNumber,
  note,
  onAdded,
}: {
  claimNumber: string;
  note: string | undefined;
  onAdded: () => void;
}) {
  const { t } = useTranslation('service');
  const profileId = useAuthStore((state) => state.profileId);
  const headingId = useId();
  const fieldId = useId();
  const progressRef = useRef<HTMLDivElement>(null);
  const [receipts, setReceipts] = useState<File[]>([]);
  const [receiptErrors, setReceiptErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const { state, submit } = useSendClaim(addClaimDocuments);
  const sending = state.status === 'sending';

  useEffect(() => {
    if (!profileId) return undefined;
    let current = true;
    void loadDocumentsDraft(profileId, claimNumber).then((draft) => {
      if (current && draft) setReceipts(draft.receipts);
    });
    return () => {
      current = false;
    };
  }, [profileId, claimNumber]);

  useEffect(() => {
    if (sending) progressRef.current?.focus();
  }, [sending]);

  const keep = (files: File[]) => {
    if (!profileId) return;
    if (files.length === 0) void discardDocumentsDraft(profileId, claimNumber);
    else
      void saveDocumentsDraft(profileId, claimNumber, { receipts: files, savedAt: new Date().toISOString() });
  };
  const add = async (files: File[]) => {
    const { accepted, refused } = await checkReceipts(receipts, files);
    const next = [...receipts, ...accepted];
    setReceipts(next);
    keep(next);
    setReceiptErrors(refused.map(({ name, code }) => t('claim.receipts.refused', { name, reason: t(code) })));
  };
  const remove = (index: number) => {
    const next = receipts.filter((_, position) => position !== index);
    setReceipts(next);
    keep(next);
    setReceiptErrors([]);
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (receipts.length === 0) {
      setReceiptErrors([t('claims.documents.required')]);
      return;
    }
    setAttempt((count) => count + 1);
    const result = await submit(claimNumber, receipts);
    if (result.status === 'done') {
      if (profileId) await discardDocumentsDraft(profileId, claimNumber);
      onAdded();
      return;
    }
    if (result.failure.kind === 'invalid') {
      setReceiptErrors(result.failure.fields.map((field) => t(field.code)));
    }
  };

  const percent = state.status === 'sending' ? Math.round(state.progress * 100) : 0;
  return (
    <section className="claim-documents" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('claims.documents.title')}</h2>
      <p>{t('claims.documents.intro')}</p>
      {note ? (
        <blockquote className="claim-documents__note">
          <p>
            <strong>{t('claims.documents.note')}</strong> {note}
          </p>
        </blockquote>
      ) : null}
      {state.status === 'failed' ? <FailureAlert key={attempt} failure={state.failure} /> : null}
      <form className="form" noValidate onSubmit={(event) => void send(event)} aria-busy={sending}>
        <fieldset disabled={sending}>
          <legend className="visually-hidden">{t('claims.documents.title')}</legend>
          <ReceiptsField
            id={fieldId}
            label={t('claims.documents.label')}
            receipts={receipts}
            onAdd={(files) => void add(files)}
            onRemove={remove}
            errors={receiptErrors}
          />
        </fieldset>
        {state.status === 'sending' ? (
          <ClaimProgress progressRef={progressRef} percent={percent} offline={state.offline} />
        ) : null}
        <div className="claim-form__actions">
          <Button type="submit" busy={sending}>
            {t('claims.documents.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import type { Policy } from '@portal/shared/domain';

import { downloadPolicyDocument } from '../api/download-policy-document';
import type { PolicyDocumentKind } from '../api/download-policy-document';
import './policy-documents.css';

const DOCUMENTS: readonly PolicyDocumentKind[] = ['certificate', 'icscard', 'conditions'];

export type PolicyDocumentsProps = { policy: Policy };

/** Certificate and coverage, insurance card and policy conditions of one policy, as downloads. */
export function PolicyDocuments({ policy }: PolicyDocumentsProps) {
  const { t } = useTranslation('insurance');
  const [pending, setPending] = useState<PolicyDocumentKind | null>(null);
  const [failed, setFailed] = useState<PolicyDocumentKind | null>(null);

  const download = async (kind: PolicyDocumentKind) => {
    setPending(kind);
    setFailed(null);
    try {
      await downloadPolicyDocument(policy, kind);
    } catch {
      setFailed(kind);
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="policy-documents">
      <h3>{t('documents.title')}</h3>
      <ul className="button-list">
        {DOCUMENTS.map((kind) => (
          <li key={kind}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => download(kind)}
              disabled={pending !== null}
              aria-busy={pending === kind}
            >
              {t(`documents.${kind}`)}
            </button>
          </li>
        ))}
      </ul>
      {/* role="alert" is a live region itself: no aria-live wrapper, or it is announced twice. */}
      {failed ? (
        <p role="alert" className="form-error">
          {t('documents.failed', { document: t(`documents.${failed}`) })}
        </p>
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { hasCover } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';

import { downloadNamedDocument } from '../api/download-named-document';
import { downloadPolicyDocument } from '../api/download-policy-document';
import type { PolicyDocumentKind } from '../api/download-policy-document';
import './policy-documents.css';

/** Documents that state cover: offered only while the policy gives some (the api refuses them otherwise). */
const COVER_DOCUMENTS: readonly PolicyDocumentKind[] = ['certificate', 'icscard'];
const CONDITIONS: readonly PolicyDocumentKind[] = ['conditions', 'latestConditions'];

export type PolicyDocumentsProps = { policy: Policy };

/** One download of the list: a key unique on the card, its label, and how it is fetched. */
type Download = { key: string; label: string; run: () => Promise<string> };

/**
 * The documents of one policy as downloads (docs/requirements.md §2): certificate and coverage and insurance
 * card while the policy gives cover (the shared rule `hasCover`), the conditions at the start of the policy
 * and the latest ones, and every document the policy lists, by its name. One download at a time; a failed one says which document it was.
 */
export function PolicyDocuments({ policy }: PolicyDocumentsProps) {
  const { t } = useTranslation('insurance');
  const [pending, setPending] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const generated = [...(hasCover(policy) ? COVER_DOCUMENTS : []), ...CONDITIONS];
  const downloads: Download[] = [
    ...generated.map((kind) => ({
      key: kind,
      label: t(`documents.${kind}`),
      run: () => downloadPolicyDocument(policy, kind),
    })),
    ...policy.documents.map((document) => ({
      key: `document-${document.id}`,
      // The api names its documents in English; the ones the portal knows are shown in the reader's language.
      label: t([`documents.named.${document.name}`], { defaultValue: document.name, nsSeparator: false }),
      run: () => downloadNamedDocument(document),
    })),
  ];

  const download = async ({ key, run }: Download) => {
    setPending(key);
    setFailed(null);
    try {
      await run();
    } catch {
      setFailed(key);
    } finally {
      setPending(null);
    }
  };

  const failedLabel = downloads.find((entry) => entry.key === failed)?.label;
  return (
    <section className="policy-documents">
      <h3>{t('documents.title')}</h3>
      <ul className="button-list">
        {downloads.map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => download(entry)}
              disabled={pending !== null}
              aria-busy={pending === entry.key}
            >
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
      {/* role="alert" is a live region itself: no aria-live wrapper, or it is announced twice. */}
      {failedLabel ? (
        <p role="alert" className="form-error">
          {t('documents.failed', { document: failedLabel })}
        </p>
      ) : null}
    </section>
  );
}

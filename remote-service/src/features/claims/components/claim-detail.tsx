import { useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { downloadDocument, errorStatus, paths, useLocale } from '@portal/shared';
import { formatDate, formatMoney } from '@portal/contract/domain';
import { Button, ResourceView } from '@portal/ui';
import type { ClaimDetail as ClaimDetailData } from '@portal/contract/wire';

import { receiptPath, useClaim } from '../api/get-claim';
import { AddDocumentsForm } from './add-documents-form';
import { ClaimStatusTimeline, formatDay } from './claim-status-timeline';
import { formatFileSize } from '../lib/receipt-rules';

/** One claim: its status timeline, what was claimed and its receipts to download again. */
export function ClaimDetail({ claimNumber }: { claimNumber: string }) {
  const { t } = useTranslation('service');
  const resource = useClaim(claimNumber);
  return (
    <>
      <p>
        <Link to={paths.claims()}>{t('claims.backToList')}</Link>
      </p>
      <ResourceView resource={resource} errorText={t('claims.detailError')} loadingLabel={t('loading')}>
        {(claim) => <ClaimFacts claim={claim} onDocumentsAdded={resource.retry} />}
      </ResourceView>
    </>
  );
}

function ClaimFacts({ claim, onDocumentsAdded }: { claim: ClaimDetailData; onDocumentsAdded: () => void }) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const [downloadFailed, setDownloadFailed] = useState<string | undefined>();

  const download = async (id: string, name: string) => {
    setDownloadFailed(undefined);
    try {
      await downloadDocument(receiptPath(claim.claimNumber, id), name);
    } catch (error) {
      // A 401 is handled by the http client (back to login); other failures are said here.
      if (errorStatus(error) !== 401) setDownloadFailed(name);
    }
  };

  // The handler's note with the request for documents: that of the last step, where the claim stands.
  const request = claim.history[claim.history.length - 1];
  return (
    <>
      {claim.status === 'DOCUMENTS_REQUESTED' ? (
        <AddDocumentsForm
          claimNumber={claim.claimNumber}
          note={request?.status === 'DOCUMENTS_REQUESTED' ? request.note : undefined}
          onAdded={onDocumentsAdded}
        />
      ) : null}
      <h2>{t('claims.timeline.title')}</h2>
      <ClaimStatusTimeline history={claim.history} status={claim.status} />
      {claim.status === 'REJECTED' ? <ClaimRejection claim={claim} /> : null}
      <h2>{t('claims.details.title')}</h2>
      <dl className="claim-facts">
        <dt>{t('claims.columns.policy')}</dt>
        <dd>{claim.policyNumber}</dd>
        <dt>{t('claim.category')}</dt>
        <dd>{t(`claim.categories.${claim.category}`)}</dd>
        <dt>{t('claim.incidentDate')}</dt>
        <dd>{formatDate(claim.incidentDate, locale)}</dd>
        <dt>{t('claims.columns.date')}</dt>
        <dd>{formatDay(claim.submittedAt, locale)}</dd>
        <dt>{t('claims.columns.amount')}</dt>
        <dd>{formatMoney(claim.amount, locale)}</dd>
        <dt>{t('claim.iban')}</dt>
        <dd>{claim.iban}</dd>
        <dt>{t('claim.description')}</dt>
        <dd className="claim-facts__description">{claim.description}</dd>
      </dl>
      <h2>{t('claims.details.receipts')}</h2>
      {claim.receipts.length === 0 ? (
        <p>{t('claims.details.noReceipts')}</p>
      ) : (
        <ul className="receipts__list">
          {claim.receipts.map((receipt) => (
            <li key={receipt.id} className="receipts__item">
              <span className="receipts__name">{receipt.name}</span>
              <span className="receipts__size">{formatFileSize(receipt.size, locale)}</span>
              <Button variant="link" onClick={() => void download(receipt.id, receipt.name)}>
                {t('claims.details.download', { name: receipt.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {downloadFailed ? (
        <p role="alert" className="field__error">
          {t('claims.details.downloadFailed', { name: downloadFailed })}
        </p>
      ) : null}
    </>
  );
}

/**
 * Why a rejected claim was rejected (the reason on its REJECTED step) and what she can do next: ask
 * about the decision or object to it through the contact page, or file a new claim where that helps.
 */
function ClaimRejection({ claim }: { claim: ClaimDetailData }) {
  const { t } = useTranslation('service');
  const reason = claim.history.find((step) => step.status === 'REJECTED')?.reason;
  return (
    <section className="claim-rejection" aria-labelledby="claim-rejection-title">
      <h2 id="claim-rejection-title">{t('claims.rejection.title')}</h2>
      <p>{reason ? t(`claims.rejection.reasons.${reason}`) : t('claims.rejection.noReason')}</p>
      <p>
        {t('claims.rejection.nextStep')} <Link to={paths.contact()}>{t('claims.rejection.contact')}</Link>
      </p>
      {reason === 'RECEIPTS_INSUFFICIENT' ? (
        <p>
          <Link to={paths.fileClaim()}>{t('claims.rejection.fileAgain')}</Link>
        </p>
      ) : null}
    </section>
  );
}

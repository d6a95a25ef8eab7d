import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { errorStatus, useLocale } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { formatDate, formatMoney } from '@portal/contract/domain';
import { Button, PageHeading, ResourceView } from '@portal/ui';

import { decideClaim, useClaimConfirmation } from '../api/claim-confirmation';
import type { ClaimConfirmation, ClaimDecision } from '../api/claim-confirmation';

export type ConfirmClaimPageProps = PageProps;

/**
 * `/confirm-claim/{token}`, the link mailed to a policyholder when a claim is filed on her policy without
 * a login: she sees what was claimed and to which account (masked), and confirms it (it is then handled)
 * or refuses it (it is closed). No login: the mailed link proves her mailbox.
 */
export function ConfirmClaimPage({ id = '' }: ConfirmClaimPageProps) {
  const { t } = useTranslation('service');
  const resource = useClaimConfirmation(id);
  return (
    <section className="confirm-claim-page">
      <PageHeading title={t('confirmClaim.title')} description={t('confirmClaim.intro')} focusOnMount />
      <ResourceView
        resource={resource}
        errorText={t('confirmClaim.error')}
        loadingLabel={t('confirmClaim.loading')}
      >
        {(result) =>
          result.known ? (
            <Decision token={id} initial={result.claim} />
          ) : (
            <p role="alert" className="form-error">
              {t('confirmClaim.unknown')}
            </p>
          )
        }
      </ResourceView>
    </section>
  );
}

function Decision({ token, initial }: { token: string; initial: ClaimConfirmation }) {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const [claim, setClaim] = useState(initial);
  const [pending, setPending] = useState<ClaimDecision | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const decide = async (decision: ClaimDecision) => {
    setPending(decision);
    setFailed(null);
    try {
      setClaim(await decideClaim(token, decision));
    } catch (error) {
      setFailed(t(errorStatus(error) === 409 ? 'confirmClaim.alreadyDecided' : 'confirmClaim.failed'));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <dl className="definition-list">
        <Item term={t('confirmClaim.claimNumber')}>{claim.claimNumber}</Item>
        <Item term={t('confirmClaim.policyNumber')}>{claim.policyNumber}</Item>
        <Item term={t('claim.category')}>{t(`claim.categories.${claim.category}`)}</Item>
        <Item term={t('confirmClaim.incidentDate')}>{formatDate(claim.incidentDate)}</Item>
        <Item term={t('confirmClaim.amount')}>{formatMoney(claim.amount, locale)}</Item>
        <Item term={t('confirmClaim.iban')}>{claim.iban}</Item>
      </dl>
      <div role="status">
        {claim.decision === 'PENDING' ? null : (
          <p className="confirm-claim-page__decided">{t(`confirmClaim.decided.${claim.decision}`)}</p>
        )}
      </div>
      {claim.decision === 'PENDING' ? (
        <div className="button-list">
          <Button
            onClick={() => void decide('CONFIRMED')}
            busy={pending === 'CONFIRMED'}
            disabled={pending !== null}
          >
            {t('confirmClaim.confirm')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void decide('REFUSED')}
            busy={pending === 'REFUSED'}
            disabled={pending !== null}
          >
            {t('confirmClaim.refuse')}
          </Button>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="form-error">
          {failed}
        </p>
      ) : null}
    </>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="definition">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

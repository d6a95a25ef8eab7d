import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import type { Policy } from '@portal/contract/domain';

import { policyOffers } from '../../../lib/policy-offers';
import type { PolicyOffer } from '../../../lib/policy-offers';

const OFFER_PATHS: Record<PolicyOffer, (policyId: string) => string> = {
  renew: paths.policyRenew,
  terminate: paths.policyTerminate,
  startDate: paths.policyStartDate,
  address: paths.policyAddress,
  paymentSettings: paths.paymentSettings,
};

export type PolicyOffersProps = { policy: Policy };

/** The changes a policy card offers, or why it offers none. */
export function PolicyOffers({ policy }: PolicyOffersProps) {
  const { t } = useTranslation('insurance');
  const { offers, notice, paymentLock } = policyOffers(policy);

  if (notice === 'disapproved') {
    return (
      <p className="policy-card__note policy-card__note--warning">
        {t('card.disapproved')} <Link to={paths.request()}>{t('card.applyAgain')}</Link>
      </p>
    );
  }
  if (notice) return <p className="policy-card__note">{t(`offers.notice.${notice}`)}</p>;
  if (offers.length === 0) return null;
  return (
    <>
      <ul className="link-list policy-card__offers">
        {offers.map((offer) => (
          <li key={offer}>
            <Link to={OFFER_PATHS[offer](policy.id)}>{t(`offers.${offer}`)}</Link>
          </li>
        ))}
      </ul>
      {/* Plain text, not a link that cannot be followed: the same reason Profile gives. */}
      {paymentLock ? <p className="policy-card__note">{t(`offers.paymentLock.${paymentLock}`)}</p> : null}
    </>
  );
}

import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { displayStatus, formatDate, formatMoney, premiumPerTerm } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';

import { canProveCover, ProofOfCover } from '../../proof';
import { PolicyDocuments } from './policy-documents';
import { PolicyOffers } from './policy-offers';
import { PostalAddress } from './postal-address';
import './policy-card.css';

export type PolicyCardProps = { policy: Policy };

/** One policy: a summary that is always visible and details that can be expanded. */
export function PolicyCard({ policy }: PolicyCardProps) {
  const { t } = useTranslation('insurance');
  const { locale } = useLocale();
  const id = useId();
  // docs/requirements.md §3: cards start collapsed.
  const [collapsed, setCollapsed] = useState(policy.collapsed);
  const status = displayStatus(policy.status);
  const detailsId = `${id}-details`;

  return (
    <article className="policy-card" aria-labelledby={`${id}-title`}>
      <header className="policy-card__header">
        <h2 id={`${id}-title`}>{t(`insuranceType.${policy.insuranceType}`)}</h2>
        <p className={`policy-card__status policy-card__status--${status.toLowerCase()}`}>
          {t(`policyStatus.${status}`)}
        </p>
      </header>
      <dl className="policy-card__summary">
        <Item term={t('card.number')}>{policy.number}</Item>
        <Item term={t('card.coverage')}>{policy.coverage}</Item>
        <Item term={t('card.period')}>
          {t('card.periodValue', {
            start: formatDate(policy.startDate, locale),
            end: formatDate(policy.endDate, locale),
          })}
        </Item>
      </dl>
      <PolicyOffers policy={policy} />
      {canProveCover(policy) ? <ProofOfCover policy={policy} /> : null}
      <button
        type="button"
        className="button button--link policy-card__toggle"
        aria-expanded={!collapsed}
        aria-controls={detailsId}
        onClick={() => setCollapsed((value) => !value)}
      >
        {collapsed ? t('card.showDetails') : t('card.hideDetails')}
      </button>
      <div id={detailsId} hidden={collapsed} className="policy-card__details">
        {/* Rendered when opened: the country names come from the browser's region names, whose first
            use loads its data (about 70 ms on a laptop, several times that on a phone), and a page
            that only lists the cards need not pay for that. */}
        {collapsed ? null : <PolicyDetails policy={policy} />}
      </div>
    </article>
  );
}

/** The details of a policy card, shown when the student opens them. */
function PolicyDetails({ policy }: PolicyCardProps) {
  const { t } = useTranslation('insurance');
  const { locale } = useLocale();
  return (
    <>
      <dl>
        <Item term={t('card.startDate')}>{formatDate(policy.startDate, locale)}</Item>
        <Item term={t('card.endDate')}>{formatDate(policy.endDate, locale)}</Item>
        {policy.cancelledFromStart ? <Item term={t('card.cancelledFromStart')}>{t('card.yes')}</Item> : null}
        {policy.educationalInstitution.name ? (
          <Item term={t('card.institution')}>{policy.educationalInstitution.name}</Item>
        ) : null}
        {policy.faculty ? <Item term={t('card.faculty')}>{policy.faculty}</Item> : null}
        {policy.study ? <Item term={t('card.study')}>{policy.study}</Item> : null}
        <Item term={t('card.destination')}>{countryName(policy.destination, locale)}</Item>
        {policy.destinationAddress ? (
          <Item term={t('card.destinationAddress')}>
            <PostalAddress
              address={policy.destinationAddress}
              country={countryName(policy.destinationAddress.country, locale)}
            />
          </Item>
        ) : null}
        {/* The instalment beside its term, as the invoices bill it; the period's total apart. */}
        <Item term={t('card.premium')}>
          {t('card.premiumValue', {
            amount: formatMoney(premiumPerTerm(policy), locale),
            term: t(`paymentTerm.${policy.paymentTerm}`),
            method: t(`paymentMethod.${policy.paymentMethod}`),
          })}
        </Item>
        {policy.paymentTerm === 'AT_ONCE' ? null : (
          <Item term={t('card.premiumTotal')}>{formatMoney(policy.premium, locale)}</Item>
        )}
      </dl>
      <PolicyDocuments policy={policy} />
    </>
  );
}

type ItemProps = { term: string; children: ReactNode };

function Item({ term, children }: ItemProps) {
  return (
    <div className="definition">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const regionNames = new Map<string, Intl.DisplayNames>();

// The wire carries ISO codes; the browser knows the names in the reader's language.
function countryName(code: string, locale: string): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { formatMoney } from '@portal/contract/domain';

import type { TransferDetails } from '../api/start-payment';
import { CopyButton } from './copy-button';

export type BankTransferDetailsProps = { details: TransferDetails };

/** Where to transfer the money to, each value with a copy button; the invoice turns paid on arrival. */
export function BankTransferDetails({ details }: BankTransferDetailsProps) {
  const { t } = useTranslation('billing');
  const { locale } = useLocale();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The details replace the form: focus moves to them so a keyboard or screen-reader user is there too.
  useEffect(() => heading.current?.focus(), []);
  const rows = [
    { key: 'iban', value: details.iban, shown: details.iban },
    { key: 'bic', value: details.bic, shown: details.bic },
    { key: 'reference', value: details.reference, shown: details.reference },
    { key: 'amount', value: details.amount.toFixed(2), shown: formatMoney(details.amount, locale) },
  ] as const;
  return (
    <section className="bank-transfer" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('transfer.title')}
      </h2>
      <p>{t('transfer.intro')}</p>
      <dl className="bank-transfer__details">
        {rows.map((row) => (
          <div key={row.key} className="bank-transfer__row">
            <dt>{t(`transfer.${row.key}`)}</dt>
            <dd>
              <span className="bank-transfer__value">{row.shown}</span>
              <CopyButton value={row.value} label={t(`transfer.${row.key}`)} />
            </dd>
          </div>
        ))}
      </dl>
      <p>{t('transfer.paidWhenArrived')}</p>
    </section>
  );
}

import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { formatDate, formatMoney } from '@portal/contract/domain';
import type { Invoice } from '@portal/contract/domain';

import './invoice-table.css';

export type InvoiceTableProps = {
  title: string;
  empty: string;
  invoices: Invoice[];
  /** Paid invoices have nothing outstanding: the column is left out there. */
  showOutstanding: boolean;
  /** A last column per invoice, e.g. the Pay action of an open invoice. */
  action?: { header: string; render: (invoice: Invoice) => ReactNode };
};

/** One list of invoices as a table; on narrow screens the CSS stacks each row. */
export function InvoiceTable({ title, empty, invoices, showOutstanding, action }: InvoiceTableProps) {
  const { t } = useTranslation('billing');
  const { locale } = useLocale();
  const headingId = useId();
  return (
    <section className="invoice-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {invoices.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <table className="table table--stacked" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('columns.number')}</th>
              <th scope="col">{t('columns.policyNumber')}</th>
              <th scope="col">{t('columns.date')}</th>
              <th scope="col">{t('columns.period')}</th>
              <th scope="col" className="table__amount">
                {t('columns.amount')}
              </th>
              {showOutstanding ? (
                <th scope="col" className="table__amount">
                  {t('columns.outstanding')}
                </th>
              ) : null}
              {action ? <th scope="col">{action.header}</th> : null}
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.number}>
                <th scope="row" data-label={t('columns.number')}>
                  {invoice.number}
                </th>
                <td data-label={t('columns.policyNumber')}>{invoice.policyNumber}</td>
                <td data-label={t('columns.date')}>{formatDate(invoice.date, locale)}</td>
                <td data-label={t('columns.period')}>
                  {t('periodValue', {
                    from: formatDate(invoice.periodFromDate, locale),
                    until: formatDate(invoice.periodUntilDate, locale),
                  })}
                </td>
                <td className="table__amount" data-label={t('columns.amount')}>
                  {formatMoney(invoice.amount, locale)}
                </td>
                {showOutstanding ? (
                  <td className="table__amount" data-label={t('columns.outstanding')}>
                    {formatMoney(invoice.outstandingAmount, locale)}
                  </td>
                ) : null}
                {action ? <td data-label={action.header}>{action.render(invoice)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

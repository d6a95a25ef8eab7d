import { useEffect, useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate } from '@portal/shared';
import { Alert, ResourceView } from '@portal/ui';
import type { PageProps } from '@portal/shared';
import type { Invoice } from '@portal/contract/domain';

import { useInvoices } from '../api/get-invoices';
import type { InvoicesResult } from '../api/get-invoices';
import { InvoiceTable } from './invoice-table';
import { PaymentReturnStatus, isPaymentPending, usePaymentReturn } from '../../payments';
import type { PaymentReturn } from '../../payments';

export type InvoicesPageProps = PageProps;

/** The student's invoices, open and paid; open ones can be paid online. */
export function InvoicesPage(_props: InvoicesPageProps) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  return (
    <section className="invoices-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('title')}</h1>
      <ProfileGate loginText={t('loginFirst')}>
        {(profileId) => <Invoices profileId={profileId} />}
      </ProfileGate>
    </section>
  );
}

type InvoicesProps = { profileId: string };

function Invoices({ profileId }: InvoicesProps) {
  const { t } = useTranslation('billing');
  const invoices = useInvoices(profileId);
  const payment = usePaymentReturn(profileId);
  const { retry } = invoices;
  // Once the backend reports the payment, the lists are loaded again to show the invoice as paid.
  useEffect(() => {
    if (payment.status === 'received') retry();
  }, [payment.status, retry]);
  return (
    <>
      <PaymentReturnStatus payment={payment} />
      <ResourceView resource={invoices} errorText={t('error')} loadingLabel={t('loading')}>
        {(result) => <InvoiceOverview result={result} payment={payment} />}
      </ResourceView>
    </>
  );
}

type InvoiceOverviewProps = { result: InvoicesResult; payment: PaymentReturn };

function InvoiceOverview({ result, payment }: InvoiceOverviewProps) {
  const { t } = useTranslation('billing');
  if (result.paidByInstitute) {
    return (
      <Alert
        type="info"
        title={t('paidByInstituteTitle')}
        messages={[{ code: 'invoices.paid.by.institute', context: { ns: 'billing' } }]}
        closable={false}
      />
    );
  }
  const open = result.invoices.filter((invoice) => invoice.state === 'open');
  const paid = result.invoices.filter((invoice) => invoice.state === 'paid');
  const pending = (invoice: Invoice) =>
    (payment.status === 'pending' && payment.invoiceNumber === invoice.number) ||
    isPaymentPending(invoice.number);
  return (
    <>
      <InvoiceTable
        title={t('open.title')}
        empty={t('open.empty')}
        invoices={open}
        showOutstanding
        action={{
          header: t('columns.payment'),
          render: (invoice) => <PayAction invoice={invoice} pending={pending(invoice)} />,
        }}
      />
      <InvoiceTable title={t('paid.title')} empty={t('paid.empty')} invoices={paid} showOutstanding={false} />
    </>
  );
}

type PayActionProps = { invoice: Invoice; pending: boolean };

/** The Pay link of an open invoice; while a payment of it is pending there is nothing to press. */
function PayAction({ invoice, pending }: PayActionProps) {
  const { t } = useTranslation('billing');
  if (pending) return <span className="invoice-list__pending">{t('payment.pending.title')}</span>;
  return (
    <Link className="button button--secondary" to={paths.payInvoice(invoice.number)}>
      {t('pay.action')}
      <span className="visually-hidden"> {t('pay.actionInvoice', { number: invoice.number })}</span>
    </Link>
  );
}

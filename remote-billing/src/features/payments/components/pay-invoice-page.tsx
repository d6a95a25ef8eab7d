import { useId } from 'react';
import * as v from 'valibot';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths, ProfileGate, useLocale } from '@portal/shared';
import { formatDate, formatMoney } from '@portal/contract/domain';
import type { Invoice } from '@portal/contract/domain';
import { Alert, Button, RadioGroup, ResourceView, useValibotForm } from '@portal/ui';
import type { PageProps } from '@portal/shared';

import { useInvoices } from '../../invoices';
import type { InvoicesResult } from '../../invoices';
import { PAY_METHODS, usePayInvoice } from '../api/start-payment';
import type { PaymentFailure } from '../api/start-payment';
import { isPaymentPending } from '../lib/pending-payments';
import { BankTransferDetails } from './bank-transfer-details';

export type PayInvoicePageProps = PageProps;

/** `/invoices/{invoiceNumber}/pay`: pay one open invoice by card, iDeal or bank transfer. */
export function PayInvoicePage({ invoiceNumber = '' }: PayInvoicePageProps) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  return (
    <section className="pay-invoice-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('pay.title', { number: invoiceNumber })}</h1>
      <ProfileGate loginText={t('loginFirst')}>
        {(profileId) => <PayInvoice profileId={profileId} invoiceNumber={invoiceNumber} />}
      </ProfileGate>
      <p>
        <Link to={paths.invoices()}>{t('pay.back')}</Link>
      </p>
    </section>
  );
}

type PayInvoiceProps = { profileId: string; invoiceNumber: string };

function PayInvoice({ profileId, invoiceNumber }: PayInvoiceProps) {
  const { t } = useTranslation('billing');
  return (
    <ResourceView resource={useInvoices(profileId)} errorText={t('error')} loadingLabel={t('loading')}>
      {(result) => <PayableInvoice result={result} invoiceNumber={invoiceNumber} />}
    </ResourceView>
  );
}

type PayableInvoiceProps = { result: InvoicesResult; invoiceNumber: string };

/** Only an open invoice of the student, with no payment pending, can be paid. */
function PayableInvoice({ result, invoiceNumber }: PayableInvoiceProps) {
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
  const invoice = result.invoices.find((candidate) => candidate.number === invoiceNumber);
  const context = { ns: 'billing', number: invoiceNumber };
  if (!invoice) {
    return (
      <Alert
        type="error"
        title={t('pay.notFound.title')}
        messages={[{ code: 'pay.notFound.message', context }]}
        closable={false}
        takeFocus={false}
      />
    );
  }
  if (invoice.state === 'paid') {
    return (
      <Alert
        type="success"
        title={t('pay.alreadyPaid.title')}
        messages={[{ code: 'pay.alreadyPaid.message', context }]}
        closable={false}
      />
    );
  }
  if (isPaymentPending(invoice.number)) {
    return (
      <Alert
        type="info"
        title={t('payment.pending.title')}
        messages={[{ code: 'payment.pending.blocked', context }]}
        closable={false}
      />
    );
  }
  return (
    <>
      <InvoiceSummary invoice={invoice} />
      <PaymentChoice invoice={invoice} />
    </>
  );
}

function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('billing');
  const { locale } = useLocale();
  return (
    <dl className="invoice-summary">
      <div>
        <dt>{t('pay.amountDue')}</dt>
        <dd className="invoice-summary__amount">{formatMoney(invoice.outstandingAmount, locale)}</dd>
      </div>
      <div>
        <dt>{t('columns.period')}</dt>
        <dd>
          {t('periodValue', {
            from: formatDate(invoice.periodFromDate, locale),
            until: formatDate(invoice.periodUntilDate, locale),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('columns.policyNumber')}</dt>
        <dd>{invoice.policyNumber}</dd>
      </div>
    </dl>
  );
}

/** The form's one field: how to pay. */
export const payFormSchema = v.object({ method: v.picklist(PAY_METHODS, 'validation.option') });

const FAILURE_KEYS: Record<PaymentFailure, string> = {
  alreadyPaid: 'pay.failed.alreadyPaid',
  unavailable: 'pay.failed.unavailable',
  failed: 'pay.failed.other',
};

function PaymentChoice({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('billing');
  const form = useValibotForm(payFormSchema, { method: '' as (typeof PAY_METHODS)[number] });
  const { state, pay } = usePayInvoice(invoice.number);
  const onSubmit = form.handleSubmit(({ method }) => pay(method));

  if (state.status === 'transfer') return <BankTransferDetails details={state.details} />;

  const options = PAY_METHODS.map((value) => ({ value, label: t(`pay.methods.${value}`) }));
  return (
    <>
      {state.status === 'failed' ? (
        <Alert
          type="error"
          title={t('pay.failed.title')}
          messages={[{ code: FAILURE_KEYS[state.failure], context: { ns: 'billing' } }]}
        />
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <RadioGroup {...form.field('method')} legend={t('pay.method')} options={options} />
        <Button type="submit" busy={form.isSubmitting || state.status === 'redirecting'}>
          {t('pay.submit')}
        </Button>
      </form>
    </>
  );
}

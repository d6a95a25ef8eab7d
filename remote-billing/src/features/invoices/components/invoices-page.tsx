import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { ProfileGate } from '@portal/shared';
import { Alert, ResourceView } from '@portal/shared/ui';
import type { PageProps } from '@portal/shared';

import { useInvoices } from '../api/get-invoices';
import type { InvoicesResult } from '../api/get-invoices';
import { InvoiceTable } from './invoice-table';

export type InvoicesPageProps = PageProps;

/** The student's invoices, open and paid. */
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
  return (
    <ResourceView resource={useInvoices(profileId)} errorText={t('error')} loadingLabel={t('loading')}>
      {(result) => <InvoiceOverview result={result} />}
    </ResourceView>
  );
}

type InvoiceOverviewProps = { result: InvoicesResult };

function InvoiceOverview({ result }: InvoiceOverviewProps) {
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
  return (
    <>
      <InvoiceTable title={t('open.title')} empty={t('open.empty')} invoices={open} showOutstanding />
      <InvoiceTable title={t('paid.title')} empty={t('paid.empty')} invoices={paid} showOutstanding={false} />
    </>
  );
}

import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { Alert, paths, useAuthStore } from '@portal/shared';
import type { PageProps } from '@portal/shared';

import { useInvoices } from '../api/get-invoices';
import { InvoiceTable } from './invoice-table';

export type InvoicesPageProps = PageProps;

/** The student's invoices, open and paid. */
export function InvoicesPage(_props: InvoicesPageProps) {
  const { t } = useTranslation('billing');
  const headingId = useId();
  const profileId = useAuthStore((state) => state.profileId);
  return (
    <section className="invoices-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('title')}</h1>
      {profileId ? (
        <Invoices profileId={profileId} />
      ) : (
        <p>
          <Link to={paths.login()}>{t('loginFirst')}</Link>
        </p>
      )}
    </section>
  );
}

type InvoicesProps = { profileId: string };

function Invoices({ profileId }: InvoicesProps) {
  const { t } = useTranslation('billing');
  const { state, retry } = useInvoices(profileId);

  // Each message is its own live region (status, alert): wrapping it in aria-live as well would
  // have screen readers announce it twice.
  if (state.status === 'loading') return <p role="status">{t('loading')}</p>;
  if (state.status === 'error') {
    return (
      <div role="alert" className="load-error">
        <p>{t('error')}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (state.data.paidByInstitute) {
    return (
      <Alert
        type="info"
        title={t('paidByInstituteTitle')}
        messages={[{ code: 'invoices.paid.by.institute', context: { ns: 'billing' } }]}
        closable={false}
      />
    );
  }
  const { invoices } = state.data;
  const open = invoices.filter((invoice) => invoice.state === 'open');
  const paid = invoices.filter((invoice) => invoice.state === 'paid');
  return (
    <>
      <InvoiceTable title={t('open.title')} empty={t('open.empty')} invoices={open} showOutstanding />
      <InvoiceTable title={t('paid.title')} empty={t('paid.empty')} invoices={paid} showOutstanding={false} />
    </>
  );
}

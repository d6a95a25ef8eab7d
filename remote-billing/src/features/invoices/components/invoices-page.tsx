import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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

  if (state.status === 'loading') {
    return (
      <div aria-live="polite" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div aria-live="polite" role="alert" className="load-error">
        <p>{t('error')}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (state.data.paidByInstitute) {
    return (
      <div aria-live="polite">
        <Alert
          type="info"
          title={t('paidByInstituteTitle')}
          messages={[{ code: 'invoices.paid.by.institute', context: { ns: 'billing' } }]}
          closable={false}
        />
      </div>
    );
  }
  const { invoices } = state.data;
  const open = invoices.filter((invoice) => invoice.state === 'open');
  const paid = invoices.filter((invoice) => invoice.state === 'paid');
  return (
    <div aria-live="polite">
      <InvoiceTable title={t('open.title')} empty={t('open.empty')} invoices={open} showOutstanding />
      <InvoiceTable title={t('paid.title')} empty={t('paid.empty')} invoices={paid} showOutstanding={false} />
    </div>
  );
}

import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { Alert, Spinner } from '@portal/ui';

import type { PaymentReturn } from '../lib/use-payment-return';

export type PaymentReturnStatusProps = { payment: PaymentReturn };

/** What became of the payment the student just came back from (received, pending, or cancelled). */
export function PaymentReturnStatus({ payment }: PaymentReturnStatusProps) {
  const { t } = useTranslation('billing');
  if (payment.status === 'none') return null;
  const context = { ns: 'billing', number: payment.invoiceNumber };
  if (payment.status === 'received') {
    return (
      <Alert
        type="success"
        title={t('payment.received.title')}
        messages={[{ code: 'payment.received.message', context }]}
      />
    );
  }
  if (payment.status === 'cancelled') {
    return (
      <Alert
        type="error"
        title={t('payment.cancelled.title')}
        messages={[{ code: 'payment.cancelled.message', context }]}
        closable={false}
        takeFocus={false}
      >
        <p>
          <Link to={paths.payInvoice(payment.invoiceNumber)}>
            {t('payment.cancelled.retry', { number: payment.invoiceNumber })}
          </Link>
        </p>
      </Alert>
    );
  }
  return (
    <Alert
      type="info"
      title={t('payment.pending.title')}
      messages={[
        { code: payment.checking ? 'payment.pending.checking' : 'payment.pending.unconfirmed', context },
      ]}
      closable={false}
    >
      {payment.checking ? <Spinner size="small" decorative /> : null}
    </Alert>
  );
}

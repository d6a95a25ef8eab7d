// The payments feature as other features see it: what the invoices page shows of a payment that is
// on its way back from the provider, and which invoices are still being paid.
export { PaymentReturnStatus } from './components/payment-return-status';
export { isPaymentPending, markPaymentPending } from './lib/pending-payments';
export { POLL_ATTEMPTS, POLL_INTERVAL_MS, usePaymentReturn } from './lib/use-payment-return';
export type { PaymentReturn } from './lib/use-payment-return';

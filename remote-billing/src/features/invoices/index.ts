// The invoices feature as other features see it: the student's invoices, as the payment pages read them.
export { getInvoices, useInvoices } from './api/get-invoices';
export type { InvoicesResult } from './api/get-invoices';

import type { Db } from '../../db/db.js';

// The SQL of invoices and their payments at the provider (the sandbox). Each function takes the database
// or a transaction, so that the routes decide what is written together.

/** An invoices row. */
export interface InvoiceRow {
  policy_number: string;
  invoice_number: string;
  profile_id: string;
  invoice_date: Date;
  period_from: Date;
  period_until: Date;
  amount: string;
  outstanding: string;
}

/** A payments row. */
export interface PaymentRow {
  ref: string;
  invoice_number: string;
  profile_id: string | null;
  return_url: string;
  status: 'PENDING' | 'PAID' | 'CANCELLED';
  method: string;
}

/** The profile's invoices, newest first. */
export function listInvoices(db: Db, profileId: string): Promise<InvoiceRow[]> {
  return db.query<InvoiceRow>(
    'SELECT * FROM invoices WHERE profile_id = $1 ORDER BY invoice_date DESC, invoice_number DESC',
    [profileId],
  );
}

export async function findInvoice(
  db: Db,
  invoiceNumber: string,
): Promise<Pick<InvoiceRow, 'profile_id' | 'outstanding' | 'invoice_number'> | undefined> {
  const [invoice] = await db.query<Pick<InvoiceRow, 'profile_id' | 'outstanding' | 'invoice_number'>>(
    'SELECT profile_id, outstanding, invoice_number FROM invoices WHERE invoice_number = $1',
    [invoiceNumber],
  );
  return invoice;
}

export async function markInvoicePaid(db: Db, invoiceNumber: string): Promise<void> {
  await db.query('UPDATE invoices SET outstanding = 0 WHERE invoice_number = $1', [invoiceNumber]);
}

export async function findPayment(db: Db, ref: string): Promise<PaymentRow | undefined> {
  const [payment] = await db.query<PaymentRow>('SELECT * FROM payments WHERE ref = $1', [ref]);
  return payment;
}

/** Cancels the invoice's payments still pending at the provider: an older one can no longer complete. */
export async function cancelPendingPayments(db: Db, invoiceNumber: string): Promise<void> {
  await db.query(
    "UPDATE payments SET status = 'CANCELLED' WHERE invoice_number = $1 AND status = 'PENDING'",
    [invoiceNumber],
  );
}

export async function insertPayment(
  db: Db,
  payment: { ref: string; invoiceNumber: string; method: string; returnUrl: string; profileId: string },
): Promise<void> {
  await db.query(
    'INSERT INTO payments (ref, invoice_number, method, return_url, profile_id) VALUES ($1, $2, $3, $4, $5)',
    [payment.ref, payment.invoiceNumber, payment.method, payment.returnUrl, payment.profileId],
  );
}

/** Closes a payment still pending as `status`; whether it was still pending (a second post is not). */
export async function closePayment(db: Db, ref: string, status: 'PAID' | 'CANCELLED'): Promise<boolean> {
  const closed = await db.query(
    "UPDATE payments SET status = $2 WHERE ref = $1 AND status = 'PENDING' RETURNING ref",
    [ref, status],
  );
  return closed.length > 0;
}

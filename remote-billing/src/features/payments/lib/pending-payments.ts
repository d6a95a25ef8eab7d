/**
 * Payments sent to the provider and not yet confirmed, per invoice, in session storage: the
 * student comes back from the provider's page in the same tab, and until the backend reports the
 * invoice paid the portal must not start a second payment of it.
 */
const PREFIX = 'billing.pendingPayment.';

/**
 * How long a payment counts as pending without news from the backend. A student who leaves the
 * provider's page without choosing may pay again after this; the backend then cancels the older one.
 */
export const PENDING_PAYMENT_MS = 15 * 60 * 1000;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser: the backend still refuses a second payment of a paid invoice.
    return null;
  }
}

/** Remembers that a payment of `invoiceNumber` was sent to the provider at `now`. */
export function markPaymentPending(invoiceNumber: string, now: number = Date.now()): void {
  storage()?.setItem(`${PREFIX}${invoiceNumber}`, String(now));
}

/** Forgets the pending payment (paid, cancelled or failed). */
export function clearPendingPayment(invoiceNumber: string): void {
  storage()?.removeItem(`${PREFIX}${invoiceNumber}`);
}

/** Whether a payment of `invoiceNumber` was started less than {@link PENDING_PAYMENT_MS} ago. */
export function isPaymentPending(invoiceNumber: string, now: number = Date.now()): boolean {
  const stored = storage()?.getItem(`${PREFIX}${invoiceNumber}`);
  const startedAt = stored ? Number(stored) : Number.NaN;
  if (!Number.isFinite(startedAt)) return false;
  if (now - startedAt >= PENDING_PAYMENT_MS || startedAt > now) {
    clearPendingPayment(invoiceNumber);
    return false;
  }
  return true;
}

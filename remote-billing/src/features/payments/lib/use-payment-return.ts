import { useEffect, useState } from 'react';
import { useSearchParams } from '@portal/shared/router';

import { getInvoices } from '../../invoices';
import { INVOICE_PARAM, RESULT_PARAM } from '../api/start-payment';
import { clearPendingPayment, isPaymentPending } from './pending-payments';

/** How often, and how many times, the invoices are asked again while a payment is pending. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_ATTEMPTS = 15;

/**
 * Where a payment that came back from the provider stands:
 * - `pending`: the backend has not reported the invoice paid yet (`checking` while still asking);
 * - `received`: the backend reports it paid;
 * - `cancelled`: the provider says it was cancelled or failed, and the invoice is still open.
 */
export type PaymentReturn =
  | { status: 'none' }
  | { status: 'pending'; invoiceNumber: string; checking: boolean }
  | { status: 'received'; invoiceNumber: string }
  | { status: 'cancelled'; invoiceNumber: string };

type Invoices = Awaited<ReturnType<typeof getInvoices>>;

function isPaid(result: Invoices, invoiceNumber: string): boolean {
  if (result.paidByInstitute) return false;
  return result.invoices.some((invoice) => invoice.number === invoiceNumber && invoice.state === 'paid');
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Reads the provider's answer from the return URL (`?invoice=…&payment=paid|cancelled`), and for
 * a payment the provider reports done or the student left pending, asks the backend for a short
 * while until it reports the invoice paid. Only the backend's word makes a payment `received`.
 */
export function usePaymentReturn(profileId: string): PaymentReturn {
  const [params] = useSearchParams();
  const invoiceNumber = params.get(INVOICE_PARAM) ?? '';
  const result = params.get(RESULT_PARAM);
  const [state, setState] = useState<PaymentReturn>({ status: 'none' });

  useEffect(() => {
    if (!invoiceNumber) {
      setState({ status: 'none' });
      return;
    }
    if (result !== 'paid' && result !== 'cancelled' && !isPaymentPending(invoiceNumber)) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const check = async () => {
      if (result === 'cancelled') {
        // Nothing was charged: the invoice may be paid again at once.
        clearPendingPayment(invoiceNumber);
        setState({ status: 'cancelled', invoiceNumber });
        return;
      }
      setState({ status: 'pending', invoiceNumber, checking: true });
      for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt += 1) {
        if (attempt > 0) await wait(POLL_INTERVAL_MS, signal);
        try {
          if (isPaid(await getInvoices(profileId, signal), invoiceNumber)) {
            clearPendingPayment(invoiceNumber);
            setState({ status: 'received', invoiceNumber });
            return;
          }
        } catch (error) {
          if (signal.aborted) throw error;
          // A failed check is asked again on the next round, like a payment not yet confirmed.
        }
      }
      setState({ status: 'pending', invoiceNumber, checking: false });
    };
    check().catch(() => {
      // Aborted: the page went away or the URL changed.
    });
    return () => controller.abort();
  }, [profileId, invoiceNumber, result]);

  return state;
}

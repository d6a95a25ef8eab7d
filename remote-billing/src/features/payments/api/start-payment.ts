import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { BASENAME, errorStatus, http, paths, readApiError } from '@portal/shared';

import { markPaymentPending } from '../lib/pending-payments';

/** How an open invoice can be paid online (docs/requirements.md §2, §9). */
export const PAY_METHODS = ['CREDITCARD', 'IDEAL', 'BANK_TRANSFER'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Card and iDeal: the provider's page, a path on the portal's own origin. */
const redirectSchema = v.object({
  redirectUrl: v.pipe(
    v.string(),
    v.check((url) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\'), 'same origin'),
  ),
});

/** Bank transfer: where to send the money, and with which reference. */
export const transferSchema = v.object({
  iban: v.pipe(v.string(), v.nonEmpty()),
  bic: v.pipe(v.string(), v.nonEmpty()),
  reference: v.pipe(v.string(), v.nonEmpty()),
  amount: v.pipe(v.number(), v.finite()),
});
export type TransferDetails = v.InferOutput<typeof transferSchema>;

/** The invoice number travels in the return URL so the invoices page knows which payment came back. */
export const INVOICE_PARAM = 'invoice';
/** Added by the provider on the way back: `paid` or `cancelled`. */
export const RESULT_PARAM = 'payment';

/** The path the provider sends the student back to: the invoices page, naming the invoice. */
export function paymentReturnUrl(invoiceNumber: string): string {
  return `${BASENAME}${paths.invoices()}?${new URLSearchParams({ [INVOICE_PARAM]: invoiceNumber }).toString()}`;
}

/** What a payment request failed with, for the page to explain. */
export type PaymentFailure = 'alreadyPaid' | 'unavailable' | 'failed';

/** The body of a 200 for `method` does not match the contract. */
export class MalformedPaymentError extends Error {
  constructor(detail: string) {
    super(`The payment response does not match the contract: ${detail}`);
    this.name = 'MalformedPaymentError';
  }
}

export type PaymentStart =
  { kind: 'redirect'; redirectUrl: string } | ({ kind: 'transfer' } & TransferDetails);

/** Checks the body of a 200 against the contract for the chosen method. */
export function parsePaymentStart(method: PayMethod, body: unknown): PaymentStart {
  if (method === 'BANK_TRANSFER') {
    const result = v.safeParse(transferSchema, body);
    if (!result.success) throw new MalformedPaymentError(v.summarize(result.issues));
    return { kind: 'transfer', ...result.output };
  }
  const result = v.safeParse(redirectSchema, body);
  if (!result.success) throw new MalformedPaymentError(v.summarize(result.issues));
  return { kind: 'redirect', redirectUrl: result.output.redirectUrl };
}

/** `POST /api/en/invoices/{invoiceNumber}/payment` (docs/contract.md). */
export async function startPayment(invoiceNumber: string, method: PayMethod): Promise<PaymentStart> {
  const response = await http.post(`api/en/invoices/${encodeURIComponent(invoiceNumber)}/payment`, {
    json: { method, returnUrl: paymentReturnUrl(invoiceNumber) },
  });
  return parsePaymentStart(method, await response.json());
}

/** Maps a failed payment request to what the page says: paid already, no provider, or a failure. */
export async function paymentFailure(error: unknown): Promise<PaymentFailure> {
  const status = errorStatus(error);
  const code = (await readApiError(error))?.code;
  if (status === 409 && code === 'ALREADY_PAID') return 'alreadyPaid';
  if (status === 503) return 'unavailable';
  return 'failed';
}

/** Sends the browser to the provider's page; a seam for the tests, which cannot leave jsdom. */
export const browser = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};

export type PayState =
  | { status: 'idle' }
  | { status: 'redirecting' }
  | { status: 'transfer'; details: TransferDetails }
  | { status: 'failed'; failure: PaymentFailure };

/**
 * Starts a payment: for card and iDeal it remembers the payment as pending and leaves for the
 * provider's page; for a bank transfer it keeps the details to show.
 */
export function usePayInvoice(invoiceNumber: string) {
  const [state, setState] = useState<PayState>({ status: 'idle' });
  const pay = useCallback(
    async (method: PayMethod) => {
      setState({ status: 'idle' });
      try {
        const start = await startPayment(invoiceNumber, method);
        if (start.kind === 'transfer') {
          const { kind: _kind, ...details } = start;
          setState({ status: 'transfer', details });
          return;
        }
        markPaymentPending(invoiceNumber);
        setState({ status: 'redirecting' });
        browser.leaveFor(start.redirectUrl);
      } catch (error) {
        setState({ status: 'failed', failure: await paymentFailure(error) });
      }
    },
    [invoiceNumber],
  );
  return { state, pay };
}

import { useCallback, useState } from 'react';
import type * as v from 'valibot';
import { BASENAME, errorStatus, http, paths, readApiError } from '@portal/shared';
import { parseJson } from '@portal/shared/get-json';
import {
  API_PATHS,
  INVOICE_PAY_METHODS,
  invoicePaymentPath,
  invoicePaymentRedirectWireSchema,
  invoicePaymentTransferWireSchema,
} from '@portal/contract/wire';

import { markPaymentPending } from '../lib/pending-payments';

/** How an open invoice can be paid online (docs/requirements.md §2, §9). */
export const PAY_METHODS = INVOICE_PAY_METHODS;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Bank transfer: where to send the money, and with which reference. */
export type TransferDetails = v.InferOutput<typeof invoicePaymentTransferWireSchema>;

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

export type PaymentStart =
  { kind: 'redirect'; redirectUrl: string } | ({ kind: 'transfer' } & TransferDetails);

/**
 * Checks the body of a 200 against the contract for the chosen method: card and iDeal answer the
 * provider's page (a path on the portal's own origin), a bank transfer the details to pay with.
 */
export function parsePaymentStart(
  method: PayMethod,
  body: unknown,
  path: string = API_PATHS.invoicePayment,
): PaymentStart {
  if (method === 'BANK_TRANSFER')
    return { kind: 'transfer', ...parseJson(path, invoicePaymentTransferWireSchema, body) };
  const { redirectUrl } = parseJson(path, invoicePaymentRedirectWireSchema, body);
  return { kind: 'redirect', redirectUrl };
}

/** `POST /api/en/invoices/{invoiceNumber}/payment` (docs/contract.md). */
export async function startPayment(invoiceNumber: string, method: PayMethod): Promise<PaymentStart> {
  const path = invoicePaymentPath(invoiceNumber);
  const response = await http.post(path, { json: { method, returnUrl: paymentReturnUrl(invoiceNumber) } });
  return parsePaymentStart(method, await response.json(), path);
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

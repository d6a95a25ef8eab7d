import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import { escapeHtml } from '../../html.js';
import { XSRF_COOKIE, requirePrincipal } from '../../auth/session.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import { wireDate } from '../policies/store.js';
import * as store from './store.js';

/** Where the sandbox lives; the anti-forgery hook leaves its form posts to the page's own check. */
export const SANDBOX_PREFIX = '/api/sandbox/';

/** Invoice numbers and payment references are short codes; anything else is never looked up. */
const INVOICE_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
const PAYMENT_REF = /^[0-9a-f]{32}$/;

// C0 and C1 controls and DEL: browsers drop tabs and newlines inside URLs, so `/<TAB>/evil.example`
// would be read as `//evil.example`; CR/LF would split the Location header.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The return URL as a same-origin path (`/en/invoices?x=1`), or null when it is not one. It must
 * start with a single `/`, hold no backslash (browsers read `/\evil.example` as `//evil.example`)
 * and no control character, and parse against the portal's origin to that same origin.
 */
export function sameOriginPath(returnUrl: string, portalOrigin: string): string | null {
  if (!returnUrl.startsWith('/') || returnUrl.startsWith('//')) return null;
  if (returnUrl.includes('\\') || CONTROL_CHARACTERS.test(returnUrl)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(portalOrigin);
    url = new URL(returnUrl, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  return `${url.pathname}${url.search}`;
}

const paymentRequestSchema = v.object({
  method: v.picklist(['CREDITCARD', 'IDEAL', 'BANK_TRANSFER'], 'validation.option'),
  returnUrl: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(2000, 'validation.maxLength'),
  ),
});

/** The account the portal's bank transfers go to. */
const TRANSFER_ACCOUNT = { iban: 'NL20INGB0001234567', bic: 'INGBNL2A' } as const;

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type ProfileParams = { Params: { profileId: string } };

/**
 * The student's invoices, and their payment: bank transfer details, or a payment at the provider. The
 * only provider is the sandbox, and only with API_PAYMENT_SANDBOX=1; without it card and iDeal answer 503.
 */
export async function paymentRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  app.get<ProfileParams>('/api/en/profiles/:profileId/invoices', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    // The institute pays: the student has no invoices of their own.
    if (principal.customerType === 'INSTITUTE') return reply.status(204).send();
    const rows = await store.listInvoices(db, request.params.profileId);
    return rows.map((row) => ({
      policyNumber: row.policy_number,
      invoiceNumber: row.invoice_number,
      invoiceDate: wireDate(row.invoice_date),
      periodFromDate: wireDate(row.period_from),
      periodUntilDate: wireDate(row.period_until),
      isOutstanding: Number(row.outstanding) > 0 ? ('J' as const) : ('N' as const),
      amount: Number(row.amount),
      outstandingAmount: Number(row.outstanding),
    }));
  });

  app.post<{ Params: { invoiceNumber: string } }>(
    '/api/en/invoices/:invoiceNumber/payment',
    async (request) => {
      const principal = await requirePrincipal(db, config, request);
      if (!INVOICE_NUMBER.test(request.params.invoiceNumber)) throw errors.notFound('Invoice');
      const invoice = await store.findInvoice(db, request.params.invoiceNumber);
      if (!invoice) throw errors.notFound('Invoice');
      if (invoice.profile_id !== principal.profileId) throw errors.forbidden();
      const body = parseBody(paymentRequestSchema, request.body);
      const returnPath = sameOriginPath(body.returnUrl, config.publicOrigin);
      if (returnPath === null) throw errors.validation([{ field: 'returnUrl', code: 'validation.option' }]);
      if (Number(invoice.outstanding) <= 0)
        throw new ApiError(409, 'ALREADY_PAID', 'This invoice has been paid.');
      if (body.method === 'BANK_TRANSFER') {
        return {
          ...TRANSFER_ACCOUNT,
          reference: invoice.invoice_number,
          amount: Number(invoice.outstanding),
        };
      }
      if (!config.paymentSandbox) {
        throw new ApiError(
          503,
          'PAYMENT_PROVIDER_UNAVAILABLE',
          'Online payment is not available at the moment. Please try again later or pay by bank transfer.',
        );
      }
      const ref = randomBytes(16).toString('hex');
      await db.transaction(async (tx) => {
        // One payment at a time per invoice: an older one left open at the provider can no longer
        // complete, so the invoice is never charged twice.
        await store.cancelPendingPayments(tx, invoice.invoice_number);
        await store.insertPayment(tx, {
          ref,
          invoiceNumber: invoice.invoice_number,
          method: body.method,
          returnUrl: returnPath,
          profileId: principal.profileId,
        });
      });
      return { redirectUrl: `${SANDBOX_PREFIX}pay/${ref}` };
    },
  );

  if (config.paymentSandbox) await app.register(sandboxRoutes, { db, config });
}

/**
 * The provider's hosted page, for development and the journeys: it shows the payment and changes
 * it only by a POST from its own form, for the student who started it.
 */
async function sandboxRoutes(app: FastifyInstance, { db, config }: Pick<RouteContext, 'db' | 'config'>) {
  // The page's form posts urlencoded; this parser exists only inside the sandbox.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString())));
    },
  );

  async function ownPayment(request: { params: { ref: string } } & Parameters<typeof requirePrincipal>[2]) {
    const principal = await requirePrincipal(db, config, request);
    if (!PAYMENT_REF.test(request.params.ref)) throw errors.notFound('Payment');
    const payment = await store.findPayment(db, request.params.ref);
    // Another student's payment is reported as missing: its reference says nothing to them.
    if (!payment || payment.profile_id !== principal.profileId) throw errors.notFound('Payment');
    return payment;
  }

  app.get<{ Params: { ref: string } }>(`${SANDBOX_PREFIX}pay/:ref`, async (request, reply) => {
    const payment = await ownPayment(request);
    const invoice = await store.findInvoice(db, payment.invoice_number);
    const token = request.cookies[XSRF_COOKIE] ?? '';
    const amount = Number(invoice?.outstanding ?? 0).toFixed(2);
    const open = payment.status === 'PENDING';
    const form = open
      ? `<form method="post" action="${SANDBOX_PREFIX}pay/${payment.ref}">` +
        `<input type="hidden" name="xsrf" value="${escapeHtml(token)}">` +
        `<button type="submit" name="action" value="pay">Pay</button> ` +
        `<button type="submit" name="action" value="cancel">Cancel</button></form>`
      : `<p>This payment is closed.</p>`;
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Payment sandbox</title></head>` +
          `<body><main><h1>Payment sandbox</h1>` +
          `<p>Invoice ${escapeHtml(payment.invoice_number)} (${escapeHtml(payment.method)}): EUR ${amount}, status ${payment.status}.</p>` +
          `${form}</main></body></html>`,
      );
  });

  app.post<{ Params: { ref: string }; Body: unknown }>(
    `${SANDBOX_PREFIX}pay/:ref`,
    async (request, reply) => {
      const payment = await ownPayment(request);
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      // The form carries the anti-forgery token itself: a plain form cannot send the header.
      const cookieToken = request.cookies[XSRF_COOKIE];
      if (
        !request.xsrfValid ||
        !cookieToken ||
        typeof body.xsrf !== 'string' ||
        !sameToken(body.xsrf, cookieToken)
      ) {
        throw new ApiError(403, 'XSRF_INVALID', 'The anti-forgery token is missing or wrong.');
      }
      const action = body.action;
      if (action !== 'pay' && action !== 'cancel') {
        throw errors.validation([{ field: 'action', code: 'validation.option' }]);
      }
      if (payment.status !== 'PENDING') {
        throw new ApiError(409, 'PAYMENT_CLOSED', 'This payment has already been completed or cancelled.');
      }
      const outcome = await db.transaction(async (tx) => {
        // Only a payment still pending changes: a second post, or one that lost to a newer payment, does not.
        if (!(await store.closePayment(tx, payment.ref, action === 'pay' ? 'PAID' : 'CANCELLED')))
          return null;
        if (action === 'pay') await store.markInvoicePaid(tx, payment.invoice_number);
        return action === 'pay' ? 'paid' : 'cancelled';
      });
      if (outcome === null) {
        throw new ApiError(409, 'PAYMENT_CLOSED', 'This payment has already been completed or cancelled.');
      }
      // Checked again on the way out: a stored URL from before the check must not redirect off-site.
      const back = sameOriginPath(payment.return_url, config.publicOrigin) ?? '/en/invoices';
      const target = new URL(back, 'http://portal.invalid');
      target.searchParams.set('payment', outcome);
      return reply.redirect(`${target.pathname}${target.search}`, 303);
    },
  );
}

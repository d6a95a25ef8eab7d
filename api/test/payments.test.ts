import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { sameOriginPath } from '../src/modules/payments/routes.js';
import { authHeaders, createTestApp } from './helpers.js';
import type { TestApp } from './helpers.js';

const PORTAL = 'http://localhost:8080';

type Session = { cookie: string; xsrf: string };

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe('invoice payment', () => {
  describe('sameOriginPath', () => {
    it('should keep paths on the portal origin, without the fragment', () => {
      assert.equal(sameOriginPath('/en/invoices', PORTAL), '/en/invoices');
      assert.equal(sameOriginPath('/en/invoices?invoice=INV-1#x', PORTAL), '/en/invoices?invoice=INV-1');
      assert.equal(sameOriginPath('/en/../en/invoices', PORTAL), '/en/invoices');
    });

    for (const [name, value] of [
      ['a backslash after the slash', '/\\evil.example'],
      ['a backslash further on', '/en\\..\\\\evil.example'],
      ['a tab between the slashes', '/\t/evil.example'],
      ['a newline between the slashes', '/\n/evil.example'],
      ['CR/LF', '/en/invoices\r\nLocation: http://evil.example'],
      ['a null byte', '/en/\u0000invoices'],
      ['DEL', '/en/\u007finvoices'],
      ['a C1 control', '/en/\u0085invoices'],
      ['a protocol-relative URL', '//evil.example/en'],
      ['an absolute URL elsewhere', 'http://evil.example/en/invoices'],
      ['an absolute URL of the portal itself', 'http://localhost:8080/en/invoices'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a relative path', 'en/invoices'],
      ['an empty string', ''],
    ]) {
      it(`should refuse ${name}`, () => assert.equal(sameOriginPath(value as string, PORTAL), null));
    }
  });

  describe('with the sandbox on', () => {
    let t: TestApp;
    let anna: Session;
    before(async () => {
      t = await createTestApp(new Date(), { config: { paymentSandbox: true } });
    });
    after(() => t.close());
    beforeEach(async () => {
      await t.reset();
      anna = await t.login('anna.devries@example.com');
    });

    async function startPayment(
      session: Session,
      returnUrl: string,
      method = 'IDEAL',
      invoice = 'INV-100103',
    ) {
      return t.request({
        method: 'POST',
        url: `/api/en/invoices/${invoice}/payment`,
        headers: authHeaders(session),
        payload: { method, returnUrl },
      });
    }

    async function decide(session: Session, redirectUrl: string, action: string, xsrf = session.xsrf) {
      return t.request({
        method: 'POST',
        url: redirectUrl,
        headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ action, xsrf }),
      });
    }

    async function outstanding(invoice: string): Promise<number> {
      const [row] = await t.db.query<{ outstanding: string }>(
        'SELECT outstanding FROM invoices WHERE invoice_number = $1',
        [invoice],
      );
      return Number(row?.outstanding);
    }

    for (const [name, returnUrl] of [
      ['a backslash', '/\\evil.example'],
      ['a tab', '/\t/evil.example'],
      ['CR/LF', '/en/invoices\r\nSet-Cookie: x=1'],
      ['a newline', '/\n/evil.example'],
      ['an absolute URL', 'https://evil.example/en/invoices'],
      ['a protocol-relative URL', '//evil.example'],
    ]) {
      it(`should refuse a return URL with ${name} and store nothing`, async () => {
        const response = await startPayment(anna, returnUrl as string);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json().fields, [{ field: 'returnUrl', code: 'validation.option' }]);
        const rows = await t.db.query('SELECT ref FROM payments');
        assert.equal(rows.length, 0);
      });
    }

    it('should pay by iDeal only through a POST from the sandbox page, then go back to the portal', async () => {
      const started = await startPayment(anna, '/en/invoices?invoice=INV-100103');
      assert.equal(started.statusCode, 200);
      const { redirectUrl } = started.json<{ redirectUrl: string }>();
      assert.match(redirectUrl, /^\/api\/sandbox\/pay\/[0-9a-f]{32}$/);

      const page = await t.request({
        method: 'GET',
        url: `${redirectUrl}?action=pay`,
        headers: { cookie: anna.cookie },
      });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<form method="post"/);
      assert.match(page.body, /<button type="submit" name="action" value="pay">Pay<\/button>/);
      assert.match(page.body, new RegExp(`name="xsrf" value="${anna.xsrf}"`));
      assert.equal(await outstanding('INV-100103'), 20, 'a GET changes nothing');

      const paid = await decide(anna, redirectUrl, 'pay');
      assert.equal(paid.statusCode, 303);
      assert.equal(paid.headers.location, '/en/invoices?invoice=INV-100103&payment=paid');
      assert.equal(await outstanding('INV-100103'), 0);

      const again = await decide(anna, redirectUrl, 'pay');
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'PAYMENT_CLOSED');

      const twice = await startPayment(anna, '/en/invoices');
      assert.equal(twice.statusCode, 409);
      assert.equal(twice.json().code, 'ALREADY_PAID');
    });

    it('should leave the invoice open when the payment is cancelled', async () => {
      const { redirectUrl } = (await startPayment(anna, '/en/invoices', 'CREDITCARD')).json();
      const cancelled = await decide(anna, redirectUrl, 'cancel');
      assert.equal(cancelled.statusCode, 303);
      assert.equal(cancelled.headers.location, '/en/invoices?payment=cancelled');
      assert.equal(await outstanding('INV-100103'), 20);
      const [payment] = await t.db.query<{ status: string }>('SELECT status FROM payments');
      assert.equal(payment?.status, 'CANCELLED');
    });

    it('should refuse a form post without the anti-forgery token or with an unknown action', async () => {
      const { redirectUrl } = (await startPayment(anna, '/en/invoices')).json();
      for (const xsrf of ['', 'forged']) {
        const response = await decide(anna, redirectUrl, 'pay', xsrf);
        assert.equal(response.statusCode, 403);
        assert.equal(response.json().code, 'XSRF_INVALID');
      }
      const unknown = await decide(anna, redirectUrl, 'refund');
      assert.equal(unknown.statusCode, 400);
      assert.equal(await outstanding('INV-100103'), 20);
    });

    it('should show and settle a payment only for the student who started it', async () => {
      const { redirectUrl } = (await startPayment(anna, '/en/invoices')).json();
      const anonymous = await t.request({ method: 'GET', url: redirectUrl });
      assert.equal(anonymous.statusCode, 401);
      const chen = await t.login('chen.li@example.com');
      const page = await t.request({ method: 'GET', url: redirectUrl, headers: { cookie: chen.cookie } });
      assert.equal(page.statusCode, 404);
      const post = await decide(chen, redirectUrl, 'pay');
      assert.equal(post.statusCode, 404);
      assert.equal(await outstanding('INV-100103'), 20);
    });

    it('should let only the newest payment of an invoice complete', async () => {
      const first = (await startPayment(anna, '/en/invoices')).json().redirectUrl;
      const second = (await startPayment(anna, '/en/invoices')).json().redirectUrl;
      const stale = await decide(anna, first, 'pay');
      assert.equal(stale.statusCode, 409);
      assert.equal(await outstanding('INV-100103'), 20);
      assert.equal((await decide(anna, second, 'pay')).statusCode, 303);
      assert.equal(await outstanding('INV-100103'), 0);
    });

    it('should never redirect off-site, even from a return URL stored before the check', async () => {
      const { redirectUrl } = (await startPayment(anna, '/en/invoices')).json();
      await t.db.query('UPDATE payments SET return_url = $1', ['/\\evil.example']);
      const response = await decide(anna, redirectUrl, 'pay');
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, '/en/invoices?payment=paid');
    });

    it('should give bank transfer details without starting a payment', async () => {
      const response = await startPayment(anna, '/en/invoices', 'BANK_TRANSFER');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        iban: 'NL20INGB0001234567',
        bic: 'INGBNL2A',
        reference: 'INV-100103',
        amount: 20,
      });
      assert.equal((await t.db.query('SELECT ref FROM payments')).length, 0);
    });

    it("should refuse another student's invoice and an invoice number that cannot exist", async () => {
      const chen = await t.login('chen.li@example.com');
      assert.equal((await startPayment(chen, '/en/invoices')).statusCode, 403);
      assert.equal((await startPayment(anna, '/en/invoices', 'IDEAL', 'INV%00')).statusCode, 400);
      assert.equal((await startPayment(anna, '/en/invoices', 'IDEAL', 'INV.1')).statusCode, 404);
      const page = await t.request({
        method: 'GET',
        url: '/api/sandbox/pay/%00',
        headers: { cookie: anna.cookie },
      });
      assert.equal(page.statusCode, 400);
      assert.deepEqual(page.json().fields, [{ field: 'ref', code: 'validation.text.invalid' }]);
    });
  });

  describe('with the sandbox off', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp();
    });
    after(() => t.close());

    it('should be off unless API_PAYMENT_SANDBOX=1', () => {
      assert.equal(loadConfig({}).paymentSandbox, false);
      assert.equal(loadConfig({ API_PAYMENT_SANDBOX: 'true' }).paymentSandbox, false);
      assert.equal(loadConfig({ API_PAYMENT_SANDBOX: '1' }).paymentSandbox, true);
    });

    it('should answer 503 PAYMENT_PROVIDER_UNAVAILABLE for card and iDeal and store nothing', async () => {
      const anna = await t.login('anna.devries@example.com');
      for (const method of ['IDEAL', 'CREDITCARD']) {
        const response = await t.request({
          method: 'POST',
          url: '/api/en/invoices/INV-100103/payment',
          headers: authHeaders(anna),
          payload: { method, returnUrl: '/en/invoices' },
        });
        assert.equal(response.statusCode, 503);
        assert.equal(response.json().code, 'PAYMENT_PROVIDER_UNAVAILABLE');
      }
      assert.equal((await t.db.query('SELECT ref FROM payments')).length, 0);
    });

    it('should not serve the sandbox at all', async () => {
      const anna = await t.login('anna.devries@example.com');
      await t.db.query(
        "INSERT INTO payments (ref, invoice_number, method, return_url, profile_id) VALUES ($1, 'INV-100103', 'IDEAL', '/en/invoices', 'P-1001')",
        ['0'.repeat(32)],
      );
      const url = `/api/sandbox/pay/${'0'.repeat(32)}`;
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: anna.cookie } });
      assert.equal(page.statusCode, 404);
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: anna.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ action: 'pay', xsrf: anna.xsrf }),
      });
      assert.equal(post.statusCode, 404);
      const [invoice] = await t.db.query<{ outstanding: string }>(
        "SELECT outstanding FROM invoices WHERE invoice_number = 'INV-100103'",
      );
      assert.equal(Number(invoice?.outstanding), 20);
    });
  });
});

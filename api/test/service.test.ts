import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { XSRF_ONLY, authHeaders, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

const start = fixedNoon();
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');

describe('service calls', () => {
  let t: TestApp;
  let anna: Session;

  before(async () => {
    t = await createTestApp(start, { config: { paymentSandbox: true } });
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login('anna.devries@example.com');
  });
  after(() => t.close());

  describe('contact request', () => {
    const question = {
      isCustomer: 'YES',
      category: 'FINANCIAL',
      policyNumber: 'TR-2026-100101',
      name: 'Anna de Vries',
      email: 'anna.devries@example.com',
      subject: 'Invoice question',
      question: 'Why did my premium change?',
    };

    it('should accept a question from a customer and from someone who is not one', async () => {
      const customer = await t.request({
        method: 'POST',
        url: '/api/portal/contactexpats',
        headers: XSRF_ONLY,
        payload: question,
      });
      assert.equal(customer.statusCode, 204);
      const { policyNumber: _policyNumber, ...prospect } = question;
      const notCustomer = await t.request({
        method: 'POST',
        url: '/api/portal/contactexpats',
        headers: XSRF_ONLY,
        payload: { ...prospect, isCustomer: 'NO', category: 'COVERAGE' },
      });
      assert.equal(notCustomer.statusCode, 204);
      const stored = await t.db.query<{ body: { category: string } }>('SELECT body FROM contact_requests');
      assert.deepEqual(stored.map((row) => row.body.category).sort(), ['COVERAGE', 'FINANCIAL']);
    });

    it('should name the fields that are wrong', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/portal/contactexpats',
        headers: XSRF_ONLY,
        payload: {
          isCustomer: 'MAYBE',
          category: 'OTHER',
          name: '',
          email: 'not-an-address',
          subject: 's'.repeat(151),
        },
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().fields, [
        { field: 'isCustomer', code: 'validation.option' },
        { field: 'category', code: 'validation.option' },
        { field: 'name', code: 'validation.required' },
        { field: 'email', code: 'validation.email' },
        { field: 'subject', code: 'validation.maxLength' },
        { field: 'question', code: 'validation.required' },
      ]);
      const { policyNumber: _policyNumber, ...withoutPolicy } = question;
      const customer = await t.request({
        method: 'POST',
        url: '/api/portal/contactexpats',
        headers: XSRF_ONLY,
        payload: withoutPolicy,
      });
      assert.deepEqual(customer.json().fields, [{ field: 'policyNumber', code: 'validation.required' }]);
      assert.deepEqual(await t.db.query('SELECT 1 FROM contact_requests'), []);
    });
  });

  describe('anonymous insurance request', () => {
    const application = {
      insuranceType: 'STAY',
      startDate: day(30),
      endDate: day(395),
      destination: 'NL',
      countryOfOrigin: 'BR',
      person: {
        gender: 'FEMALE',
        firstName: 'Lucia',
        surname: 'Souza',
        birthDate: '2004-03-03',
        nationality: 'BR',
        email: 'lucia@example.com',
      },
      educationalInstitution: { name: 'Utrecht University' },
    };

    it('should accept an application and return its number', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: application,
      });
      assert.equal(response.statusCode, 201, response.body);
      const { applicationNumber } = response.json();
      assert.match(applicationNumber, /^APP-\d{4}-[0-9A-F]{8}$/);
      const [stored] = await t.db.query<{ body: { person: { email: string } } }>(
        'SELECT body FROM requests WHERE application_number = $1',
        [applicationNumber],
      );
      assert.equal(stored?.body.person.email, 'lucia@example.com');
    });

    it('should mail a confirmation with the application number, in the language of the request', async () => {
      const mailsTo = async (to: string) =>
        await t.db.query<{ subject: string; text_body: string }>(
          'SELECT subject, text_body FROM outbox WHERE recipient = $1 ORDER BY created_at',
          [to],
        );
      const english = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: { ...application, person: { ...application.person, email: 'mail.en@example.com' } },
      });
      assert.equal(english.statusCode, 201, english.body);
      const [en] = await mailsTo('mail.en@example.com');
      assert.equal(en?.subject, 'We have received your insurance request');
      assert.ok(en?.text_body.includes(`Your application number is ${english.json().applicationNumber}.`));

      const dutch = await t.request({
        method: 'POST',
        url: '/api/en/requests?lang=nl',
        headers: XSRF_ONLY,
        payload: { ...application, person: { ...application.person, email: 'mail.nl@example.com' } },
      });
      assert.equal(dutch.statusCode, 201, dutch.body);
      const [nl] = await mailsTo('mail.nl@example.com');
      assert.equal(nl?.subject, 'We hebben je aanvraag voor een verzekering ontvangen');
      assert.ok(nl?.text_body.includes(`Je aanvraagnummer is ${dutch.json().applicationNumber}.`));

      const unknown = await t.request({
        method: 'POST',
        url: '/api/en/requests?lang=fr',
        headers: XSRF_ONLY,
        payload: { ...application, person: { ...application.person, email: 'mail.fr@example.com' } },
      });
      assert.equal(unknown.statusCode, 400);
      assert.deepEqual(await mailsTo('mail.fr@example.com'), []);
    });

    it('should store only the validated request and refuse unknown fields with 400', async () => {
      const padded = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: { ...application, person: { ...application.person, firstName: '  Lucia ' } },
      });
      assert.equal(padded.statusCode, 201, padded.body);
      const [stored] = await t.db.query<{ body: unknown }>(
        'SELECT body FROM requests WHERE application_number = $1',
        [padded.json().applicationNumber],
      );
      assert.deepEqual(stored?.body, application, 'the trimmed, validated output');
      const junk = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: {
          ...application,
          junk: 'x'.repeat(100_000),
          person: { ...application.person, isAdmin: true },
          educationalInstitution: { name: 'Utrecht University', ranking: 1 },
        },
      });
      assert.equal(junk.statusCode, 400);
      assert.equal(junk.json().code, 'VALIDATION_FAILED');
      assert.deepEqual(
        junk.json().fields.map((field: { field: string }) => field.field),
        ['person.isAdmin', 'educationalInstitution.ranking', 'junk'],
      );
      const notAnObject = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: ['STAY'],
      });
      assert.equal(notAnObject.statusCode, 400);
      assert.equal((await t.db.query('SELECT 1 FROM requests')).length, 1);
    });

    it('should refuse insurance in the home country with 422 HOME_COUNTRY', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: { ...application, countryOfOrigin: 'NL' },
      });
      assert.equal(response.statusCode, 422);
      assert.equal(response.json().code, 'HOME_COUNTRY');
      assert.equal(response.json().message, "We can't insure your situation.");
      assert.deepEqual(response.json().fields, [
        { field: 'destination', code: 'validation.destination.homeCountry' },
      ]);
      assert.deepEqual(await t.db.query('SELECT 1 FROM requests'), []);
    });

    it('should answer 400 with fields for other mistakes', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: {
          ...application,
          startDate: day(-1),
          person: { ...application.person, email: 'nope', birthDate: day(2) },
        },
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().fields, [
        { field: 'startDate', code: 'validation.date.notPast' },
        { field: 'person.birthDate', code: 'validation.date.notFuture' },
        { field: 'person.email', code: 'validation.email' },
      ]);
      const backwards = await t.request({
        method: 'POST',
        url: '/api/en/requests',
        headers: XSRF_ONLY,
        payload: { ...application, endDate: day(30) },
      });
      assert.deepEqual(backwards.json().fields, [
        { field: 'endDate', code: 'validation.endDate.notAfterStartDate' },
      ]);
    });
  });

  describe('invoice payment', () => {
    const pay = (invoice: string, payload: Record<string, unknown>, session: Session | null = anna) =>
      t.request({
        method: 'POST',
        url: `/api/en/invoices/${invoice}/payment`,
        headers: session ? authHeaders(session) : XSRF_ONLY,
        payload,
      });

    async function outstanding(invoiceNumber: string) {
      const response = await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001/invoices',
        headers: { cookie: anna.cookie },
      });
      return response
        .json<{ invoiceNumber: string; isOutstanding: string; outstandingAmount: number }[]>()
        .find((invoice) => invoice.invoiceNumber === invoiceNumber);
    }

    /** The sandbox page's form, as the browser posts it. */
    const decide = (redirectUrl: string, action: 'pay' | 'cancel') =>
      t.request({
        method: 'POST',
        url: redirectUrl,
        headers: { cookie: anna.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ action, xsrf: anna.xsrf }).toString(),
      });

    it('should send card and iDEAL payments to the sandbox, which turns the invoice paid', async () => {
      for (const method of ['CREDITCARD', 'IDEAL']) {
        const response = await pay('INV-100103', { method, returnUrl: '/en/invoices' });
        assert.equal(response.statusCode, 200, response.body);
        assert.match(response.json().redirectUrl, /^\/api\/sandbox\/pay\/[0-9a-f]{32}$/);
        const page = await t.request({
          method: 'GET',
          url: response.json().redirectUrl,
          headers: { cookie: anna.cookie },
        });
        assert.equal(page.statusCode, 200);
        assert.match(page.body, new RegExp(`INV-100103 \\(${method}\\): EUR 20.00, status PENDING`));
      }
      const card = (
        await pay('INV-100103', { method: 'CREDITCARD', returnUrl: '/en/invoices?tab=open' })
      ).json();
      assert.equal(
        (await outstanding('INV-100103'))?.isOutstanding,
        'J',
        'not paid before the provider says so',
      );
      const paid = await decide(card.redirectUrl, 'pay');
      assert.equal(paid.statusCode, 303);
      assert.equal(paid.headers.location, '/en/invoices?tab=open&payment=paid');
      const settled = await outstanding('INV-100103');
      assert.equal(settled?.isOutstanding, 'N');
      assert.equal(settled.outstandingAmount, 0);
      const again = await pay('INV-100103', { method: 'IDEAL', returnUrl: '/en/invoices' });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'ALREADY_PAID');
    });

    it('should leave the invoice open when the payment is cancelled', async () => {
      const ideal = (await pay('INV-100104', { method: 'IDEAL', returnUrl: '/en/invoices' })).json();
      const cancelled = await decide(ideal.redirectUrl, 'cancel');
      assert.equal(cancelled.headers.location, '/en/invoices?payment=cancelled');
      // A finished payment cannot be paid afterwards.
      const late = await decide(ideal.redirectUrl, 'pay');
      assert.equal(late.statusCode, 409);
      const page = await t.request({
        method: 'GET',
        url: ideal.redirectUrl,
        headers: { cookie: anna.cookie },
      });
      assert.match(page.body, /status CANCELLED/);
      assert.doesNotMatch(page.body, /<form/);
      assert.equal((await outstanding('INV-100104'))?.isOutstanding, 'J');
      const unknown = await t.request({
        method: 'GET',
        url: '/api/sandbox/pay/0123456789abcdef0123456789abcdef',
        headers: { cookie: anna.cookie },
      });
      assert.equal(unknown.statusCode, 404);
    });

    it('should give the bank details of a transfer', async () => {
      const response = await pay('INV-100104', { method: 'BANK_TRANSFER', returnUrl: '/en/invoices' });
      assert.equal(response.statusCode, 200);
      const transfer = response.json();
      assert.equal(transfer.reference, 'INV-100104');
      assert.equal(transfer.amount, 65);
      assert.ok(isValidIBAN(transfer.iban), transfer.iban);
      assert.ok(isValidBIC(transfer.bic), transfer.bic);
      assert.equal((await outstanding('INV-100104'))?.isOutstanding, 'J');
    });

    it('should reject an off-origin returnUrl, bad input and other students', async () => {
      for (const returnUrl of [
        'https://evil.example/en/invoices',
        '//evil.example/en',
        'javascript:alert(1)',
      ]) {
        const response = await pay('INV-100103', { method: 'IDEAL', returnUrl });
        assert.equal(response.statusCode, 400, returnUrl);
        assert.deepEqual(response.json().fields, [{ field: 'returnUrl', code: 'validation.option' }]);
      }
      const bad = await pay('INV-100103', { method: 'PAYPAL' });
      assert.deepEqual(bad.json().fields, [
        { field: 'method', code: 'validation.option' },
        { field: 'returnUrl', code: 'validation.required' },
      ]);
      const chenInvoice = await pay('INV-100302', { method: 'IDEAL', returnUrl: '/en/invoices' });
      assert.equal(chenInvoice.statusCode, 403);
      const unknown = await pay('INV-999999', { method: 'IDEAL', returnUrl: '/en/invoices' });
      assert.equal(unknown.statusCode, 404);
      const anonymous = await pay('INV-100103', { method: 'IDEAL', returnUrl: '/en/invoices' }, null);
      assert.equal(anonymous.statusCode, 401);
      assert.deepEqual(await t.db.query('SELECT 1 FROM payments'), []);
    });
  });
});

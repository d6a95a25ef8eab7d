import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mapPolicy, premiumPerTerm } from '@portal/contract/domain';
import type { RawPolicy } from '@portal/contract/wire';
import { apiPaths } from '../src/paths.js';
import { XSRF_ONLY, authHeaders, createTestApp } from './helpers.js';
import type { TestApp } from './helpers.js';

/** A path inside the api package, whatever the working directory of the test run. */
const fromApi = (relative: string): string => fileURLToPath(new URL(`../${relative}`, import.meta.url));

describe('api', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('should answer health, countries and the OpenAPI document', async () => {
    assert.equal((await t.request({ method: 'GET', url: '/healthz' })).statusCode, 200);
    const countries = (await t.request({ method: 'GET', url: '/api/en/countries' })).json();
    assert.ok(countries.some((c: { code: string }) => c.code === 'NL'));
    const names = countries.map((c: { name: string }) => c.name);
    assert.deepEqual(
      names,
      [...names].sort((a: string, b: string) => a.localeCompare(b, 'en')),
    );
    assert.equal((await t.request({ method: 'GET', url: '/api/openapi.json' })).json().openapi, '3.1.0');
  });

  it('should serve own data and refuse other students and anonymous callers', async () => {
    const anna = await t.login('anna.devries@example.com');
    const profile = await t.request({
      method: 'GET',
      url: '/api/en/profiles/P-1001',
      headers: { cookie: anna.cookie },
    });
    assert.equal(profile.json().username, 'anna.devries@example.com');
    const policies = (
      await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001/policies',
        headers: { cookie: anna.cookie },
      })
    ).json();
    assert.deepEqual(
      policies.map((p: { status: string }) => p.status),
      ['ACTIVE', 'ACTIVE', 'NOT_ACTIVE'],
    );
    const invoices = (
      await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001/invoices',
        headers: { cookie: anna.cookie },
      })
    ).json();
    assert.ok(invoices.some((i: { isOutstanding: string }) => i.isOutstanding === 'J'));
    for (const url of [
      '/api/en/profiles/P-1003',
      '/api/en/profiles/P-1003/policies',
      '/api/en/profiles/P-1003/invoices',
      '/api/en/policies/POL-1003-1/certificate',
      '/api/en/documents/DOC-POL-1003-1-W',
    ]) {
      const response = await t.request({ method: 'GET', url, headers: { cookie: anna.cookie } });
      assert.equal(response.statusCode, 403, url);
      assert.deepEqual(Object.keys(response.json()).sort(), ['code', 'message']);
      assert.equal((await t.request({ method: 'GET', url })).statusCode, 401);
    }
  });

  it('should bill in each invoice the instalment My Insurance shows beside the payment term', async () => {
    let checked = 0;
    for (const [email, profile] of [
      ['anna.devries@example.com', 'P-1001'],
      ['chen.li@example.com', 'P-1003'],
    ] as const) {
      const { cookie } = await t.login(email);
      const read = async (what: string) =>
        (
          await t.request({ method: 'GET', url: `/api/en/profiles/${profile}/${what}`, headers: { cookie } })
        ).json();
      const policies = ((await read('policies')) as RawPolicy[]).map(mapPolicy);
      const invoices = (await read('invoices')) as { policyNumber: string; amount: number }[];
      for (const invoice of invoices) {
        const policy = policies.find((candidate) => candidate.number === invoice.policyNumber);
        assert.ok(policy, invoice.policyNumber);
        assert.equal(premiumPerTerm(policy), invoice.amount, `${invoice.policyNumber} ${policy.paymentTerm}`);
        checked += 1;
      }
    }
    assert.ok(checked >= 6);
  });

  it('should list every status for chen and 204 invoices for ben', async () => {
    const chen = await t.login('chen.li@example.com');
    const policies = (
      await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1003/policies',
        headers: { cookie: chen.cookie },
      })
    ).json();
    assert.equal(new Set(policies.map((p: { status: string }) => p.status)).size, 7);
    const ben = await t.login('ben.okafor@example.com');
    assert.equal(
      (
        await t.request({
          method: 'GET',
          url: '/api/en/profiles/P-1002/invoices',
          headers: { cookie: ben.cookie },
        })
      ).statusCode,
      204,
    );
    const update = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1002/',
      headers: authHeaders(ben),
      payload: {
        gender: 'MALE',
        firstName: 'B',
        surname: 'O',
        birthDate: '2001-09-30',
        countryOfOrigin: 'NG',
        nationality: 'NG',
      },
    });
    assert.equal(update.json().code, 'INSTITUTE_MANAGED');
  });

  it('should update a profile and reject bad input', async () => {
    const anna = await t.login('anna.devries@example.com');
    const body = {
      gender: 'FEMALE',
      firstName: 'Anna',
      surname: 'de Vries-Smit',
      birthDate: '2003-04-12',
      countryOfOrigin: 'BE',
      nationality: 'BE',
    };
    const ok = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: authHeaders(anna),
      payload: body,
    });
    assert.equal(ok.json().surname, 'de Vries-Smit');
    const bad = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: authHeaders(anna),
      payload: { ...body, firstName: 5, birthDate: '2999-01-01' },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().fields, [
      { field: 'firstName', code: 'validation.required' },
      { field: 'birthDate', code: 'validation.date.notFuture' },
    ]);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: { ...authHeaders(anna), 'content-type': 'application/json' },
      payload: '{"a":',
    });
    assert.equal(malformed.json().code, 'MALFORMED_JSON');
    const large = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: authHeaders(anna),
      payload: { ...body, surname: 'x'.repeat(1_100_000) },
    });
    assert.equal(large.statusCode, 413);
    assert.equal(large.json().code, 'PAYLOAD_TOO_LARGE');
    const noXsrf = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: { cookie: anna.cookie },
      payload: body,
    });
    assert.equal(noXsrf.json().code, 'XSRF_INVALID');
    // Not in the OpenAPI document on purpose, so asked without the document check.
    const unknownRoute = await t.app.inject({ method: 'GET', url: '/api/nope' });
    assert.equal(unknownRoute.statusCode, 404);
    assert.deepEqual(unknownRoute.json(), { code: 'NOT_FOUND', message: 'No route for GET /api/nope.' });
  });

  it('should check the personal details the Profile page sends: a gender of the three, known countries', async () => {
    const anna = await t.login('anna.devries@example.com');
    const body = {
      gender: 'UNDEFINED',
      firstName: ' Anna ',
      surname: 'de Vries',
      birthDate: '2003-04-12',
      countryOfOrigin: 'BE',
      nationality: 'DE',
    };
    const diverse = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: authHeaders(anna),
      payload: body,
    });
    assert.equal(diverse.statusCode, 200, diverse.body);
    assert.equal(diverse.json().gender, 'UNDEFINED');
    assert.equal(diverse.json().firstName, 'Anna');
    assert.equal(diverse.json().nationality, 'DE');
    const bad = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: authHeaders(anna),
      payload: { ...body, gender: 'OTHER', surname: '', countryOfOrigin: 'Belgium' },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().fields, [
      { field: 'gender', code: 'validation.option' },
      { field: 'surname', code: 'validation.required' },
      { field: 'countryOfOrigin', code: 'validation.option' },
    ]);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/en/profiles/P-1001/',
      headers: authHeaders(anna),
      payload: { ...body, nationality: 'XX' },
    });
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(unknown.json().fields, [{ field: 'nationality', code: 'validation.option' }]);
  });

  it('should serve PDFs and the address lookup', async () => {
    const anna = await t.login('anna.devries@example.com');
    for (const url of [
      '/api/en/policies/POL-1001-T/certificate',
      '/api/en/policies/POL-1001-T/icscard',
      '/api/en/policies/POL-1001-T/conditions?latest=true',
      '/api/en/documents/DOC-POL-1001-T-W',
    ]) {
      const response = await t.request({ method: 'GET', url, headers: { cookie: anna.cookie } });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.match(String(response.headers['content-disposition']), /^attachment; filename="/);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.equal(response.rawPayload.subarray(0, 5).toString(), '%PDF-');
    }
    assert.deepEqual((await t.request({ method: 'GET', url: '/pacos?pc=1012AB&nr=1' })).json(), [
      'Dam',
      'Amsterdam',
    ]);
    assert.equal(
      (await t.request({ method: 'GET', url: '/pacos?pc=1012AB&nr=99' })).json().code,
      'INVALID_HOUSE_NUMBER',
    );
    assert.equal((await t.request({ method: 'GET', url: '/pacos?pc=XX&nr=1' })).statusCode, 400);
  });

  it('should activate an account once with the mailed token', async () => {
    const mails = (await t.request({ method: 'GET', url: '/api/dev/outbox' })).json();
    const link: string = mails.find((m: { to: string }) => m.to === 'new.student@example.com').links[0];
    const [, token, email] = /\/en\/activate\/([^/]+)\/(.+)$/.exec(link) ?? [];
    assert.ok(token && email);
    const headers = { ...XSRF_ONLY, 'x-authorization-token': token };
    assert.equal(
      (await t.request({ method: 'GET', url: `/api/accounts/${email}/`, headers })).json().username,
      'new.student@example.com',
    );
    const weak = await t.request({
      method: 'POST',
      url: `/api/accounts/${email}/activate`,
      headers,
      payload: { password: 'short' },
    });
    assert.equal(weak.statusCode, 400);
    const ok = await t.request({
      method: 'POST',
      url: `/api/accounts/${email}/activate`,
      headers,
      payload: { password: 'NewStudent2026x' },
    });
    assert.equal(ok.statusCode, 204);
    // The used link says the account is activated (she logs in), not that it is invalid or expired.
    const again = await t.request({
      method: 'POST',
      url: `/api/accounts/${email}/activate`,
      headers,
      payload: { password: 'NewStudent2026x' },
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'ALREADY_ACTIVATED');
    const reopened = await t.request({ method: 'GET', url: `/api/accounts/${email}/`, headers });
    assert.equal(reopened.statusCode, 409);
    assert.equal(reopened.json().code, 'ALREADY_ACTIVATED');
    // The same token with another address tells nothing.
    const other = await t.request({
      method: 'GET',
      url: '/api/accounts/anna.devries%40example.com/',
      headers,
    });
    assert.equal(other.statusCode, 401);
    await t.login('new.student@example.com', 'NewStudent2026x');
    const reset = await t.request({
      method: 'PUT',
      url: '/api/accounts/nobody%40example.com/reset/password',
      headers,
    });
    assert.equal(reset.statusCode, 204);
  });

  it('should change payment, lock it for credit cards and detect renewal overlap', async () => {
    const anna = await t.login('anna.devries@example.com');
    const payment = await t.request({
      method: 'POST',
      url: '/api/en/policies/POL-1001-T/payment',
      headers: authHeaders(anna),
      payload: {
        id: 'POL-1001-T',
        paymentTerm: 'QUARTERLY',
        paymentMethod: 'DIRECT_DEBIT',
        iban: 'GB82WEST12345698765432',
        bic: 'ABNANL2A',
        accountHolder: 'A',
      },
    });
    assert.deepEqual(payment.json().fields, [{ field: 'iban', code: 'validation.iban.uk' }]);
    const chen = await t.login('chen.li@example.com');
    const locked = await t.request({
      method: 'POST',
      url: '/api/en/policies/POL-1003-1/payment',
      headers: authHeaders(chen),
      payload: { id: 'POL-1003-1', paymentTerm: 'YEARLY', paymentMethod: 'BANK_TRANSFER' },
    });
    assert.equal(locked.json().code, 'PAYMENT_LOCKED');
    const policy = (
      await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001/policies',
        headers: { cookie: anna.cookie },
      })
    ).json()[1];
    const end = new Date(policy.endDate);
    end.setFullYear(end.getFullYear() + 1);
    const renewal = {
      id: policy.policyId,
      endDate: end.toISOString().slice(0, 10),
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
      preExistingAgreed: true,
    };
    const created = await t.request({
      method: 'POST',
      url: `/api/en/policies/${policy.policyId}/addperiod`,
      headers: authHeaders(anna),
      payload: renewal,
    });
    assert.equal(created.statusCode, 201, created.body);
    const overlap = await t.request({
      method: 'POST',
      url: `/api/en/policies/${policy.policyId}/addperiod`,
      headers: authHeaders(anna),
      payload: renewal,
    });
    assert.equal(overlap.statusCode, 409);
    assert.equal(overlap.json().code, 'OVERLAP');
  });

  it('should refuse insurance in the home country', async () => {
    const request = await t.request({
      method: 'POST',
      url: '/api/en/requests',
      headers: { ...XSRF_ONLY },
      payload: {
        insuranceType: 'STAY',
        startDate: '2099-01-01',
        endDate: '2099-06-01',
        destination: 'NL',
        countryOfOrigin: 'NL',
        person: {
          gender: 'MALE',
          firstName: 'A',
          surname: 'B',
          birthDate: '2000-01-01',
          nationality: 'NL',
          email: 'a@example.com',
        },
      },
    });
    assert.equal(request.statusCode, 422);
    assert.equal(request.json().code, 'HOME_COUNTRY');
  });

  it('should keep packages/contract/src/wire/openapi.ts up to date with the yaml', () => {
    const generated = execFileSync(fromApi('node_modules/.bin/openapi-typescript'), [apiPaths.openapi], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    assert.equal(
      generated.trim(),
      readFileSync(fromApi('../packages/contract/src/wire/openapi.ts'), 'utf8').trim(),
    );
  });
});

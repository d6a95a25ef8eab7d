import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import type { LightMyRequestResponse } from 'fastify';
import {
  TEST_RATE_LIMITS,
  XSRF_ONLY,
  assertContractBody,
  authHeaders,
  createTestApp,
  fixedNoon,
} from './helpers.js';
import type { TestApp } from './helpers.js';

const start = fixedNoon();
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');

type Receipt = { name: string; type: string; content: Uint8Array<ArrayBuffer> | string };

const pdf = (name = 'receipt.pdf'): Receipt => ({
  name,
  type: 'application/pdf',
  content: '%PDF-1.4\n%bill\n',
});

async function claimForm(fields: Record<string, string>, receipts: Receipt[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const receipt of receipts)
    form.append('receipts', new Blob([receipt.content], { type: receipt.type }), receipt.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

// Anna (born 2003-04-12) holds TR-2026-100101, which runs from 60 days ago to 305 days ahead (seed).
const claim = {
  policyNumber: 'TR-2026-100101',
  birthDate: '2003-04-12',
  category: 'CLAIMS',
  incidentDate: day(-3),
  description: 'Taxi to the hospital after a fall',
  amount: '48,20',
  iban: 'NL91 ABNA 0417 1643 00',
};

const NOT_FOUND = {
  code: 'POLICY_NOT_FOUND',
  message: 'We could not find a policy with this policy number and date of birth.',
};

async function fileAsVisitor(
  t: TestApp,
  fields: Record<string, string> = claim,
  receipts: Receipt[] = [pdf()],
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await claimForm(fields, receipts);
  // Through `t.request`: every answer is also checked against the OpenAPI document.
  return t.request({
    method: 'POST',
    url: '/api/en/visitor-claims',
    remoteAddress,
    headers: { ...XSRF_ONLY, 'content-type': contentType },
    payload,
  });
}

const receiptRows = async (t: TestApp) =>
  (
    await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM claim_receipts WHERE claim_number IS NULL OR profile_id IS NULL',
    )
  )[0]?.count;

describe('claims filed by a visitor', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  it('should file the claim against the policy when the number and the date of birth match', async () => {
    const response = await fileAsVisitor(t, claim, [pdf('taxi.pdf')]);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.headers['cache-control'], 'no-store');
    const { claimNumber } = response.json<{ claimNumber: string }>();
    assert.match(claimNumber, /^CLM-\d{4}-[0-9A-F]{8}$/);
    // It is the policyholder's claim: Anna finds it, with its receipt, when she logs in.
    const anna = await t.login('anna.devries@example.com');
    const detail = await t.request({
      method: 'GET',
      url: `/api/en/claims/${claimNumber}`,
      headers: { cookie: anna.cookie },
    });
    assert.equal(detail.statusCode, 200);
    const body = detail.json<{ policyNumber: string; amount: number; receipts: { name: string }[] }>();
    assert.equal(body.policyNumber, 'TR-2026-100101');
    assert.equal(body.amount, 48.2);
    assert.deepEqual(
      body.receipts.map((receipt) => receipt.name),
      ['taxi.pdf'],
    );
    const [row] = await t.db.query<{ filed_by: string; profile_id: string }>(
      'SELECT c.filed_by, r.profile_id FROM claims c JOIN claim_receipts r USING (claim_number) WHERE claim_number = $1',
      [claimNumber],
    );
    assert.deepEqual(row, { filed_by: 'visitor', profile_id: 'P-1001' });
  });

  it('should give a wrong date of birth and a wrong policy number exactly the same answer', async () => {
    const wrongBirthDate = await fileAsVisitor(t, { ...claim, birthDate: '2003-04-13' });
    const wrongNumber = await fileAsVisitor(t, { ...claim, policyNumber: 'TR-2026-999999' });
    // Another student's real policy with Anna's date of birth.
    const someoneElses = await fileAsVisitor(t, { ...claim, policyNumber: 'HE-2026-100201' });
    const bothWrong = await fileAsVisitor(t, { ...claim, policyNumber: 'XX-1', birthDate: '1990-01-01' });
    for (const response of [wrongBirthDate, wrongNumber, someoneElses, bothWrong]) {
      assert.equal(response.statusCode, 422, response.body);
      assertContractBody(response);
      assert.deepEqual(response.json(), NOT_FOUND);
      assert.deepEqual(
        Object.keys(response.headers).sort(),
        Object.keys(wrongBirthDate.headers).sort(),
        'the same headers, too',
      );
    }
    // Nothing was kept of the refused claims, not even their receipts.
    assert.equal((await t.db.query('SELECT 1 FROM claims WHERE filed_by = $1', ['visitor'])).length, 0);
    assert.equal(await receiptRows(t), 0);
  });

  it('should answer a refused or cancelled policy as if it did not exist', async () => {
    // Chen (born 2002-02-02): TR-2026-100306 was refused, ST-2025-100305 cancelled from its start.
    for (const policyNumber of ['TR-2026-100306', 'ST-2025-100305']) {
      const response = await fileAsVisitor(t, { ...claim, policyNumber, birthDate: '2002-02-02' });
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.json(), NOT_FOUND);
    }
  });

  it('should check every field as for a student, the date of birth too', async () => {
    const response = await fileAsVisitor(t, {
      ...claim,
      birthDate: '12/04/2003',
      amount: '0',
      iban: 'NL00 0000',
      description: 'x'.repeat(5000),
      category: 'OTHER',
    });
    assert.equal(response.statusCode, 400, response.body);
    assertContractBody(response);
    const fields = response
      .json<{ fields: { field: string }[] }>()
      .fields.map((field) => field.field)
      .sort();
    assert.deepEqual(fields, ['amount', 'birthDate', 'category', 'description', 'iban']);
    const missing = await fileAsVisitor(t, { ...claim, birthDate: '' });
    assert.deepEqual(missing.json<{ fields: unknown[] }>().fields, [
      { field: 'birthDate', code: 'validation.required' },
    ]);
    const future = await fileAsVisitor(t, { ...claim, birthDate: day(1) });
    assert.deepEqual(future.json<{ fields: unknown[] }>().fields, [
      { field: 'birthDate', code: 'validation.date.notFuture' },
    ]);
  });

  it('should answer an incident outside the policy like a wrong pair: trying dates tells neither', async () => {
    const response = await fileAsVisitor(t, { ...claim, incidentDate: day(-400) });
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(response.json(), NOT_FOUND);
    const wrongPair = await fileAsVisitor(t, { ...claim, birthDate: '2003-04-13', incidentDate: day(-400) });
    assert.deepEqual([wrongPair.statusCode, wrongPair.json()], [422, NOT_FOUND]);
  });

  it('should hold the receipts rules: at most 5, PDF, JPEG or PNG only, 10 MB each', async () => {
    // A sixth file is refused as the upload arrives, as for a student.
    const six = await fileAsVisitor(
      t,
      claim,
      Array.from({ length: 6 }, (_, i) => pdf(`bill-${i}.pdf`)),
    );
    assert.equal(six.statusCode, 413);
    assert.equal(six.json().code, 'PAYLOAD_TOO_LARGE');
    const disguised = await fileAsVisitor(t, claim, [
      { name: 'bill.pdf', type: 'application/pdf', content: '<html>not a pdf</html>' },
    ]);
    assert.deepEqual(disguised.json<{ fields: unknown[] }>().fields, [
      { field: 'receipts', code: 'validation.files.type' },
    ]);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const tooLarge = await fileAsVisitor(t, claim, [
      { name: 'huge.pdf', type: 'application/pdf', content: big },
    ]);
    assert.ok([400, 413].includes(tooLarge.statusCode), tooLarge.body);
    assertContractBody(tooLarge);
    // The receipts rules come before the policy is looked up: a wrong pair with a bad file hears of the file.
    const wrongPair = await fileAsVisitor(t, { ...claim, birthDate: '1999-01-01' }, [
      pdf(),
      { name: 'page.pdf', type: 'application/pdf', content: 'GIF89a' },
    ]);
    assert.equal(wrongPair.statusCode, 400);
    assert.equal(await receiptRows(t), 0);
    const five = await fileAsVisitor(
      t,
      claim,
      Array.from({ length: 5 }, (_, i) => pdf(`bill-${i}.pdf`)),
    );
    assert.equal(five.statusCode, 201, five.body);
  });

  it('should refuse stray fields and a body that is not multipart', async () => {
    const stray = await fileAsVisitor(t, { ...claim, profileId: 'P-1002' });
    assert.equal(stray.statusCode, 400);
    assert.deepEqual(stray.json<{ fields: unknown[] }>().fields, [
      { field: 'profileId', code: 'validation.option' },
    ]);
    const json = await t.request({
      method: 'POST',
      url: '/api/en/visitor-claims',
      headers: { ...XSRF_ONLY, 'content-type': 'application/json' },
      payload: JSON.stringify(claim),
    });
    assert.equal(json.statusCode, 415);
    assertContractBody(json);
  });

  it('should not let a visitor list or read the claim afterwards', async () => {
    const { claimNumber } = (await fileAsVisitor(t)).json<{ claimNumber: string }>();
    for (const url of [`/api/en/claims/${claimNumber}`, '/api/en/profiles/P-1001/claims']) {
      const response = await t.app.inject({ method: 'GET', url, headers: XSRF_ONLY });
      assert.equal(response.statusCode, 401, url);
      assertContractBody(response);
    }
    // Nor can another student who logs in.
    const ben = await t.login('ben.okafor@example.com');
    const others = await t.request({
      method: 'GET',
      url: `/api/en/claims/${claimNumber}`,
      headers: authHeaders(ben),
    });
    assert.equal(others.statusCode, 403);
  });

  it('should leave the logged-in claim call behind the login', async () => {
    const { payload, contentType } = await claimForm(claim, []);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...XSRF_ONLY, 'content-type': contentType },
      payload,
    });
    assert.equal(response.statusCode, 401);
  });
});

describe('claims filed by a visitor: rate limit', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start, {
      config: { rateLimits: { ...TEST_RATE_LIMITS, visitorClaimsPerHour: 3 } },
    });
  });
  after(() => t.close());

  it('should answer the 4th claim of a client address in an hour with 429, Retry-After and the contract body', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await fileAsVisitor(
        t,
        { ...claim, birthDate: `1990-01-0${i + 1}` },
        [],
        '203.0.113.7',
      );
      assert.equal(response.statusCode, 422, response.body);
    }
    // Even the right pair is held back now: the limit counts attempts, not failures.
    const limited = await fileAsVisitor(t, claim, [], '203.0.113.7');
    assert.equal(limited.statusCode, 429, limited.body);
    assertContractBody(limited);
    assert.equal(limited.json().code, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600, String(retryAfter));
    // Another client is not held back, and neither is the login of the same one.
    assert.equal((await fileAsVisitor(t, claim, [], '203.0.113.8')).statusCode, 201);
  });
});

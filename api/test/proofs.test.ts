import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import jsQR from 'jsqr';
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
import { contentStreams, pdfText } from './pdf-text.js';
import {
  coverStatusOf,
  initialsOf,
  normalizeShortCode,
  SHORT_CODE_ALPHABET,
} from '../src/modules/proofs/routes.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

interface Verification {
  code: string;
  valid: boolean;
  coverStatus: string;
  initials: string;
  birthYear: number;
  insuranceType: string;
  startDate: string;
  endDate: string;
  issuedOn: string;
}

const start = fixedNoon();
/** A wire date `n` days from the day of seeding (the demo data is relative to it). */
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');

/**
 * Reads the QR code back from the page: the letter draws it as equal squares (`x y w h re`), which are put
 * on a pixel grid with a quiet zone and decoded by jsQR, as a phone's camera would.
 */
function pdfQr(pdf: Buffer): string {
  const rects = contentStreams(pdf).flatMap((stream) =>
    [...stream.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number)),
  );
  assert.ok(rects.length > 100, 'the letter draws a QR code');
  const cell = rects[0]![2]!;
  const minX = Math.min(...rects.map((r) => r[0]!));
  const minY = Math.min(...rects.map((r) => r[1]!));
  const cells = rects.map(([x, y]) => [Math.round((y! - minY) / cell), Math.round((x! - minX) / cell)]);
  const modules = Math.max(...cells.flat()) + 1;
  const scale = 4;
  const quiet = 4;
  const width = (modules + 2 * quiet) * scale;
  const image = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [row, col] of cells) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = (((row! + quiet) * scale + dy) * width + (col! + quiet) * scale + dx) * 4;
        image[offset] = image[offset + 1] = image[offset + 2] = 0;
      }
    }
  }
  const decoded = jsQR(image, width, width);
  assert.ok(decoded, 'the QR code can be read');
  return decoded.data;
}

describe('proof of cover', () => {
  let t: TestApp;
  let anna: Session;

  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login('anna.devries@example.com');
  });
  after(() => t.close());

  const create = (policyId: string, session: Session | null, payload: unknown = { language: 'en' }) =>
    t.request({
      method: 'POST',
      url: `/api/en/policies/${encodeURIComponent(policyId)}/proof`,
      headers: session ? authHeaders(session) : XSRF_ONLY,
      payload: payload as Record<string, unknown>,
    });

  const verify = (code: string, remoteAddress = '127.0.0.1') =>
    t.request({ method: 'GET', url: `/api/verify/${encodeURIComponent(code)}`, remoteAddress });

  async function letter(policyId: string, language = 'en') {
    const response = await create(policyId, anna, { language });
    assert.equal(response.statusCode, 201, response.body);
    const code = String(response.headers['x-verification-code']);
    const url = pdfQr(response.rawPayload);
    const token = /\/en\/verify\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';
    return { response, code, url, token };
  }

  async function verified(code: string): Promise<Verification> {
    const response = await verify(code);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Verification>();
  }

  async function policiesOfAnna(): Promise<unknown> {
    const response = await t.request({
      method: 'GET',
      url: '/api/en/profiles/P-1001/policies',
      headers: { cookie: anna.cookie },
    });
    assert.equal(response.statusCode, 200);
    return response.json();
  }

  it('should make an English PDF letter that states the cover and carries the code, without changing the policy', async () => {
    const before = await policiesOfAnna();
    const { response, code, url, token } = await letter('POL-1001-T');
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="proof-of-cover-TR-2026-100101-en\.pdf"$/,
    );
    assert.equal(response.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.match(code, new RegExp(`^[${SHORT_CODE_ALPHABET}]{5}-[${SHORT_CODE_ALPHABET}]{5}$`));
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'To whom it may concern,',
      'Anna de Vries',
      '12 April 2003',
      'TR-2026-100101',
      'Travel insurance',
      'Travel Plus',
      'Netherlands',
      code,
      'http://localhost:8080/en/verify',
    ]) {
      assert.ok(text.includes(expected), `the letter says ${expected}`);
    }
    assert.ok(text.includes(format(start, 'd MMMM yyyy')), 'the date of issue');
    // The QR code opens the public page with a token of 256 random bits.
    assert.equal(url, `http://localhost:8080/en/verify/${token}`);
    assert.equal(token.length, 43);
    assert.ok(!text.includes(token), 'the token is only in the QR code');
    assert.deepEqual(await policiesOfAnna(), before);
  });

  it('should write the letter in Dutch when Dutch is chosen', async () => {
    const { response, code } = await letter('POL-1001-T', 'nl');
    assert.match(String(response.headers['content-disposition']), /-nl\.pdf"$/);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Aan wie het aangaat,',
      'Reisverzekering',
      'Geboortedatum',
      '12 april 2003',
      'Nederland',
      code,
    ]) {
      assert.ok(text.includes(expected), `the letter says ${expected}`);
    }
    assert.ok(!text.includes('To whom it may concern'));
  });

  it('should verify a letter by its QR token and by its short code, showing only what a third party needs', async () => {
    const { code, token } = await letter('POL-1001-T');
    const byToken = await verified(token);
    assert.deepEqual(byToken, {
      code,
      valid: true,
      coverStatus: 'ACTIVE',
      initials: 'A.d.V.',
      birthYear: 2003,
      insuranceType: 'TRAVEL',
      startDate: day(-60),
      endDate: day(305),
      issuedOn: day(0),
    });
    assert.deepEqual(await verified(code), byToken);
    // Typed by hand: lower case, without the hyphen or with spaces.
    assert.deepEqual(await verified(code.toLowerCase().replace('-', '')), byToken);
    assert.deepEqual(await verified(code.replace('-', ' ')), byToken);
    // No login needed, and nothing is cached on the way.
    const response = await verify(code);
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  it('should say that a policy starting later is valid and not started yet', async () => {
    const { code } = await letter('POL-1001-S');
    const answer = await verified(code);
    assert.equal(answer.valid, true);
    assert.equal(answer.coverStatus, 'NOT_STARTED');
    assert.equal(answer.startDate, day(10));
  });

  it('should answer a made-up code, token or malformed code with 404 and the contract body', async () => {
    for (const code of ['ABCDE-FGHJK', 'x'.repeat(43), 'not a code', 'ABCDE-FGHJ0', '1', '%3Cscript%3E']) {
      const response = await verify(code);
      assert.equal(response.statusCode, 404, code);
      assertContractBody(response, code);
      assert.equal(response.json().code, 'NOT_FOUND');
    }
    const nul = await t.app.inject({ method: 'GET', url: '/api/verify/AB%00CD' });
    assert.equal(nul.statusCode, 400);
    assertContractBody(nul);
  });

  it('should stop verifying after the new end date once the policy is shortened', async () => {
    const { code, token } = await letter('POL-1001-H');
    const terminated = await t.request({
      method: 'POST',
      url: '/api/en/policies/POL-1001-H/terminate',
      headers: authHeaders(anna),
      payload: { id: 'POL-1001-H', endDate: day(20), reason: 'Going home early' },
    });
    assert.equal(terminated.statusCode, 200, terminated.body);

    // Still valid up to and including the new end date, with the period as it is now.
    t.clock.now = addDays(start, 20);
    const lastDay = await verified(code);
    assert.equal(lastDay.valid, true);
    assert.equal(lastDay.coverStatus, 'ACTIVE');
    assert.equal(lastDay.endDate, day(20));

    t.clock.now = addDays(start, 21);
    for (const lookup of [code, token]) {
      const answer = await verified(lookup);
      assert.equal(answer.valid, false);
      assert.equal(answer.coverStatus, 'TERMINATED');
      assert.equal(answer.endDate, day(20));
    }
  });

  it('should stop verifying at once when the policy is cancelled, and after the end date when it ends', async () => {
    const stay = await letter('POL-1001-S');
    const travel = await letter('POL-1001-T');
    const cancelled = await t.request({
      method: 'POST',
      url: '/api/en/policies/POL-1001-S/terminate',
      headers: authHeaders(anna),
      payload: { id: 'POL-1001-S', endDate: day(10), reason: 'Not going after all' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().status, 'CANCELLED');
    const answer = await verified(stay.code);
    assert.equal(answer.valid, false);
    assert.equal(answer.coverStatus, 'CANCELLED');
    assert.equal(answer.endDate, day(10));

    t.clock.now = addDays(start, 305);
    assert.equal((await verified(travel.code)).valid, true);
    t.clock.now = addDays(start, 306);
    const ended = await verified(travel.code);
    assert.equal(ended.valid, false);
    assert.equal(ended.coverStatus, 'ENDED');
    assert.equal(ended.endDate, day(305));
  });

  it('should make letters for the owner only', async () => {
    const ben = await t.login('ben.okafor@example.com');
    const others = await create('POL-1001-T', ben);
    assert.equal(others.statusCode, 403);
    assertContractBody(others);

    const anonymous = await create('POL-1001-T', null);
    assert.equal(anonymous.statusCode, 401);
    assertContractBody(anonymous);

    const unknown = await create('POL-9999', anna);
    assert.equal(unknown.statusCode, 404);
    assertContractBody(unknown);

    const noXsrf = await t.app.inject({
      method: 'POST',
      url: '/api/en/policies/POL-1001-T/proof',
      headers: { cookie: anna.cookie.replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=other') },
      payload: { language: 'en' },
    });
    assert.equal(noXsrf.statusCode, 403);
    assert.equal(noXsrf.json().code, 'XSRF_INVALID');
  });

  it('should refuse a missing or unknown language and unknown fields with the failing fields', async () => {
    const cases: [unknown, { field: string; code: string }[]][] = [
      [{}, [{ field: 'language', code: 'validation.required' }]],
      [{ language: 'de' }, [{ field: 'language', code: 'validation.option' }]],
      [{ language: 'en', policyNumber: 'X' }, [{ field: 'policyNumber', code: 'validation.unknownField' }]],
      [[], [{ field: 'body', code: 'validation.type' }]],
    ];
    for (const [payload, fields] of cases) {
      const response = await create('POL-1001-T', anna, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assertContractBody(response);
      assert.deepEqual(response.json().fields, fields);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/en/policies/POL%00/proof',
      headers: authHeaders(anna),
      payload: { language: 'en' },
    });
    assert.equal(bad.statusCode, 400);
    assertContractBody(bad);
  });

  it('should refuse a letter for a policy that gives no cover', async () => {
    const chen = await t.login('chen.li@example.com');
    for (const policyId of ['POL-1003-4', 'POL-1003-5', 'POL-1003-6', 'POL-1003-7']) {
      const response = await create(policyId, chen);
      assert.equal(response.statusCode, 409, policyId);
      assertContractBody(response);
      assert.equal(response.json().code, 'NO_COVER');
    }
    // A not-yet-started policy of chen's, arranged by the institution, can be proved.
    assert.equal((await create('POL-1003-3', chen)).statusCode, 201);
  });
});

describe('proof of cover rate limits', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon(), {
      config: { rateLimits: { ...TEST_RATE_LIMITS, verifyCodePerMinute: 3, verifyLinkPerMinute: 5 } },
    });
  });
  after(() => t.close());

  function assertRateLimited(response: LightMyRequestResponse): void {
    assert.equal(response.statusCode, 429, response.body);
    assertContractBody(response);
    assert.equal(response.json().code, 'RATE_LIMITED');
    const retryAfter = Number(response.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(retryAfter));
  }

  const lookup = (code: string, remoteAddress: string) =>
    t.request({ method: 'GET', url: `/api/verify/${code}`, remoteAddress });

  it('should limit short-code lookups per client address more strictly than token lookups', async () => {
    for (let i = 0; i < 3; i += 1) assert.equal((await lookup('ABCDE-FGHJK', '203.0.113.7')).statusCode, 404);
    assertRateLimited(await lookup('ABCDE-FGHJK', '203.0.113.7'));
    // Token lookups of the same address are counted apart, with their own, higher limit.
    const token = 'A'.repeat(43);
    for (let i = 0; i < 5; i += 1) assert.equal((await lookup(token, '203.0.113.7')).statusCode, 404);
    assertRateLimited(await lookup(token, '203.0.113.7'));
    // Another client is not held back.
    assert.equal((await lookup('ABCDE-FGHJK', '203.0.113.8')).statusCode, 404);
  });
});

describe('proof of cover rules', () => {
  it('should write initials as Dutch initials', () => {
    assert.equal(initialsOf('Anna', 'de Vries'), 'A.d.V.');
    assert.equal(initialsOf('Jean-Luc', 'Okafor'), 'J.L.O.');
    assert.equal(initialsOf('Émile', 'Zoë'), 'É.Z.');
  });

  it('should read a typed short code whatever its case, spaces and hyphens, and nothing else', () => {
    assert.equal(normalizeShortCode(' abcde-fghjk '), 'ABCDEFGHJK');
    assert.equal(normalizeShortCode('ABCDE FGHJK'), 'ABCDEFGHJK');
    assert.equal(normalizeShortCode('ABCDE-FGHJ0'), null);
    assert.equal(normalizeShortCode('ABCDE-FGHJKL'), null);
    assert.equal(normalizeShortCode(''), null);
  });

  it('should work out the cover at the time of the check', () => {
    const policy = (status: string, start: string, end: string) =>
      ({ status, start_date: start, end_date: end }) as Parameters<typeof coverStatusOf>[0];
    const today = '2026-06-15';
    assert.equal(coverStatusOf(policy('ACTIVE', '2026-01-01', '2026-12-31'), '2026-12-31', today), 'ACTIVE');
    assert.equal(coverStatusOf(policy('ACTIVE', '2026-01-01', '2026-06-15'), '2026-12-31', today), 'ACTIVE');
    assert.equal(
      coverStatusOf(policy('NOT_ACTIVE', '2026-07-01', '2026-12-31'), '2026-12-31', today),
      'NOT_STARTED',
    );
    assert.equal(coverStatusOf(policy('ACTIVE', '2026-01-01', '2026-06-14'), '2026-06-14', today), 'ENDED');
    assert.equal(coverStatusOf(policy('EXPIRED', '2025-01-01', '2025-12-31'), '2025-12-31', today), 'ENDED');
    assert.equal(
      coverStatusOf(policy('ACTIVE', '2026-01-01', '2026-06-14'), '2026-12-31', today),
      'TERMINATED',
    );
    assert.equal(
      coverStatusOf(policy('CANCELLED', '2026-07-01', '2026-07-01'), '2026-12-31', today),
      'CANCELLED',
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, format } from 'date-fns';
import { XSRF_ONLY, authHeaders, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

const start = fixedNoon();
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');

interface Receipt {
  /** Form field of the file; `receipts` unless a test sends a stray one. */
  field?: string;
  name: string;
  type: string;
  content: Uint8Array<ArrayBuffer> | string;
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const pdf = (name = 'receipt.pdf'): Receipt => ({
  name,
  type: 'application/pdf',
  content: '%PDF-1.4\n%receipt\n',
});

/** A PNG of `size` bytes: the signature, then a counting pattern so chunk order matters. */
function png(name: string, size: number): Receipt {
  const content = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) content[i] = i < PNG_HEAD.length ? PNG_HEAD[i]! : i % 251;
  return { name, type: 'image/png', content };
}

/** Encodes a claim as multipart/form-data with the platform's own encoder. */
async function claimForm(fields: Record<string, string>, receipts: Receipt[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const receipt of receipts) {
    form.append(
      receipt.field ?? 'receipts',
      new Blob([receipt.content], { type: receipt.type }),
      receipt.name,
    );
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

interface ClaimDetail {
  claimNumber: string;
  status: string;
  iban: string;
  incidentDate: string;
  history: { status: string; at: string; reason?: string }[];
  receipts: { id: string; name: string; contentType: string; size: number }[];
}

describe('claims', () => {
  let t: TestApp;
  let anna: Session;
  // Anna's travel policy runs from 60 days ago to 305 days ahead (seed).
  const claim = {
    policyNumber: 'TR-2026-100101',
    category: 'CLAIMS',
    incidentDate: day(-3),
    description: 'Doctor visit after a bicycle fall',
    amount: '125,50',
    iban: 'NL91 ABNA 0417 1643 00',
  };

  before(async () => {
    t = await createTestApp(start);
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login('anna.devries@example.com');
  });
  after(() => t.close());

  async function submit(
    receipts: Receipt[],
    fields: Record<string, string> = claim,
    headers: Record<string, string> = authHeaders(anna),
  ) {
    const { payload, contentType } = await claimForm(fields, receipts);
    return t.request({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  }

  async function claims(session: Session = anna) {
    const response = await t.request({
      method: 'GET',
      url: `/api/en/profiles/${session.profileId}/claims`,
      headers: { cookie: session.cookie },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    return response.json<{ claimNumber: string; policyNumber: string; status: string; amount: number }[]>();
  }

  async function detail(claimNumber: string, session: Session = anna) {
    return t.request({
      method: 'GET',
      url: `/api/en/claims/${claimNumber}`,
      headers: { cookie: session.cookie },
    });
  }

  async function storedReceipts() {
    const [row] = await t.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM claim_receipts WHERE profile_id = 'P-1001'",
    );
    return row?.count;
  }

  describe('filing', () => {
    it('should accept a claim with receipts, list it and show it with its history', async () => {
      assert.deepEqual(await claims(), []);
      const response = await submit([
        pdf(),
        { name: 'photo.jpg', type: 'image/jpeg', content: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) },
        png('scan.png', 2 * 1024 * 1024),
      ]);
      assert.equal(response.statusCode, 201, response.body);
      const { claimNumber } = response.json();
      assert.match(claimNumber, /^CLM-\d{4}-[0-9A-F]{8}$/);
      const listed = await claims();
      assert.deepEqual(
        { ...listed[0], submittedAt: undefined },
        {
          claimNumber,
          policyNumber: 'TR-2026-100101',
          status: 'RECEIVED',
          amount: 125.5,
          submittedAt: undefined,
        },
      );
      const shown = await detail(claimNumber);
      assert.equal(shown.statusCode, 200);
      assert.equal(shown.headers['cache-control'], 'no-store');
      const body = shown.json<ClaimDetail>();
      assert.equal(body.iban, 'NL91 **** **** 4300');
      assert.equal(body.incidentDate, day(-3));
      assert.deepEqual(body.history, [{ status: 'RECEIVED', at: start.toISOString() }]);
      assert.deepEqual(
        body.receipts.map(({ name, contentType, size }) => ({ name, contentType, size })),
        [
          { name: 'receipt.pdf', contentType: 'application/pdf', size: 18 },
          { name: 'photo.jpg', contentType: 'image/jpeg', size: 4 },
          { name: 'scan.png', contentType: 'image/png', size: 2 * 1024 * 1024 },
        ],
      );
    });

    it('should keep each receipt whole and give it back as an attachment that is not cached', async () => {
      const big = png('scan.png', 3 * 1024 * 1024 + 17);
      const response = await submit([big, pdf('bill (1).pdf')]);
      const { claimNumber } = response.json();
      const [png1, pdf1] = (await detail(claimNumber)).json<ClaimDetail>().receipts;
      // Stored in chunks as it streamed in, not as one value.
      const [chunks] = await t.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM claim_receipt_chunks WHERE receipt_id = $1',
        [png1!.id],
      );
      assert.ok((chunks?.count ?? 0) >= 12, `only ${chunks?.count} chunks`);
      const download = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/${png1!.id}`,
        headers: { cookie: anna.cookie },
      });
      assert.equal(download.statusCode, 200);
      assert.equal(download.headers['content-type'], 'image/png');
      assert.equal(download.headers['cache-control'], 'no-store');
      assert.equal(
        download.headers['content-disposition'],
        `attachment; filename="scan.png"; filename*=UTF-8''scan.png`,
      );
      assert.ok(Buffer.from(big.content as Uint8Array).equals(download.rawPayload));
      const second = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/${pdf1!.id}`,
        headers: { cookie: anna.cookie },
      });
      assert.equal(second.body, '%PDF-1.4\n%receipt\n');
      assert.match(String(second.headers['content-disposition']), /filename\*=UTF-8''bill%20\(1\)\.pdf/);
    });

    it('should read the receipt type from its content, not from its declared type or name', async () => {
      const disguised = await submit([
        { name: 'receipt.pdf', type: 'application/pdf', content: '<html>hi</html>' },
      ]);
      assert.equal(disguised.statusCode, 400);
      assert.deepEqual(disguised.json().fields, [{ field: 'receipts', code: 'validation.files.type' }]);
      const text = await submit([pdf(), { name: 'notes.txt', type: 'text/plain', content: 'hello' }]);
      assert.deepEqual(text.json().fields, [{ field: 'receipts', code: 'validation.files.type' }]);
      const empty = await submit([{ name: 'empty.png', type: 'image/png', content: '' }]);
      assert.deepEqual(empty.json().fields, [{ field: 'receipts', code: 'validation.files.type' }]);
      // A real PNG sent as application/octet-stream is a PNG.
      const octet = await submit([{ ...png('photo', 100), type: 'application/octet-stream' }]);
      assert.equal(octet.statusCode, 201, octet.body);
      const shown = (await detail(octet.json().claimNumber)).json<ClaimDetail>();
      assert.equal(shown.receipts[0]?.contentType, 'image/png');
      // Nothing of the refused uploads is left behind.
      assert.equal(await storedReceipts(), 1);
    });

    it('should refuse more than 5 files and a file over 10 MB with 413, keeping nothing', async () => {
      const six = await submit(Array.from({ length: 6 }, (_, i) => pdf(`r${i}.pdf`)));
      assert.equal(six.statusCode, 413);
      assert.equal(six.json().code, 'PAYLOAD_TOO_LARGE');
      const huge = await submit([pdf(), png('huge.png', 10 * 1024 * 1024 + 1)]);
      assert.equal(huge.statusCode, 413);
      assert.equal(huge.json().code, 'PAYLOAD_TOO_LARGE');
      assert.equal(await storedReceipts(), 0);
      const [chunks] = await t.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM claim_receipt_chunks c JOIN claim_receipts r ON r.id = c.receipt_id
         WHERE r.profile_id = 'P-1001'`,
      );
      assert.equal(chunks?.count, 0);
      const five = await submit(Array.from({ length: 5 }, (_, i) => pdf(`r${i}.pdf`)));
      assert.equal(five.statusCode, 201, five.body);
      assert.equal((await claims()).length, 1);
    });

    it('should refuse bad fields with 400 and their codes', async () => {
      const bad = await submit([pdf()], {
        ...claim,
        category: 'TRAVEL',
        incidentDate: day(1),
        amount: '12.345',
        iban: 'GB82WEST12345698765432',
      });
      assert.deepEqual(bad.json().fields, [
        { field: 'category', code: 'validation.option' },
        { field: 'incidentDate', code: 'validation.date.notFuture' },
        { field: 'amount', code: 'validation.amount' },
        { field: 'iban', code: 'validation.iban.uk' },
      ]);
      const otherPolicy = await submit([pdf()], { ...claim, policyNumber: 'HE-2026-100301' });
      assert.deepEqual(otherPolicy.json().fields, [{ field: 'policyNumber', code: 'validation.option' }]);
      const strayFile = await submit([{ ...pdf(), field: 'photo' }]);
      assert.deepEqual(strayFile.json().fields, [{ field: 'photo', code: 'validation.option' }]);
      const strayField = await submit([], { ...claim, status: 'PAID' });
      assert.deepEqual(strayField.json().fields, [{ field: 'status', code: 'validation.option' }]);
      assert.deepEqual(await claims(), []);
      assert.equal(await storedReceipts(), 0);
    });

    it('should need the incident date within the policy period', async () => {
      const before = await submit([pdf()], { ...claim, incidentDate: day(-61) });
      assert.equal(before.statusCode, 400);
      assert.deepEqual(before.json().fields, [
        { field: 'incidentDate', code: 'validation.incidentDate.outsidePolicy' },
      ]);
      const first = await submit([pdf()], { ...claim, incidentDate: day(-60) });
      assert.equal(first.statusCode, 201, first.body);
    });

    it('should need a positive amount of at most 50,000', async () => {
      const zero = await submit([], { ...claim, amount: '0,00' });
      assert.deepEqual(zero.json().fields, [{ field: 'amount', code: 'validation.amount.positive' }]);
      const tooMuch = await submit([], { ...claim, amount: '50000,01' });
      assert.deepEqual(tooMuch.json().fields, [{ field: 'amount', code: 'validation.amount.max' }]);
      const most = await submit([], { ...claim, amount: '50000' });
      assert.equal(most.statusCode, 201, most.body);
    });

    it('should store a file name without folders, and refuse one with control characters', async () => {
      const response = await submit([pdf('..\\..\\etc/bill.pdf')]);
      assert.equal(response.statusCode, 201, response.body);
      const shown = (await detail(response.json().claimNumber)).json<ClaimDetail>();
      assert.equal(shown.receipts[0]?.name, 'bill.pdf');
      const nul = await submit([pdf('bill\u0000.pdf')]);
      assert.equal(nul.statusCode, 400);
      assert.deepEqual(nul.json().fields, [{ field: 'receipts', code: 'validation.text.invalid' }]);
      assert.equal(await storedReceipts(), 1);
    });

    it('should need a session and multipart', async () => {
      const anonymous = await submit([pdf()], claim, XSRF_ONLY);
      assert.equal(anonymous.statusCode, 401);
      const json = await t.request({
        method: 'POST',
        url: '/api/en/claims',
        headers: authHeaders(anna),
        payload: claim,
      });
      assert.equal(json.statusCode, 415);
      assert.equal(json.json().code, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('access', () => {
    it('should show a claim and its receipts to its own student only', async () => {
      const { claimNumber } = (await submit([pdf()])).json();
      const [receipt] = (await detail(claimNumber)).json<ClaimDetail>().receipts;
      const chen = await t.login('chen.li@example.com');
      const other = await detail(claimNumber, chen);
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().code, 'FORBIDDEN');
      const download = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/${receipt!.id}`,
        headers: { cookie: chen.cookie },
      });
      assert.equal(download.statusCode, 403);
      const list = await t.request({
        method: 'GET',
        url: '/api/en/profiles/P-1001/claims',
        headers: { cookie: chen.cookie },
      });
      assert.equal(list.statusCode, 403);
      const anonymous = await t.request({ method: 'GET', url: `/api/en/claims/${claimNumber}` });
      assert.equal(anonymous.statusCode, 401);
      const anonymousDownload = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/${receipt!.id}`,
      });
      assert.equal(anonymousDownload.statusCode, 401);
    });

    it('should answer 404 for unknown or malformed numbers and a receipt of another claim', async () => {
      assert.equal((await detail('CLM-2026-DEADBEEF')).statusCode, 404);
      // A control character in the path is refused before any route (400), a malformed number with 404.
      assert.equal((await detail('CLM%00')).statusCode, 400);
      assert.equal((await detail("CLM-2026-0000C001' OR 1=1")).statusCode, 404);
      const { claimNumber } = (await submit([pdf()])).json();
      const chen = await t.login('chen.li@example.com');
      // Chen's seeded receipt, asked for through Anna's claim.
      const [chenReceipt] = (await detail('CLM-2026-0000C001', chen)).json<ClaimDetail>().receipts;
      const crossed = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/${chenReceipt!.id}`,
        headers: { cookie: anna.cookie },
      });
      assert.equal(crossed.statusCode, 404);
      const malformed = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/RCT-1`,
        headers: { cookie: anna.cookie },
      });
      assert.equal(malformed.statusCode, 404);
    });
  });

  describe('demo data', () => {
    it('should give Chen a claim in each status with the steps reached, and Anna none', async () => {
      assert.deepEqual(await claims(), []);
      const chen = await t.login('chen.li@example.com');
      const list = await claims(chen);
      assert.deepEqual(
        list.map((c) => c.status),
        ['RECEIVED', 'IN_REVIEW', 'APPROVED', 'REJECTED', 'PAID'],
      );
      const steps = async (claimNumber: string) =>
        (await detail(claimNumber, chen)).json<ClaimDetail>().history.map((step) => step.status);
      assert.deepEqual(await steps('CLM-2025-0000C005'), ['RECEIVED', 'IN_REVIEW', 'APPROVED', 'PAID']);
      assert.deepEqual(await steps('CLM-2025-0000C004'), ['RECEIVED', 'IN_REVIEW', 'REJECTED']);
      // The rejection carries its reason, and only the rejection does.
      const rejected = (await detail('CLM-2025-0000C004', chen)).json<ClaimDetail>();
      assert.deepEqual(
        rejected.history.map((step) => step.reason ?? null),
        [null, null, 'NOT_COVERED'],
      );
      const paid = (await detail('CLM-2025-0000C005', chen)).json<ClaimDetail>();
      const times = paid.history.map((step) => Date.parse(step.at));
      assert.deepEqual(
        [...times].sort((a, b) => a - b),
        times,
      );
      const download = await t.request({
        method: 'GET',
        url: `/api/en/claims/CLM-2025-0000C005/receipts/${paid.receipts[0]!.id}`,
        headers: { cookie: chen.cookie },
      });
      assert.equal(download.statusCode, 200);
      assert.match(download.body, /^%PDF-1\.4/);
    });
  });
});

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createMailer } from '../src/mail/outbox.js';
import type { Mailer } from '../src/mail/outbox.js';
import {
  annasClaimForm,
  assertContractBody,
  assertMatchesOpenapi,
  authHeaders,
  createTestApp,
  fixedNoon,
} from './helpers.js';
import type { TestApp } from './helpers.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

const start = fixedNoon();
const PATH = '/api/en/receipt-uploads';
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { 'content-type': 'application/offset+octet-stream' };

/** A PDF of `size` bytes: its signature, then a pattern in which every chunk's place matters. */
function pdfBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  for (let i = 9; i < size; i += 1) bytes[i] = (i * 7 + (i >> 9)) % 251;
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

/** The claim form with the ids of receipts uploaded before, as the portal sends it. */
const claimWithUploads = (ids: string[]) =>
  annasClaimForm(
    start,
    ids.map((id) => ['uploadedReceipts', id]),
  );

// Two api instances on one database, as two replicas behind the host's balancer: an upload begun on
// one is asked after and finished on the other, and filed with a claim there.
describe('resumable receipt uploads', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondMailer: Mailer;
  let anna: Session;
  let ben: Session;

  before(async () => {
    t = await createTestApp(start);
    secondMailer = createMailer(t.db, t.config, pino({ level: 'silent' }));
    second = await buildApp({ db: t.db, config: t.config, mailer: secondMailer });
    await second.ready();
  });
  after(async () => {
    await second.close();
    await secondMailer.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    anna = await t.login('anna.devries@example.com');
    ben = await t.login('ben.okafor@example.com');
  });

  /** Begins an upload of `size` bytes on `app` for `session`; the upload's address. */
  async function begin(app: FastifyInstance, session: Session, size: number, name = 'hospital bill.pdf') {
    const response = await app.inject({
      method: 'POST',
      url: PATH,
      headers: {
        ...authHeaders(session),
        ...TUS,
        'upload-length': String(size),
        'upload-metadata': metadata(name),
      },
    });
    assertMatchesOpenapi('POST', PATH, response);
    assert.equal(response.statusCode, 201, response.body);
    const location = String(response.headers.location);
    assert.match(location, /^\/api\/en\/receipt-uploads\/RCT-[0-9A-F]{16}$/);
    return location;
  }

  const offsetOn = async (app: FastifyInstance, session: Session, location: string) => {
    const response = await app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...authHeaders(session), ...TUS },
    });
    assert.equal(response.statusCode, 200, response.body);
    return Number(response.headers['upload-offset']);
  };

  const send = (app: FastifyInstance, session: Session, location: string, offset: number, bytes: Buffer) =>
    app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...authHeaders(session), ...TUS, ...OCTETS, 'upload-offset': String(offset) },
      payload: bytes,
    });

  /** Files a claim on `app` with the uploads; its detail, and the bytes of each receipt as downloaded. */
  async function fileAndDownload(app: FastifyInstance, locations: string[]) {
    const ids = locations.map((location) => location.split('/').pop()!);
    const { payload, contentType } = await claimWithUploads(ids);
    const filed = await app.inject({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...authHeaders(anna), 'content-type': contentType },
      payload,
    });
    assert.equal(filed.statusCode, 201, filed.body);
    const { claimNumber } = filed.json<{ claimNumber: string }>();
    const detail = (
      await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}`,
        headers: { cookie: anna.cookie },
      })
    ).json<{ receipts: { id: string; name: string; contentType: string; size: number }[] }>();
    const downloads = [];
    for (const receipt of detail.receipts) {
      const download = await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}/receipts/${receipt.id}`,
        headers: { cookie: anna.cookie },
      });
      assert.equal(download.statusCode, 200);
      downloads.push(download.rawPayload);
    }
    return { claimNumber, ids, receipts: detail.receipts, downloads };
  }

  it('should resume on another replica an upload one began, and file the whole receipt once, byte for byte', async () => {
    const file = pdfBytes(700 * 1024 + 13);
    const half = 350 * 1024;
    const location = await begin(t.app, anna, file.length);
    const first = await send(t.app, anna, location, 0, file.subarray(0, half));
    assertMatchesOpenapi('PATCH', location, first);
    assert.equal(first.statusCode, 204, first.body);
    assert.equal(first.headers['upload-offset'], String(half));

    // The other replica knows what arrived, and takes the rest.
    assert.equal(await offsetOn(second, anna, location), half);
    const rest = await send(second, anna, location, half, file.subarray(half));
    assert.equal(rest.statusCode, 204, rest.body);
    assert.equal(rest.headers['upload-offset'], String(file.length));

    const { receipts, downloads, ids } = await fileAndDownload(second, [location]);
    assert.deepEqual(
      receipts.map(({ id, name, contentType, size }) => ({ id, name, contentType, size })),
      [{ id: ids[0], name: 'hospital bill.pdf', contentType: 'application/pdf', size: file.length }],
    );
    assert.equal(sha256(downloads[0]!), sha256(file));
    const [stored] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM claim_receipts WHERE id = $1',
      [ids[0]],
    );
    assert.equal(stored?.count, 1, 'the receipt is stored once');
    // Filed: no longer an upload anyone can add to or ask about.
    const after = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...authHeaders(anna), ...TUS },
    });
    assert.equal(after.statusCode, 404);
  });

  it('should keep what arrived before a connection broke, so that another replica continues from there', async () => {
    const file = pdfBytes(900 * 1024);
    const location = await begin(t.app, anna, file.length);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    assert.ok(address);
    // Half of the body, then the connection is gone (a train entering a tunnel).
    const sent = 500 * 1024;
    await new Promise<void>((resolve) => {
      const broken = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...authHeaders(anna),
          ...TUS,
          ...OCTETS,
          'upload-offset': '0',
          'content-length': String(file.length),
        },
      });
      broken.on('error', () => resolve());
      broken.write(file.subarray(0, sent), () => {
        setTimeout(() => {
          broken.destroy();
          resolve();
        }, 200);
      });
    });
    let offset = 0;
    for (let tries = 0; tries < 50 && offset < sent; tries += 1) {
      await sleep(50);
      offset = await offsetOn(second, anna, location);
    }
    assert.equal(offset, sent, 'every byte that arrived is kept');
    const rest = await send(second, anna, location, offset, file.subarray(offset));
    assert.equal(rest.statusCode, 204, rest.body);
    const { downloads } = await fileAndDownload(second, [location]);
    assert.equal(sha256(downloads[0]!), sha256(file));
  });

  it('should finish an upload whose last bytes arrived in a request that broke, when it is asked after', async () => {
    const file = pdfBytes(3000);
    const location = await begin(t.app, anna, file.length);
    const id = location.split('/').pop()!;
    assert.equal((await send(t.app, anna, location, 0, file.subarray(0, 1000))).statusCode, 204);
    // The rest is stored, but the request broke before the upload was finished.
    await t.db.query('INSERT INTO claim_receipt_chunks (receipt_id, seq, data) VALUES ($1, 1, $2)', [
      id,
      file.subarray(1000),
    ]);
    await t.db.query('UPDATE receipt_uploads SET upload_offset = upload_length, next_seq = 2 WHERE id = $1', [
      id,
    ]);
    assert.equal(await offsetOn(second, anna, location), file.length);
    const { downloads, receipts } = await fileAndDownload(second, [location]);
    assert.equal(receipts[0]?.contentType, 'application/pdf');
    assert.equal(sha256(downloads[0]!), sha256(file));
  });

  it("should answer another student's upload as unknown, and not file it with her claim", async () => {
    const file = pdfBytes(2000);
    const location = await begin(t.app, anna, file.length);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...authHeaders(ben), ...TUS },
    });
    assert.equal(head.statusCode, 404);
    const patch = await t.request({
      method: 'PATCH',
      url: location,
      headers: { ...authHeaders(ben), ...TUS, ...OCTETS, 'upload-offset': '0' },
      payload: file,
    });
    assert.equal(patch.statusCode, 404);
    assertContractBody(patch, 'PATCH by another student');
    assert.equal(patch.json().code, 'NOT_FOUND');
    assert.equal(await offsetOn(t.app, anna, location), 0, 'nothing of his was stored');

    assert.equal((await send(t.app, anna, location, 0, file)).statusCode, 204);
    const { payload, contentType } = await claimWithUploads([location.split('/').pop()!]);
    const filed = await t.request({
      method: 'POST',
      url: '/api/en/claims',
      headers: { ...authHeaders(ben), 'content-type': contentType },
      payload,
    });
    // Ben has no policy TR-2026-100101 either; the upload is refused before anything is filed.
    assert.equal(filed.statusCode, 400, filed.body);
    assertContractBody(filed, 'filing with another student’s upload');
  });

  it('should refuse an unfinished or made-up upload id when filing a claim', async () => {
    const location = await begin(t.app, anna, 5000);
    assert.equal((await send(t.app, anna, location, 0, pdfBytes(5000).subarray(0, 100))).statusCode, 204);
    for (const id of [location.split('/').pop()!, 'RCT-0000000000000000', '../../etc/passwd']) {
      const { payload, contentType } = await claimWithUploads([id]);
      const filed = await t.request({
        method: 'POST',
        url: '/api/en/claims',
        headers: { ...authHeaders(anna), 'content-type': contentType },
        payload,
      });
      assert.equal(filed.statusCode, 400, `${id}: ${filed.body}`);
      assertContractBody(filed, id);
      assert.deepEqual(filed.json().fields, [{ field: 'receipts', code: 'validation.files.upload' }]);
    }
  });

  it('should answer bad offsets and bad input with the contract body', async () => {
    const file = pdfBytes(4000);
    const location = await begin(t.app, anna, file.length);
    const cases: Array<[string, Parameters<TestApp['request']>[0], number, string]> = [
      [
        'an offset ahead of what arrived',
        {
          method: 'PATCH',
          url: location,
          headers: { ...authHeaders(anna), ...TUS, ...OCTETS, 'upload-offset': '100' },
          payload: file.subarray(100),
        },
        409,
        'UPLOAD_OFFSET_MISMATCH',
      ],
      [
        'an offset that is no number',
        {
          method: 'PATCH',
          url: location,
          headers: { ...authHeaders(anna), ...TUS, ...OCTETS, 'upload-offset': '-1' },
          payload: file,
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'no offset',
        {
          method: 'PATCH',
          url: location,
          headers: { ...authHeaders(anna), ...TUS, ...OCTETS },
          payload: file,
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'more bytes than announced',
        {
          method: 'PATCH',
          url: location,
          headers: { ...authHeaders(anna), ...TUS, ...OCTETS, 'upload-offset': '0' },
          payload: Buffer.concat([file, file]),
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        'bytes of another type',
        {
          method: 'PATCH',
          url: location,
          headers: { ...authHeaders(anna), ...TUS, 'content-type': 'application/json', 'upload-offset': '0' },
          payload: '{}',
        },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'no Tus-Resumable',
        {
          method: 'PATCH',
          url: location,
          headers: { ...authHeaders(anna), ...OCTETS, 'upload-offset': '0' },
          payload: file,
        },
        412,
        'TUS_RESUMABLE_REQUIRED',
      ],
      [
        'no anti-forgery header',
        {
          method: 'PATCH',
          url: location,
          headers: { cookie: anna.cookie, ...TUS, ...OCTETS, 'upload-offset': '0' },
          payload: file,
        },
        403,
        'XSRF_INVALID',
      ],
      [
        'no session',
        {
          method: 'PATCH',
          url: location,
          headers: { ...TUS, ...OCTETS, 'upload-offset': '0' },
          payload: file,
        },
        403,
        'XSRF_INVALID',
      ],
      [
        'an unknown id',
        {
          method: 'PATCH',
          url: `${PATH}/RCT-00000000000000AB`,
          headers: { ...authHeaders(anna), ...TUS, ...OCTETS, 'upload-offset': '0' },
          payload: file,
        },
        404,
        'NOT_FOUND',
      ],
      [
        'an id of another shape',
        {
          method: 'PATCH',
          url: `${PATH}/%E2%80%AEfdp.exe`,
          headers: { ...authHeaders(anna), ...TUS, ...OCTETS, 'upload-offset': '0' },
          payload: file,
        },
        404,
        'NOT_FOUND',
      ],
      [
        'a file over 10 MB',
        {
          method: 'POST',
          url: PATH,
          headers: { ...authHeaders(anna), ...TUS, 'upload-length': String(10 * 1024 * 1024 + 1) },
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        'no length',
        { method: 'POST', url: PATH, headers: { ...authHeaders(anna), ...TUS } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a length that is no number',
        { method: 'POST', url: PATH, headers: { ...authHeaders(anna), ...TUS, 'upload-length': '1e6' } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a file name with a NUL byte',
        {
          method: 'POST',
          url: PATH,
          headers: {
            ...authHeaders(anna),
            ...TUS,
            'upload-length': '10',
            'upload-metadata': metadata('a\u0000.pdf'),
          },
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'metadata that is not base64',
        {
          method: 'POST',
          url: PATH,
          headers: { ...authHeaders(anna), ...TUS, 'upload-length': '10', 'upload-metadata': 'filename ***' },
        },
        400,
        'BAD_REQUEST',
      ],
      [
        'no login',
        {
          method: 'POST',
          url: PATH,
          headers: {
            cookie: anna.cookie.replace(/SESSION=[^;]+/, 'SESSION=x'),
            'x-xsrf-token': anna.xsrf,
            ...TUS,
            'upload-length': '10',
          },
        },
        403,
        'XSRF_INVALID',
      ],
    ];
    for (const [label, request, status, code] of cases) {
      const response = await t.request(request);
      assert.equal(response.statusCode, status, `${label}: ${response.body}`);
      assertContractBody(response, label);
      assert.equal(response.json().code, code, label);
    }
    assert.equal(await offsetOn(t.app, anna, location), 0, 'none of it was stored');
  });

  it('should add a finished upload to a claim the handler asked documents for, after the receipts it has', async () => {
    const first = pdfBytes(3000);
    const firstUpload = await begin(t.app, anna, first.length, 'first.pdf');
    assert.equal((await send(t.app, anna, firstUpload, 0, first)).statusCode, 204);
    const { claimNumber } = await fileAndDownload(t.app, [firstUpload]);
    await t.db.query("UPDATE claims SET status = 'DOCUMENTS_REQUESTED' WHERE claim_number = $1", [
      claimNumber,
    ]);

    const bill = pdfBytes(400 * 1024);
    const location = await begin(t.app, anna, bill.length, 'itemised bill.pdf');
    assert.equal((await send(t.app, anna, location, 0, bill.subarray(0, 1000))).statusCode, 204);
    assert.equal((await send(second, anna, location, 1000, bill.subarray(1000))).statusCode, 204);
    const form = new FormData();
    form.append('uploadedReceipts', location.split('/').pop()!);
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const added = await t.request({
      method: 'POST',
      url: `/api/en/claims/${claimNumber}/documents`,
      headers: { ...authHeaders(anna), 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual(added.json(), { claimNumber, status: 'IN_REVIEW', added: 1 });
    const detail = (
      await t.request({
        method: 'GET',
        url: `/api/en/claims/${claimNumber}`,
        headers: { cookie: anna.cookie },
      })
    ).json<{ receipts: { id: string; name: string; size: number }[] }>();
    assert.deepEqual(
      detail.receipts.map(({ name, size }) => ({ name, size })),
      [
        { name: 'first.pdf', size: first.length },
        { name: 'itemised bill.pdf', size: bill.length },
      ],
    );
    const download = await t.request({
      method: 'GET',
      url: `/api/en/claims/${claimNumber}/receipts/${detail.receipts[1]!.id}`,
      headers: { cookie: anna.cookie },
    });
    assert.equal(sha256(download.rawPayload), sha256(bill));
  });

  it('should refuse bytes that are no PDF, JPEG or PNG before storing any of them', async () => {
    const html = Buffer.from(`<html><script>alert(1)</script>${'x'.repeat(3000)}</html>`);
    const location = await begin(t.app, anna, html.length, 'receipt.pdf');
    const response = await send(t.app, anna, location, 0, html);
    assert.equal(response.statusCode, 400, response.body);
    assertContractBody(response);
    assert.deepEqual(response.json().fields, [{ field: 'receipts', code: 'validation.files.type' }]);
    assert.equal(await offsetOn(t.app, anna, location), 0);
    const [chunks] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM claim_receipt_chunks WHERE receipt_id = $1',
      [location.split('/').pop()],
    );
    assert.equal(chunks?.count, 0);
  });
});

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { setClaimStatus } from '../src/cli/set-claim-status.js';
import { assertContractBody, authHeaders, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';

const OPS_TOKEN = 'handler-secret';
const RECEIVED = 'CLM-2026-0000C001';
const IN_REVIEW = 'CLM-2026-0000C002';

describe('claims handler', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(fixedNoon(), { config: { opsToken: OPS_TOKEN } });
  });
  after(() => t.close());
  beforeEach(() => t.reset());

  const setStatus = (claimNumber: string, body: unknown, token: string | null = OPS_TOKEN) =>
    t.request({
      method: 'POST',
      url: `/api/ops/claims/${claimNumber}/status`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload: body as Record<string, unknown>,
    });

  const claimOf = async (claimNumber: string) => {
    const session = await t.login('chen.li@example.com');
    const response = await t.request({
      method: 'GET',
      url: `/api/en/claims/${claimNumber}`,
      headers: authHeaders(session),
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ status: string; history: { status: string; note?: string }[] }>();
  };

  it('should refuse a call without the operations key or with a wrong one (401), and change nothing', async () => {
    for (const token of [null, 'wrong', '']) {
      const response = await setStatus(RECEIVED, { status: 'IN_REVIEW' }, token);
      assert.equal(response.statusCode, 401, String(token));
      assertContractBody(response);
    }
    // A student's session is no key either.
    const session = await t.login('chen.li@example.com');
    const withSession = await t.request({
      method: 'POST',
      url: `/api/ops/claims/${RECEIVED}/status`,
      headers: authHeaders(session),
      payload: { status: 'IN_REVIEW' },
    });
    assert.equal(withSession.statusCode, 401);
    assert.equal((await claimOf(RECEIVED)).status, 'RECEIVED');
  });

  it('should not be there at all without OPS_TOKEN (404)', async () => {
    const closed = await createTestApp(fixedNoon());
    try {
      const response = await closed.request({
        method: 'POST',
        url: `/api/ops/claims/${RECEIVED}/status`,
        headers: { authorization: 'Bearer anything' },
        payload: { status: 'IN_REVIEW' },
      });
      assert.equal(response.statusCode, 404);
      assertContractBody(response);
    } finally {
      await closed.close();
    }
  });

  it('should answer an unknown status with 400 and the field, and a wrong move with 409', async () => {
    for (const status of ['LOST', '', 42, null, 'in_review']) {
      const response = await setStatus(RECEIVED, { status });
      assert.equal(response.statusCode, 400, String(status));
      assertContractBody(response);
      assert.deepEqual(response.json().fields, [{ field: 'status', code: 'validation.option' }]);
    }
    const skip = await setStatus(RECEIVED, { status: 'PAID' });
    assert.equal(skip.statusCode, 409);
    assertContractBody(skip);
    assert.equal(skip.json().code, 'CLAIM_STATUS_CONFLICT');
    assert.equal(skip.json().currentStatus, 'RECEIVED');
    const noNote = await setStatus(IN_REVIEW, { status: 'DOCUMENTS_REQUESTED' });
    assert.equal(noNote.statusCode, 400);
    assert.deepEqual(noNote.json().fields, [{ field: 'note', code: 'validation.required' }]);
    const badNote = await setStatus(IN_REVIEW, { status: 'DOCUMENTS_REQUESTED', note: 'a\u0000b' });
    assert.equal(badNote.statusCode, 400);
    const unknown = await setStatus('CLM-2026-FFFFFFFF', { status: 'IN_REVIEW' });
    assert.equal(unknown.statusCode, 404);
    assertContractBody(unknown);
    assert.equal((await claimOf(RECEIVED)).status, 'RECEIVED');
  });

  it('should move a claim along its steps with a history row for every change, the note included', async () => {
    assert.equal(
      (
        await setStatus(IN_REVIEW, {
          status: 'DOCUMENTS_REQUESTED',
          note: 'Please add the itemised hospital bill',
        })
      ).statusCode,
      200,
    );
    assert.equal((await setStatus(IN_REVIEW, { status: 'IN_REVIEW' })).statusCode, 200);
    assert.equal((await setStatus(IN_REVIEW, { status: 'APPROVED' })).statusCode, 200);
    const paid = await setStatus(IN_REVIEW, { status: 'PAID', note: 'Paid to your account' });
    assert.equal(paid.statusCode, 200);
    assert.equal(paid.json().status, 'PAID');
    const again = await setStatus(IN_REVIEW, { status: 'PAID' });
    assert.equal(again.statusCode, 409);
    const claim = await claimOf(IN_REVIEW);
    assert.equal(claim.status, 'PAID');
    assert.deepEqual(
      claim.history.map((step) => [step.status, step.note]),
      [
        ['RECEIVED', undefined],
        ['IN_REVIEW', undefined],
        ['DOCUMENTS_REQUESTED', 'Please add the itemised hospital bill'],
        ['IN_REVIEW', undefined],
        ['APPROVED', undefined],
        ['PAID', 'Paid to your account'],
      ],
    );
  });

  it('should be moved on by the command, which says what the api answered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const env = { OPS_TOKEN, API_ORIGIN: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
    const asked = await setClaimStatus(
      [IN_REVIEW, 'DOCUMENTS_REQUESTED', '--note', 'Please add the itemised hospital bill'],
      env,
    );
    assert.deepEqual(asked, { ok: true, message: `${IN_REVIEW} is now DOCUMENTS_REQUESTED.` });
    const wrong = await setClaimStatus([IN_REVIEW, 'PAID'], env);
    assert.equal(wrong.ok, false);
    assert.match(wrong.message, /^409 CLAIM_STATUS_CONFLICT/);
    assert.match(
      (await setClaimStatus([IN_REVIEW, 'IN_REVIEW'], { ...env, OPS_TOKEN: 'x' })).message,
      /^401/,
    );
    assert.match(
      (await setClaimStatus([IN_REVIEW, 'IN_REVIEW'], { API_ORIGIN: env.API_ORIGIN })).message,
      /OPS_TOKEN/,
    );
    assert.match((await setClaimStatus([IN_REVIEW], env)).message, /^Usage/);
    const claim = await claimOf(IN_REVIEW);
    assert.equal(claim.status, 'DOCUMENTS_REQUESTED');
  });
});

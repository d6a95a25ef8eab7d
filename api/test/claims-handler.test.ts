import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { setClaimStatus } from '../src/cli/set-claim-status.js';
import { DEMO_PASSWORD } from '../src/seed/seed.js';
import {
  XSRF_ONLY,
  annasClaimForm,
  assertContractBody,
  authHeaders,
  createTestApp,
  fixedNoon,
} from './helpers.js';
import type { TestApp } from './helpers.js';

const OPS_TOKEN = 'handler-secret';
const RECEIVED = 'CLM-2026-0000C001';
const IN_REVIEW = 'CLM-2026-0000C002';
const start = fixedNoon();

/** Anna's claim on her travel policy (seed), with one PDF receipt, as multipart/form-data. */
const annasClaim = () =>
  annasClaimForm(start, [
    ['receipts', new Blob(['%PDF-1.4\n%receipt\n'], { type: 'application/pdf' }), 'bill.pdf'],
  ]);

describe('claims handler', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(start, { config: { opsToken: OPS_TOKEN } });
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

  describe('mails', () => {
    type Session = Awaited<ReturnType<TestApp['login']>>;
    const preferences = (session: Session, payload: unknown, profileId = session.profileId) =>
      t.request({
        method: 'PUT',
        url: `/api/en/profiles/${profileId}/mail-preferences`,
        headers: authHeaders(session),
        payload: payload as Record<string, unknown>,
      });
    const file = async (session: Session) => {
      const { payload, contentType } = await annasClaim();
      const response = await t.request({
        method: 'POST',
        url: '/api/en/claims',
        headers: { ...authHeaders(session), 'content-type': contentType },
        payload,
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.json<{ claimNumber: string }>().claimNumber;
    };
    const mailsAbout = async (claimNumber: string) =>
      (await t.outbox()).filter((mail) => mail.subject.includes(claimNumber)).reverse();

    it('should mail the receipt of a claim and every status change, in English by default', async () => {
      const anna = await t.login('anna.devries@example.com');
      const claimNumber = await file(anna);
      const [received] = await mailsAbout(claimNumber);
      assert.ok(received);
      assert.equal(received.to, 'anna.devries@example.com');
      assert.equal(received.subject, `We received your claim ${claimNumber}`);
      assert.match(received.text, /€125\.50/);
      assert.match(received.text, /within 10 working days/);
      assert.match(received.html, /^<!doctype html>/);
      assert.deepEqual(received.links, [`${t.config.publicOrigin}/en/claims/${claimNumber}`]);

      await setStatus(claimNumber, { status: 'IN_REVIEW' });
      await setStatus(claimNumber, { status: 'DOCUMENTS_REQUESTED', note: 'Please add the <itemised> bill' });
      await setStatus(claimNumber, { status: 'IN_REVIEW' });
      await setStatus(claimNumber, { status: 'APPROVED' });
      await setStatus(claimNumber, { status: 'PAID' });
      const mails = await mailsAbout(claimNumber);
      assert.deepEqual(
        mails.map((mail) => mail.subject.replace(`${claimNumber}: `, '')),
        [
          `We received your claim ${claimNumber}`,
          'Your claim in review',
          'Your claim documents requested',
          'Your claim in review',
          'Your claim approved',
          'Your claim paid',
        ],
      );
      const asked = mails[2]!;
      assert.match(asked.text, /Note from the claims handler: Please add the <itemised> bill/);
      assert.match(asked.html, /Please add the &lt;itemised&gt; bill/);
      assert.doesNotMatch(asked.html, /<itemised>/);
      assert.match(mails[5]!.text, /We paid €125\.50 to your account on \d{1,2} \w+ \d{4}\./);
    });

    it('should write her mails in Dutch once she chose Dutch, and send none about claims when she turned them off', async () => {
      const anna = await t.login('anna.devries@example.com');
      const chosen = await preferences(anna, { language: 'nl' });
      assert.equal(chosen.statusCode, 200);
      assert.deepEqual(chosen.json(), { language: 'nl', claimUpdates: true });
      const claimNumber = await file(anna);
      await setStatus(claimNumber, { status: 'IN_REVIEW' });
      const [received, review] = await mailsAbout(claimNumber);
      assert.equal(received?.subject, `We hebben je declaratie ${claimNumber} ontvangen`);
      assert.match(received!.text, /binnen 10 werkdagen/);
      assert.match(received!.html, /<html lang="nl">/);
      assert.deepEqual(received!.links, [`${t.config.publicOrigin}/en/claims/${claimNumber}`]);
      assert.equal(review?.subject, `Je declaratie ${claimNumber}: in behandeling`);

      assert.deepEqual((await preferences(anna, { claimUpdates: false })).json(), {
        language: 'nl',
        claimUpdates: false,
      });
      const quiet = await file(anna);
      await setStatus(quiet, { status: 'IN_REVIEW' });
      assert.deepEqual(await mailsAbout(quiet), []);
    });

    it('should write her account mails in her language too', async () => {
      const anna = await t.login('anna.devries@example.com');
      await preferences(anna, { language: 'nl' });
      const change = await t.request({
        method: 'POST',
        url: '/api/accounts/anna.devries@example.com/reset/username',
        headers: { ...authHeaders(anna), 'x-authorization-password': DEMO_PASSWORD },
        payload: { newUsername: 'anna.new@example.com' },
      });
      assert.equal(change.statusCode, 204, change.body);
      const [mail] = (await t.outbox()).filter((m) => m.to === 'anna.new@example.com');
      assert.equal(mail?.subject, 'Bevestig je nieuwe e-mailadres');
      assert.match(mail!.text, /24 uur geldig/);
      assert.match(mail!.html, /<html lang="nl">/);
      // The reset link too, written after the answer by the job queue.
      const reset = await t.request({
        method: 'PUT',
        url: '/api/accounts/anna.devries@example.com/reset/password',
        headers: XSRF_ONLY,
      });
      assert.equal(reset.statusCode, 204);
      let resetMail;
      for (let i = 0; i < 50 && !resetMail; i += 1) {
        resetMail = (await t.outbox()).find((m) => m.subject === 'Stel een nieuw wachtwoord in');
        if (!resetMail) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(resetMail, 'the reset mail in Dutch');
      assert.match(resetMail.text, /1 uur geldig/);
      // A security notice goes in her language as well (a login from a browser her account has not seen).
      await t.login('anna.devries@example.com');
      const notice = (await t.outbox()).find(
        (m) => m.to === 'anna.devries@example.com' && m.subject === 'Was jij dit?',
      );
      assert.ok(notice, 'the new-browser notice in Dutch');
      assert.match(notice.text, /vanuit een browser die nog niet eerder werd gebruikt/);
    });

    it("should refuse another student's settings (403) and anything but the two settings (400)", async () => {
      const anna = await t.login('anna.devries@example.com');
      const chen = await t.login('chen.li@example.com');
      const other = await preferences(anna, { language: 'nl' }, chen.profileId);
      assert.equal(other.statusCode, 403);
      assertContractBody(other);
      for (const body of [{ language: 'de' }, { claimUpdates: 'no' }, { language: 'nl', admin: true }]) {
        const response = await preferences(anna, body);
        assert.equal(response.statusCode, 400, JSON.stringify(body));
        assertContractBody(response);
      }
    });
  });

  describe('more documents', () => {
    type Session = Awaited<ReturnType<TestApp['login']>>;
    const documents = async (
      session: Session,
      claimNumber: string,
      files: { name: string; content: string }[],
    ) => {
      const form = new FormData();
      for (const file of files) form.append('receipts', new Blob([file.content]), file.name);
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      return t.request({
        method: 'POST',
        url: `/api/en/claims/${claimNumber}/documents`,
        headers: { ...authHeaders(session), 'content-type': encoded.headers.get('content-type') ?? '' },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    };
    const bill = { name: 'itemised-bill', content: '%PDF-1.4\n%itemised bill\n' };

    it("should refuse another student's claim (403) and a claim nobody asked documents for (409)", async () => {
      await setStatus(IN_REVIEW, { status: 'DOCUMENTS_REQUESTED', note: 'Please add the itemised bill' });
      const anna = await t.login('anna.devries@example.com');
      const other = await documents(anna, IN_REVIEW, [bill]);
      assert.equal(other.statusCode, 403);
      assertContractBody(other);
      const chen = await t.login('chen.li@example.com');
      const notAsked = await documents(chen, RECEIVED, [bill]);
      assert.equal(notAsked.statusCode, 409);
      assertContractBody(notAsked);
      assert.equal(notAsked.json().code, 'NO_DOCUMENTS_REQUESTED');
      const html = await documents(chen, IN_REVIEW, [
        { name: 'bill.pdf', content: '<html>not a bill</html>' },
      ]);
      assert.equal(html.statusCode, 400);
      assert.deepEqual(html.json().fields, [{ field: 'receipts', code: 'validation.files.type' }]);
      const none = await documents(chen, IN_REVIEW, []);
      assert.equal(none.statusCode, 400);
      assert.equal((await claimOf(IN_REVIEW)).status, 'DOCUMENTS_REQUESTED');
    });

    it('should store the documents with the receipts and put the claim back in review, with its row and mail', async () => {
      await setStatus(IN_REVIEW, { status: 'DOCUMENTS_REQUESTED', note: 'Please add the itemised bill' });
      const chen = await t.login('chen.li@example.com');
      const added = await documents(chen, IN_REVIEW, [bill]);
      assert.equal(added.statusCode, 201, added.body);
      assert.deepEqual(added.json(), { claimNumber: IN_REVIEW, status: 'IN_REVIEW', added: 1 });
      const claim = await claimOf(IN_REVIEW);
      assert.equal(claim.status, 'IN_REVIEW');
      assert.deepEqual(
        claim.history.map((step) => step.status),
        ['RECEIVED', 'IN_REVIEW', 'DOCUMENTS_REQUESTED', 'IN_REVIEW'],
      );
      const receipts = (claim as unknown as { receipts: { name: string; contentType: string }[] }).receipts;
      assert.deepEqual(
        receipts.map((receipt) => [receipt.name, receipt.contentType]),
        [
          ['gp-invoice.pdf', 'application/pdf'],
          ['itemised-bill.pdf', 'application/pdf'],
        ],
      );
      const [mail] = (await t.outbox()).filter((m) => m.subject.includes(IN_REVIEW));
      assert.equal(mail?.subject, `Your claim ${IN_REVIEW}: in review`);
      assert.equal((await documents(chen, IN_REVIEW, [bill])).statusCode, 409);
    });
  });
});

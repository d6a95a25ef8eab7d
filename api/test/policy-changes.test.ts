import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addDays, addMonths, addYears, format, subDays } from 'date-fns';
import { XSRF_ONLY, authHeaders, createTestApp, fixedNoon } from './helpers.js';
import type { TestApp } from './helpers.js';
import { pdfText } from './pdf-text.js';
import { certificateLines } from '../src/modules/policies/documents.js';
import type { PolicyRow } from '../src/modules/policies/store.js';

type Session = Awaited<ReturnType<TestApp['login']>>;

interface WirePolicy {
  policyId: string;
  applicationNumber?: string;
  status: string;
  startDate: string;
  endDate: string;
  renewable: string;
  totalAmount: number;
  paymentTerm: string;
  paymentMethod: string;
  destinationAddress?: Record<string, string>;
}

const start = fixedNoon();
/** A wire date `n` days from the day of seeding (the demo data is relative to it). */
const day = (n: number) => format(addDays(start, n), 'yyyy-MM-dd');

const address = {
  postalCode: '3011AD',
  houseNumber: '7',
  houseNumberAddition: '',
  street: 'Coolsingel',
  city: 'Rotterdam',
  country: 'NL',
};

const refund = {
  bankAccountNumber: 'NL91ABNA0417164300',
  bic: 'ABNANL2A',
  holderName: 'A. de Vries',
  holderPostalCode: '1012AB',
  holderAddress: 'Dam 1',
  holderCity: 'Amsterdam',
  holderCountry: 'NL',
};

// POL-1001-T: TRAVEL, started 60 days ago, ends in 305 days (366 days, EUR 240), renewable.
// POL-1001-S: STAY, starts in 10 days, ends in 374 days (365 days, EUR 360), not renewable.
describe('policy changes', () => {
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

  const post = (url: string, session: Session | null, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url, headers: session ? authHeaders(session) : XSRF_ONLY, payload });

  async function policies(session: Session, profileId = 'P-1001'): Promise<WirePolicy[]> {
    const response = await t.request({
      method: 'GET',
      url: `/api/en/profiles/${profileId}/policies`,
      headers: { cookie: session.cookie },
    });
    assert.equal(response.statusCode, 200);
    return response.json();
  }

  async function policy(id: string): Promise<WirePolicy> {
    const found = (await policies(anna)).find((p) => p.policyId === id);
    assert.ok(found, id);
    return found;
  }

  describe('address', () => {
    it('should put an address change with a move reason under review and block further changes', async () => {
      const response = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        ...address,
        moveReason: 'Moved for my internship',
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { underReview: true });
      const changed = await policy('POL-1001-T');
      assert.equal(changed.status, 'UNDER_REVIEW');
      assert.equal(changed.destinationAddress?.street, 'Dam', 'the address waits for the review');
      const again = await post('/api/en/policies/POL-1001-T/address', anna, { id: 'POL-1001-T', ...address });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'UNDER_REVIEW');
    });

    it('should refuse a move reason over its limit with the field and "at most", not cut it and start a review', async () => {
      const response = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        ...address,
        moveReason: 'x'.repeat(5000),
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().fields, [{ field: 'moveReason', code: 'validation.maxLength' }]);
      assert.equal((await policy('POL-1001-T')).status, 'ACTIVE');
    });

    it('should apply an address change without a move reason at once', async () => {
      const response = await post('/api/en/policies/POL-1001-H/address', anna, {
        id: 'POL-1001-H',
        ...address,
        houseNumberAddition: 'bis',
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { underReview: false });
      const changed = await policy('POL-1001-H');
      assert.equal(changed.status, 'ACTIVE');
      assert.deepEqual(changed.destinationAddress, { ...address, houseNumberAddition: 'bis' });
      const [row] = await t.db.query<PolicyRow>(
        `SELECT po.*, pr.birth_date, pr.first_name, pr.surname FROM policies po
         JOIN profiles pr ON pr.profile_id = po.profile_id WHERE po.policy_id = $1`,
        ['POL-1001-H'],
      );
      assert.ok(row);
      assert.deepEqual(certificateLines(row).at(-1), {
        label: 'Address abroad',
        value: 'Coolsingel 7 bis, 3011AD Rotterdam, NL',
      });
      const plain = await post('/api/en/policies/POL-1001-H/address', anna, { id: 'POL-1001-H', ...address });
      assert.deepEqual(plain.json(), { underReview: false });
      assert.equal((await policy('POL-1001-H')).destinationAddress?.houseNumberAddition, undefined);
    });

    it('should answer NO_CHANGES to the same address, and put nothing under review', async () => {
      const current = (await policy('POL-1001-T')).destinationAddress;
      assert.ok(current);
      const same = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        ...current,
        // Typed again a little differently: the same address all the same.
        postalCode: ` ${current.postalCode?.toLowerCase().replace(/^(\d{4})/, '$1 ')} `,
        moveReason: 'Nothing moved',
      });
      assert.equal(same.statusCode, 409);
      assert.deepEqual(same.json(), {
        code: 'NO_CHANGES',
        message: 'No changes found: We did not find any changes.',
      });
      const after = await policy('POL-1001-T');
      assert.equal(after.status, 'ACTIVE');
      assert.deepEqual(after.destinationAddress, current);
      // Another house number is a change.
      const moved = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        ...current,
        houseNumber: '99',
      });
      assert.equal(moved.statusCode, 200);
    });

    it('should reject too long fields and a non-numeric house number with 400 fields', async () => {
      const tooLong = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        postalCode: '1'.repeat(11),
        houseNumber: '123456',
        houseNumberAddition: 'a'.repeat(7),
        street: 's'.repeat(61),
        city: 'c'.repeat(61),
        country: 'n'.repeat(61),
        moveReason: 'm'.repeat(501),
      });
      assert.equal(tooLong.statusCode, 400);
      assert.equal(tooLong.json().code, 'VALIDATION_FAILED');
      assert.deepEqual(
        tooLong.json().fields,
        ['postalCode', 'houseNumber', 'houseNumberAddition', 'street', 'city', 'country', 'moveReason'].map(
          (field) => ({ field, code: 'validation.maxLength' }),
        ),
      );
      const letters = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        ...address,
        houseNumber: '12a',
      });
      assert.deepEqual(letters.json().fields, [{ field: 'houseNumber', code: 'validation.numeric' }]);
      const missing = await post('/api/en/policies/POL-1001-T/address', anna, {
        id: 'POL-1001-T',
        houseNumber: '1',
      });
      assert.deepEqual(
        missing.json().fields.map((f: { field: string }) => f.field),
        ['postalCode', 'street', 'city', 'country'],
      );
      const noId = await post('/api/en/policies/POL-1001-T/address', anna, address);
      assert.deepEqual(noId.json().fields, [{ field: 'id', code: 'validation.required' }]);
      const otherId = await post('/api/en/policies/POL-1001-T/address', anna, {
        ...address,
        id: 'POL-1001-H',
      });
      assert.deepEqual(otherId.json().fields, [{ field: 'id', code: 'validation.option' }]);
      assert.equal((await policy('POL-1001-T')).destinationAddress?.street, 'Dam');
    });

    it("should refuse another student's policy, an unknown one and an anonymous caller", async () => {
      const other = await post('/api/en/policies/POL-1003-1/address', anna, { id: 'POL-1003-1', ...address });
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().code, 'FORBIDDEN');
      const unknown = await post('/api/en/policies/POL-NOPE/address', anna, { id: 'POL-NOPE', ...address });
      assert.equal(unknown.statusCode, 404);
      const anonymous = await post('/api/en/policies/POL-1001-T/address', null, {
        id: 'POL-1001-T',
        ...address,
      });
      assert.equal(anonymous.statusCode, 401);
      assert.equal(anonymous.json().code, 'UNAUTHENTICATED');
    });

    it('should not let a student change the address or dates of an institute policy', async () => {
      const ben = await t.login('ben.okafor@example.com');
      const chen = await t.login('chen.li@example.com');
      const attempts: [Session, string, string, Record<string, unknown>][] = [
        [ben, 'POL-1002-H', 'address', address],
        [ben, 'POL-1002-H', 'changestartdate', { startDate: day(1) }],
        [ben, 'POL-1002-H', 'terminate', { endDate: day(30), reason: 'Leaving' }],
        [chen, 'POL-1003-1', 'address', address],
        [chen, 'POL-1003-3', 'changestartdate', { startDate: day(22) }],
      ];
      for (const [session, id, change, body] of attempts) {
        const response = await post(`/api/en/policies/${id}/${change}`, session, { id, ...body });
        assert.equal(response.statusCode, 403, `${id} ${change}`);
        assert.equal(response.json().code, 'INSTITUTE_MANAGED', `${id} ${change}`);
      }
      const unchanged = await policies(chen, 'P-1003');
      assert.equal(unchanged.find((p) => p.policyId === 'POL-1003-3')?.startDate, day(20));
    });
  });

  describe('the shared policy rules', () => {
    it('should let Sofia change her own policy paid via the institution, except how she pays', async () => {
      const sofia = await t.login('sofia.rossi@example.com');
      const id = 'POL-1006-H';
      const moved = await post(`/api/en/policies/${id}/address`, sofia, { id, ...address });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.deepEqual(moved.json(), { underReview: false });
      const quote = await post(`/api/en/policies/${id}/calculate`, sofia, {
        id,
        kind: 'STARTDATE',
        startDate: day(25),
      });
      assert.equal(quote.statusCode, 200, quote.body);
      const started = await post(`/api/en/policies/${id}/changestartdate`, sofia, { id, startDate: day(25) });
      assert.equal(started.statusCode, 200, started.body);
      assert.equal(started.json().startDate, day(25));
      const payment = await post(`/api/en/policies/${id}/payment`, sofia, {
        id,
        paymentTerm: 'YEARLY',
        paymentMethod: 'BANK_TRANSFER',
      });
      assert.equal(payment.statusCode, 403);
      assert.equal(payment.json().code, 'PAYMENT_LOCKED');
      const renewal = await post(`/api/en/policies/${id}/calculate`, sofia, {
        id,
        kind: 'ADDPERIOD',
        endDate: day(500),
        paymentTerm: 'YEARLY',
      });
      assert.equal(renewal.statusCode, 403);
      assert.equal(renewal.json().code, 'NOT_RENEWABLE');
      const ended = await post(`/api/en/policies/${id}/terminate`, sofia, {
        id,
        endDate: day(100),
        reason: 'Leaving',
      });
      assert.equal(ended.statusCode, 200, ended.body);
      assert.equal(ended.json().endDate, day(100));
      const details = await t.request({
        method: 'POST',
        url: '/api/en/profiles/P-1006/',
        headers: authHeaders(sofia),
        payload: {
          gender: 'FEMALE',
          firstName: 'Sofia',
          surname: 'Rossi-Bianchi',
          birthDate: '2003-11-05',
          countryOfOrigin: 'IT',
          nationality: 'IT',
        },
      });
      assert.equal(details.statusCode, 200, details.body);
      assert.equal(details.json().surname, 'Rossi-Bianchi');
    });

    it('should refuse every change of a disapproved, expired or cancelled policy with 409 POLICY_ENDED', async () => {
      const chen = await t.login('chen.li@example.com');
      for (const id of ['POL-1003-4', 'POL-1003-5', 'POL-1003-6']) {
        for (const [change, body] of [
          ['address', address],
          ['terminate', { endDate: day(30), reason: 'Leaving' }],
          ['payment', { paymentTerm: 'YEARLY', paymentMethod: 'BANK_TRANSFER' }],
        ] as const) {
          const response = await post(`/api/en/policies/${id}/${change}`, chen, { id, ...body });
          assert.equal(response.statusCode, 409, `${id} ${change}`);
          assert.equal(response.json().code, 'POLICY_ENDED', `${id} ${change}`);
        }
      }
    });

    it('should not let Ben change his personal details, which his institute manages', async () => {
      const ben = await t.login('ben.okafor@example.com');
      const response = await t.request({
        method: 'POST',
        url: '/api/en/profiles/P-1002/',
        headers: authHeaders(ben),
        payload: {
          gender: 'MALE',
          firstName: 'Ben',
          surname: 'Other',
          birthDate: '2001-09-30',
          countryOfOrigin: 'NG',
          nationality: 'NG',
        },
      });
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().code, 'INSTITUTE_MANAGED');
    });
  });

  describe('calculate', () => {
    it('should price a start date change as extra or fewer covered days', async () => {
      const earlier = await post('/api/en/policies/POL-1001-S/calculate', anna, {
        id: 'POL-1001-S',
        kind: 'STARTDATE',
        startDate: day(5),
      });
      assert.equal(earlier.statusCode, 200);
      assert.deepEqual(earlier.json(), { days: 5, amount: 4.93, direction: 'BILL' });
      const later = await post('/api/en/policies/POL-1001-S/calculate', anna, {
        id: 'POL-1001-S',
        kind: 'STARTDATE',
        startDate: day(17),
      });
      assert.deepEqual(later.json(), { days: -7, amount: 6.9, direction: 'REFUND' });
      const started = await post('/api/en/policies/POL-1001-T/calculate', anna, {
        id: 'POL-1001-T',
        kind: 'STARTDATE',
        startDate: day(1),
      });
      assert.equal(started.statusCode, 400);
      assert.deepEqual(started.json().fields, [{ field: 'startDate', code: 'validation.startDate.started' }]);
      assert.equal((await policy('POL-1001-S')).startDate, day(10), 'calculating changes nothing');
    });

    it('should price an added period and reject a bad one', async () => {
      const response = await post('/api/en/policies/POL-1001-T/calculate', anna, {
        id: 'POL-1001-T',
        kind: 'ADDPERIOD',
        endDate: day(335),
        paymentTerm: 'MONTHLY',
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { days: 30, amount: 19.67, direction: 'BILL' });
      const cases: [Record<string, unknown>, { field: string; code: string }][] = [
        [
          { endDate: day(305), paymentTerm: 'MONTHLY' },
          { field: 'endDate', code: 'validation.endDate.notAfterStartDate' },
        ],
        [
          { endDate: '2026-02-30', paymentTerm: 'MONTHLY' },
          { field: 'endDate', code: 'validation.date.invalid' },
        ],
        [
          { endDate: day(335), paymentTerm: 'WEEKLY' },
          { field: 'paymentTerm', code: 'validation.option' },
        ],
        [{ kind: 'REFUND' }, { field: 'kind', code: 'validation.option' }],
      ];
      for (const [body, expected] of cases) {
        const bad = await post('/api/en/policies/POL-1001-T/calculate', anna, {
          id: 'POL-1001-T',
          kind: 'ADDPERIOD',
          ...body,
        });
        assert.equal(bad.statusCode, 400, JSON.stringify(body));
        assert.deepEqual(bad.json().fields, [expected], JSON.stringify(body));
      }
      const other = await post('/api/en/policies/POL-1003-1/calculate', anna, {
        id: 'POL-1003-1',
        kind: 'ADDPERIOD',
        endDate: day(400),
        paymentTerm: 'MONTHLY',
      });
      assert.equal(other.statusCode, 403);
      const anonymous = await post('/api/en/policies/POL-1001-T/calculate', null, {
        id: 'POL-1001-T',
        kind: 'ADDPERIOD',
        endDate: day(335),
        paymentTerm: 'MONTHLY',
      });
      assert.equal(anonymous.statusCode, 401);
    });
  });

  describe('change start date', () => {
    async function changeStartDate(id: string, startDate: string) {
      return post(`/api/en/policies/${id}/changestartdate`, anna, { id, startDate });
    }

    async function assertRule(id: string, startDate: string, code: string) {
      const response = await changeStartDate(id, startDate);
      assert.equal(response.statusCode, 422, `${startDate}: ${response.body}`);
      assert.equal(response.json().code, 'START_DATE_RULE');
      assert.deepEqual(response.json().fields, [{ field: 'startDate', code }], startDate);
    }

    it('should move the start date within 14 days and adjust the premium', async () => {
      const response = await changeStartDate('POL-1001-S', day(5));
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().startDate, day(5));
      assert.equal(response.json().totalAmount, 364.93);
      const stored = await policy('POL-1001-S');
      assert.equal(stored.startDate, day(5));
      assert.equal(stored.endDate, day(374));
    });

    it('should answer 422 START_DATE_RULE for each start date rule', async () => {
      await assertRule('POL-1001-S', day(-1), 'validation.date.notPast');
      await assertRule('POL-1001-S', day(10), 'validation.startDate.unchanged');
      await assertRule('POL-1001-S', day(375), 'validation.startDate.afterEndDate');
      await assertRule('POL-1001-S', day(25), 'validation.startDate.postponeTooFar');
      await assertRule('POL-1001-T', day(1), 'validation.startDate.started');
      await assertRule('POL-1001-S', '2026-13-01', 'validation.date.invalid');
      await assertRule('POL-1001-S', '', 'validation.required');
      // Ten days before the seeding day the policy starts in 20 days: 15 days earlier is still in the future.
      t.clock.now = subDays(start, 10);
      await assertRule('POL-1001-S', day(-5), 'validation.startDate.advanceTooFar');
      const fourteen = await changeStartDate('POL-1001-S', day(-4));
      assert.equal(fourteen.statusCode, 200, fourteen.body);
      assert.equal((await policy('POL-1001-S')).startDate, day(-4));
    });

    it('should measure the 14 days from the original start date, so small moves cannot add up', async () => {
      // Seven moves of 3 days each: the first four stay within 14 days of day 10, the others not.
      const answers: number[] = [];
      for (let move = 1; move <= 7; move += 1) {
        const current = (await policy('POL-1001-S')).startDate;
        const next = format(addDays(new Date(`${current}T12:00:00`), 3), 'yyyy-MM-dd');
        const response = await changeStartDate('POL-1001-S', next);
        answers.push(response.statusCode);
        if (response.statusCode === 422) {
          assert.deepEqual(response.json().fields, [
            { field: 'startDate', code: 'validation.startDate.postponeTooFar' },
          ]);
        }
      }
      assert.deepEqual(answers, [200, 200, 200, 200, 422, 422, 422]);
      assert.equal((await policy('POL-1001-S')).startDate, day(22));
      const [row] = await t.db.query<{ original_start_date: string }>(
        'SELECT original_start_date FROM policies WHERE policy_id = $1',
        ['POL-1001-S'],
      );
      assert.equal(String(row?.original_start_date).slice(0, 10), day(10), 'the original start date is kept');
      // Calculating follows the same rule, and a move back towards the original is allowed.
      const priced = await post('/api/en/policies/POL-1001-S/calculate', anna, {
        id: 'POL-1001-S',
        kind: 'STARTDATE',
        startDate: day(25),
      });
      assert.equal(priced.statusCode, 400);
      assert.deepEqual(priced.json().fields, [
        { field: 'startDate', code: 'validation.startDate.postponeTooFar' },
      ]);
      const back = await changeStartDate('POL-1001-S', day(6));
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(back.json().startDate, day(6));
    });

    it("should refuse another student's policy", async () => {
      const other = await post('/api/en/policies/POL-1003-3/changestartdate', anna, {
        id: 'POL-1003-3',
        startDate: day(22),
      });
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().code, 'FORBIDDEN');
    });
  });

  it('should allow no further change while a change is under review', async () => {
    const moved = await post('/api/en/policies/POL-1001-T/address', anna, {
      id: 'POL-1001-T',
      ...address,
      moveReason: 'New room',
    });
    assert.deepEqual(moved.json(), { underReview: true });
    const yearEnd = format(subDays(addYears(addDays(start, 306), 1), 1), 'yyyy-MM-dd');
    const attempts: [string, Record<string, unknown>][] = [
      ['address', address],
      ['changestartdate', { startDate: day(1) }],
      ['terminate', { endDate: day(30), reason: 'Leaving' }],
      ['payment', { paymentTerm: 'YEARLY', paymentMethod: 'BANK_TRANSFER' }],
      [
        'addperiod',
        {
          endDate: yearEnd,
          paymentTerm: 'YEARLY',
          paymentMethod: 'BANK_TRANSFER',
          answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
          preExistingAgreed: true,
        },
      ],
    ];
    for (const [change, body] of attempts) {
      const response = await post(`/api/en/policies/POL-1001-T/${change}`, anna, {
        id: 'POL-1001-T',
        ...body,
      });
      assert.equal(response.statusCode, 409, change);
      assert.equal(response.json().code, 'UNDER_REVIEW', change);
    }
    const unchanged = await policy('POL-1001-T');
    assert.equal(unchanged.paymentTerm, 'MONTHLY');
    assert.equal(unchanged.endDate, day(305));
    assert.equal((await policies(anna)).length, 3);
  });

  describe('payment settings', () => {
    const payment = (id: string, body: Record<string, unknown>) =>
      post(`/api/en/policies/${id}/payment`, anna, { id, ...body });

    it('should answer NO_CHANGES to the same term and method without direct debit', async () => {
      const same = await payment('POL-1001-S', { paymentTerm: 'QUARTERLY', paymentMethod: 'BANK_TRANSFER' });
      assert.equal(same.statusCode, 409);
      assert.equal(same.json().code, 'NO_CHANGES');
      const other = await payment('POL-1001-S', { paymentTerm: 'YEARLY', paymentMethod: 'BANK_TRANSFER' });
      assert.equal(other.statusCode, 200);
      assert.equal((await policy('POL-1001-S')).paymentTerm, 'YEARLY');
    });

    it('should answer NO_CHANGES to the same direct debit account, typed in another form', async () => {
      const same = await payment('POL-1001-T', {
        paymentTerm: 'MONTHLY',
        paymentMethod: 'DIRECT_DEBIT',
        iban: 'nl91 abna 0417 1643 00',
        bic: 'abnanl2a',
        accountHolder: ' A. de Vries ',
      });
      assert.equal(same.statusCode, 409);
      assert.equal(same.json().code, 'NO_CHANGES');
      const otherAccount = await payment('POL-1001-T', {
        paymentTerm: 'MONTHLY',
        paymentMethod: 'DIRECT_DEBIT',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        accountHolder: 'A. de Vries',
      });
      assert.equal(otherAccount.statusCode, 200);
    });
  });

  describe('documents with names beyond Latin-1', () => {
    it('should print every name the profile takes with an embedded font, and refuse an emoji with a reason', async () => {
      const emoji = await post('/api/en/profiles/P-1001/', anna, {
        gender: 'FEMALE',
        firstName: 'Ånna 🌷',
        surname: 'de Vries',
        birthDate: '2003-04-12',
        countryOfOrigin: 'BE',
        nationality: 'BE',
      });
      assert.equal(emoji.statusCode, 400, emoji.body);
      assert.deepEqual(emoji.json().fields, [{ field: 'firstName', code: 'validation.name.characters' }]);
      const saved = await post('/api/en/profiles/P-1001/', anna, {
        gender: 'FEMALE',
        firstName: 'Łucja Ωμέγα',
        surname: 'Яна-Ørsted',
        birthDate: '2003-04-12',
        countryOfOrigin: 'BE',
        nationality: 'BE',
      });
      assert.equal(saved.statusCode, 200, saved.body);
      for (const url of [
        '/api/en/policies/POL-1001-T/certificate',
        '/api/en/policies/POL-1001-T/icscard',
        '/api/en/documents/DOC-POL-1001-T-W',
      ]) {
        const pdf = await t.request({ method: 'GET', url, headers: { cookie: anna.cookie } });
        assert.equal(pdf.statusCode, 200, url);
        const text = pdf.rawPayload.toString('latin1');
        // Helvetica (a standard font, Latin-1 only) printed "Ø‹β7" for a character it lacks; the
        // embedded DejaVu Sans subset has a ToUnicode map, so the PDF holds the characters themselves.
        assert.match(text, /\/BaseFont \/[A-Z]{6}\+DejaVuSans/, url);
        assert.doesNotMatch(text, /\/BaseFont \/Helvetica/, url);
        assert.match(pdfText(pdf.rawPayload), /Łucja Ωμέγα Яна-Ørsted/, url);
      }
    });
  });

  describe('terminate', () => {
    it('should end a policy early with refund details and stop its renewal', async () => {
      const response = await post('/api/en/policies/POL-1001-T/terminate', anna, {
        id: 'POL-1001-T',
        endDate: day(30),
        reason: 'Going home after my exchange',
        refund: { ...refund, bankAccountNumber: 'nl91 abna 0417 1643 00' },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().endDate, day(30));
      assert.equal(response.json().renewable, 'false');
      assert.equal(response.json().status, 'ACTIVE');
      const [stored] = await t.db.query<{
        pending_change: { kind: string; refund: { bankAccountNumber: string } };
      }>('SELECT pending_change FROM policies WHERE policy_id = $1', ['POL-1001-T']);
      assert.equal(stored?.pending_change.kind, 'TERMINATION');
      assert.equal(stored.pending_change.refund.bankAccountNumber, 'NL91ABNA0417164300');
    });

    it('should cancel a policy that ends on its start date, without refund details', async () => {
      const response = await post('/api/en/policies/POL-1001-S/terminate', anna, {
        id: 'POL-1001-S',
        endDate: day(10),
        reason: 'Plans changed',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().status, 'CANCELLED');
    });

    it('should apply the end date rules', async () => {
      const cases: [string, string, string][] = [
        ['POL-1001-T', day(-1), 'validation.date.notPast'],
        ['POL-1001-T', day(305), 'validation.endDate.notBeforeCurrentEnd'],
        ['POL-1001-T', day(400), 'validation.endDate.notBeforeCurrentEnd'],
        ['POL-1001-S', day(5), 'validation.endDate.beforeStartDate'],
        ['POL-1001-T', '31/12/2026', 'validation.date.invalid'],
        ['POL-1001-T', '', 'validation.required'],
      ];
      for (const [id, endDate, code] of cases) {
        const response = await post(`/api/en/policies/${id}/terminate`, anna, {
          id,
          endDate,
          reason: 'Leaving',
        });
        assert.equal(response.statusCode, 400, `${id} ${endDate}`);
        assert.deepEqual(response.json().fields, [{ field: 'endDate', code }], `${id} ${endDate}`);
      }
      const noReason = await post('/api/en/policies/POL-1001-T/terminate', anna, {
        id: 'POL-1001-T',
        endDate: day(30),
        reason: 'r'.repeat(501),
      });
      assert.deepEqual(noReason.json().fields, [{ field: 'reason', code: 'validation.maxLength' }]);
      assert.equal((await policy('POL-1001-T')).endDate, day(305));
    });

    it('should refuse a refund to a credit card number and incomplete refund details', async () => {
      for (const card of ['4111 1111 1111 1111', '5500000000000004']) {
        const response = await post('/api/en/policies/POL-1001-T/terminate', anna, {
          id: 'POL-1001-T',
          endDate: day(30),
          reason: 'Leaving',
          refund: { ...refund, bankAccountNumber: card },
        });
        assert.equal(response.statusCode, 400, card);
        assert.deepEqual(response.json().fields, [
          { field: 'refund.bankAccountNumber', code: 'validation.refund.creditCard' },
        ]);
      }
      // The refund account goes through the IBAN rules of payment settings and claims.
      for (const [account, code] of [
        ['hello 123', 'validation.iban.invalid'],
        ['GB82 WEST 1234 5698 7654 32', 'validation.iban.uk'],
      ]) {
        const response = await post('/api/en/policies/POL-1001-T/terminate', anna, {
          id: 'POL-1001-T',
          endDate: day(30),
          reason: 'Leaving',
          refund: { ...refund, bankAccountNumber: account },
        });
        assert.equal(response.statusCode, 400, account);
        assert.deepEqual(response.json().fields, [{ field: 'refund.bankAccountNumber', code }], account);
      }
      const badBic = await post('/api/en/policies/POL-1001-T/terminate', anna, {
        id: 'POL-1001-T',
        endDate: day(30),
        reason: 'Leaving',
        refund: { ...refund, bic: 'hello' },
      });
      assert.deepEqual(badBic.json().fields, [{ field: 'refund.bic', code: 'validation.bic.invalid' }]);
      assert.equal((await policy('POL-1001-T')).endDate, day(305));
      const { holderName: _holderName, ...withoutHolder } = refund;
      const incomplete = await post('/api/en/policies/POL-1001-T/terminate', anna, {
        id: 'POL-1001-T',
        endDate: day(30),
        reason: 'Leaving',
        refund: { ...withoutHolder, holderCity: 'c'.repeat(61) },
      });
      assert.deepEqual(incomplete.json().fields, [
        { field: 'refund.holderName', code: 'validation.required' },
        { field: 'refund.holderCity', code: 'validation.maxLength' },
      ]);
      const other = await post('/api/en/policies/POL-1003-1/terminate', anna, {
        id: 'POL-1003-1',
        endDate: day(30),
        reason: 'Leaving',
      });
      assert.equal(other.statusCode, 403);
    });
  });

  describe('add period', () => {
    // The new period runs from the day after the current end date for a whole year.
    const newStart = day(306);
    const yearEnd = format(subDays(addYears(addDays(start, 306), 1), 1), 'yyyy-MM-dd');
    const renewal = {
      id: 'POL-1001-T',
      endDate: yearEnd,
      paymentTerm: 'YEARLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
      preExistingAgreed: true,
    };

    it('should request a renewal and then refuse an overlapping one with its details', async () => {
      const created = await post('/api/en/policies/POL-1001-T/addperiod', anna, renewal);
      assert.equal(created.statusCode, 201, created.body);
      const { applicationNumber } = created.json();
      assert.match(applicationNumber, /^APP-\d{4}-[0-9A-F]{8}$/);
      const requested = (await policies(anna)).find((p) => p.applicationNumber === applicationNumber);
      assert.ok(requested);
      assert.equal(requested.status, 'UNDER_REVIEW_NEW');
      assert.equal(requested.startDate, newStart);
      assert.equal(requested.endDate, yearEnd);
      assert.equal(requested.paymentTerm, 'YEARLY');
      const overlap = await post('/api/en/policies/POL-1001-T/addperiod', anna, {
        ...renewal,
        endDate: day(500),
        paymentTerm: 'MONTHLY',
        reasonShortTerm: 'Thesis extension',
      });
      assert.equal(overlap.statusCode, 409);
      assert.equal(overlap.json().code, 'OVERLAP');
      assert.equal(overlap.json().policyNumber, applicationNumber);
      assert.equal(overlap.json().startDate, newStart);
      assert.equal(overlap.json().endDate, yearEnd);
    });

    it('should require the pre-existing conditions agreement', async () => {
      const { preExistingAgreed: _agreed, ...withoutAgreement } = renewal;
      const missing = await post('/api/en/policies/POL-1001-T/addperiod', anna, withoutAgreement);
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().fields, [{ field: 'preExistingAgreed', code: 'validation.required' }]);
      for (const preExistingAgreed of [false, 'true']) {
        const response = await post('/api/en/policies/POL-1001-T/addperiod', anna, {
          ...renewal,
          preExistingAgreed,
        });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json().fields, [
          { field: 'preExistingAgreed', code: 'validation.acceptance.required' },
        ]);
      }
      assert.equal((await policies(anna)).length, 3, 'nothing was requested');
    });

    it('should check the period, the short-term reason, the term, the answers and the bank details', async () => {
      const halfYear = day(306 + 180);
      const cases: [Record<string, unknown>, { field: string; code: string }[]][] = [
        [
          { endDate: day(305), paymentTerm: 'AT_ONCE', reasonShortTerm: 'Short' },
          [{ field: 'endDate', code: 'validation.endDate.notAfterStartDate' }],
        ],
        [
          { endDate: halfYear },
          [
            { field: 'reasonShortTerm', code: 'validation.required' },
            { field: 'paymentTerm', code: 'validation.paymentTerm.period' },
          ],
        ],
        [
          { answers: { medical: 'MAYBE', criminalRecord: 'NO' } },
          [
            { field: 'answers.medical', code: 'validation.option' },
            { field: 'answers.insuranceRefusal', code: 'validation.required' },
          ],
        ],
        [
          {
            paymentMethod: 'DIRECT_DEBIT',
            iban: 'GB82WEST12345698765432',
            bic: 'ABNANL2A',
            accountHolder: 'A',
          },
          [{ field: 'iban', code: 'validation.iban.uk' }],
        ],
      ];
      for (const [change, fields] of cases) {
        const response = await post('/api/en/policies/POL-1001-T/addperiod', anna, { ...renewal, ...change });
        assert.equal(response.statusCode, 400, JSON.stringify(change));
        assert.deepEqual(response.json().fields, fields, JSON.stringify(change));
      }
      const shortTerm = await post('/api/en/policies/POL-1001-T/addperiod', anna, {
        ...renewal,
        endDate: halfYear,
        paymentTerm: 'QUARTERLY',
        reasonShortTerm: 'One more semester',
      });
      assert.equal(shortTerm.statusCode, 201, shortTerm.body);
      const directDebit = await post('/api/en/policies/POL-1001-H/addperiod', anna, {
        ...renewal,
        id: 'POL-1001-H',
        paymentMethod: 'DIRECT_DEBIT',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
        accountHolder: ' A. de Vries ',
      });
      assert.equal(directDebit.statusCode, 201, directDebit.body);
      const [stored] = await t.db.query<{ iban: string; bic: string; account_holder: string }>(
        'SELECT iban, bic, account_holder FROM policies WHERE application_number = $1',
        [directDebit.json().applicationNumber],
      );
      assert.deepEqual(stored, {
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        account_holder: 'A. de Vries',
      });
    });

    it('should need the explanation of an insurance refusal, and the payment term to fit the period', async () => {
      const refused = { ...renewal.answers, insuranceRefusal: 'YES' };
      const bare = await post('/api/en/policies/POL-1001-T/addperiod', anna, {
        ...renewal,
        answers: refused,
      });
      assert.equal(bare.statusCode, 400);
      assert.deepEqual(bare.json().fields, [
        { field: 'answers.insuranceRefusalExplanation', code: 'validation.required' },
      ]);
      // Two months after the current end date: not enough for a quarterly term.
      const twoMonths = format(subDays(addMonths(addDays(start, 306), 2), 1), 'yyyy-MM-dd');
      const quarterly = await post('/api/en/policies/POL-1001-T/addperiod', anna, {
        ...renewal,
        endDate: twoMonths,
        paymentTerm: 'QUARTERLY',
        reasonShortTerm: 'Thesis',
      });
      assert.equal(quarterly.statusCode, 400);
      assert.deepEqual(quarterly.json().fields, [
        { field: 'paymentTerm', code: 'validation.paymentTerm.period' },
      ]);
      assert.equal((await policies(anna)).length, 3, 'nothing was requested');
      const explained = await post('/api/en/policies/POL-1001-T/addperiod', anna, {
        ...renewal,
        endDate: twoMonths,
        paymentTerm: 'MONTHLY',
        reasonShortTerm: 'Thesis',
        answers: { ...refused, insuranceRefusalExplanation: 'Refused once for a gap in cover' },
      });
      assert.equal(explained.statusCode, 201, explained.body);
    });

    it('should refuse a policy that is not renewable or not the student’s own', async () => {
      const notRenewable = await post('/api/en/policies/POL-1001-S/addperiod', anna, {
        ...renewal,
        id: 'POL-1001-S',
        endDate: day(800),
      });
      assert.equal(notRenewable.statusCode, 403);
      assert.equal(notRenewable.json().code, 'NOT_RENEWABLE');
      const other = await post('/api/en/policies/POL-1003-1/addperiod', anna, {
        ...renewal,
        id: 'POL-1003-1',
      });
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().code, 'FORBIDDEN');
      const anonymous = await post('/api/en/policies/POL-1001-T/addperiod', null, renewal);
      assert.equal(anonymous.statusCode, 401);
    });
  });

  describe('payment settings', () => {
    const directDebit = {
      id: 'POL-1001-T',
      paymentTerm: 'QUARTERLY',
      paymentMethod: 'DIRECT_DEBIT',
      iban: 'nl91 abna 0417 1643 00',
      bic: 'abnanl2a',
      accountHolder: 'A. de Vries',
    };

    it('should save a new term and bank account for the next payment term', async () => {
      const response = await post('/api/en/policies/POL-1001-T/payment', anna, directDebit);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().paymentTerm, 'QUARTERLY');
      assert.equal(response.json().paymentMethod, 'DIRECT_DEBIT');
      const [stored] = await t.db.query<{ iban: string; bic: string }>(
        'SELECT iban, bic FROM policies WHERE policy_id = $1',
        ['POL-1001-T'],
      );
      assert.deepEqual(stored, { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' });
      // A bank transfer needs no bank details, and a non-SEPA account is fine for it.
      const transfer = await post('/api/en/policies/POL-1001-T/payment', anna, {
        id: 'POL-1001-T',
        paymentTerm: 'YEARLY',
        paymentMethod: 'BANK_TRANSFER',
        iban: 'TR330006100519786457841326',
      });
      assert.equal(transfer.statusCode, 200, transfer.body);
      assert.equal((await policy('POL-1001-T')).paymentMethod, 'BANK_TRANSFER');
    });

    it('should reject UK, non-SEPA and invalid accounts for direct debit with their field codes', async () => {
      const cases: [Record<string, unknown>, { field: string; code: string }[]][] = [
        [{ iban: 'GB82WEST12345698765432' }, [{ field: 'iban', code: 'validation.iban.uk' }]],
        [{ iban: 'TR330006100519786457841326' }, [{ field: 'iban', code: 'validation.iban.sepa' }]],
        [{ iban: 'SA0380000000608010167519' }, [{ field: 'iban', code: 'validation.iban.sepa' }]],
        [{ iban: 'NL91ABNA0417164301' }, [{ field: 'iban', code: 'validation.iban.invalid' }]],
        [{ bic: 'NOTABIC' }, [{ field: 'bic', code: 'validation.bic.invalid' }]],
        [{ iban: '', bic: 'ABNANL2A' }, [{ field: 'iban', code: 'validation.required' }]],
        [{ accountHolder: 'h'.repeat(71) }, [{ field: 'accountHolder', code: 'validation.maxLength' }]],
        [{ paymentTerm: 'WEEKLY' }, [{ field: 'paymentTerm', code: 'validation.option' }]],
      ];
      for (const [change, fields] of cases) {
        const response = await post('/api/en/policies/POL-1001-T/payment', anna, {
          ...directDebit,
          ...change,
        });
        assert.equal(response.statusCode, 400, JSON.stringify(change));
        assert.deepEqual(response.json().fields, fields, JSON.stringify(change));
      }
      assert.equal((await policy('POL-1001-T')).paymentTerm, 'MONTHLY');
    });

    it('should show the account on file masked, and keep it when a term change leaves the bank fields out', async () => {
      const before = (await policies(anna)).find((p) => p.policyId === 'POL-1001-T') as WirePolicy & {
        maskedIban?: string;
      };
      assert.equal(before.maskedIban, 'NL•• •••• •••• •••• 4300');
      const termOnly = await post('/api/en/policies/POL-1001-T/payment', anna, {
        id: 'POL-1001-T',
        paymentTerm: 'QUARTERLY',
        paymentMethod: 'DIRECT_DEBIT',
      });
      assert.equal(termOnly.statusCode, 200, termOnly.body);
      assert.equal(termOnly.json().paymentTerm, 'QUARTERLY');
      assert.equal(termOnly.json().maskedIban, 'NL•• •••• •••• •••• 4300');
      const [stored] = await t.db.query<{ iban: string; bic: string; account_holder: string }>(
        'SELECT iban, bic, account_holder FROM policies WHERE policy_id = $1',
        ['POL-1001-T'],
      );
      assert.deepEqual(stored, {
        iban: 'NL91ABNA0417164300',
        bic: 'ABNANL2A',
        account_holder: 'A. de Vries',
      });
      // The same term again with the account on file changes nothing.
      const again = await post('/api/en/policies/POL-1001-T/payment', anna, {
        id: 'POL-1001-T',
        paymentTerm: 'QUARTERLY',
        paymentMethod: 'DIRECT_DEBIT',
      });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'NO_CHANGES');
    });

    it('should still ask for the bank fields of direct debit when no account is on file', async () => {
      const response = await post('/api/en/policies/POL-1001-S/payment', anna, {
        id: 'POL-1001-S',
        paymentTerm: 'QUARTERLY',
        paymentMethod: 'DIRECT_DEBIT',
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().fields, [
        { field: 'iban', code: 'validation.required' },
        { field: 'bic', code: 'validation.required' },
        { field: 'accountHolder', code: 'validation.required' },
      ]);
      assert.equal(
        (await policies(anna)).find((p) => p.policyId === 'POL-1001-S')?.paymentMethod,
        'BANK_TRANSFER',
      );
    });

    it('should lock payment settings paid by credit card, by the institute or via the institution', async () => {
      const toCard = await post('/api/en/policies/POL-1001-H/payment', anna, {
        id: 'POL-1001-H',
        paymentTerm: 'YEARLY',
        paymentMethod: 'CREDITCARD',
      });
      assert.equal(toCard.statusCode, 200, toCard.body);
      const card = await post('/api/en/policies/POL-1001-H/payment', anna, {
        ...directDebit,
        id: 'POL-1001-H',
      });
      assert.equal(card.statusCode, 403);
      assert.equal(card.json().code, 'PAYMENT_LOCKED');
      const ben = await t.login('ben.okafor@example.com');
      const institute = await post('/api/en/policies/POL-1002-H/payment', ben, {
        id: 'POL-1002-H',
        paymentTerm: 'YEARLY',
        paymentMethod: 'BANK_TRANSFER',
      });
      assert.equal(institute.statusCode, 403);
      assert.equal(institute.json().code, 'PAYMENT_LOCKED');
      // Chen pays by card as well; take the card away to see the via-institution rule on its own.
      await t.db.query("UPDATE policies SET payment_method = 'BANK_TRANSFER' WHERE policy_id = 'POL-1003-1'");
      const chen = await t.login('chen.li@example.com');
      const viaInstitution = await post('/api/en/policies/POL-1003-1/payment', chen, {
        id: 'POL-1003-1',
        paymentTerm: 'MONTHLY',
        paymentMethod: 'BANK_TRANSFER',
      });
      assert.equal(viaInstitution.statusCode, 403);
      assert.equal(viaInstitution.json().code, 'PAYMENT_LOCKED');
      const other = await post('/api/en/policies/POL-1001-T/payment', chen, directDebit);
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().code, 'FORBIDDEN');
    });
  });
});

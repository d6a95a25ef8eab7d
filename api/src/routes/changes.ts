import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADDRESS_COMPARERS,
  ADDRESS_FIELDS,
  addressSchema,
  changeStartDateSchema,
  contactRequestSchema,
  insuranceRequestSchema,
  isUnchanged,
  NO_CHANGES_CODE,
  NO_CHANGES_MESSAGE,
  normalizeIban,
  parseWireDate,
  paymentSchema,
  RENEWAL_MAX_YEARS,
  renewalSchema,
  terminationSchema,
} from '@portal/shared/validation';
import { dailyPremium, policyChangeReason } from '@portal/shared/domain';
import type { PolicyChange, PolicyChangeReason } from '@portal/shared/domain';
import { addDays, addYears, differenceInCalendarDays, parseISO } from 'date-fns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../errors.js';
import { requirePrincipal } from '../auth/session.js';
import { insuranceRequestMail } from '../mail/request-mail.js';
import type { RequestLanguage } from '../mail/request-mail.js';
import { ibanChangedMail } from '../mail/account-mails.js';
import { mailLanguage } from '../mail/templates.js';
import { anonymousWriteRateLimit } from '../rate-limits.js';
import { maskIban } from '../modules/claims/routes.js';
import { parseBody } from '../validate.js';
import type { RouteContext } from './context.js';
import { ownPolicy, rawPolicy, toRawPolicy, wireDate } from './policy-store.js';
import type { PolicyRow } from './policy-store.js';

type IdParams = { Params: { id: string } };

const underReview = () =>
  new ApiError(
    409,
    'UNDER_REVIEW',
    'A change is under review; no further changes are possible until approval.',
  );

/** A change that would leave the policy as it is (docs/requirements.md §8 "No changes found"): nothing is recorded. */
const noChanges = () => new ApiError(409, NO_CHANGES_CODE, NO_CHANGES_MESSAGE);
/** The answer to a change the policy rules refuse (docs/contract.md error body). */
export function refusal(reason: PolicyChangeReason): ApiError {
  switch (reason) {
    case 'underReview':
      return underReview();
    case 'applicationUnderReview':
      return new ApiError(
        409,
        'UNDER_REVIEW',
        'This application is under review; it cannot be changed until it is approved.',
      );
    case 'disapproved':
    case 'expired':
    case 'cancelled':
      return new ApiError(409, 'POLICY_ENDED', 'This policy has ended; it can no longer be changed.');
    case 'institute':
      return new ApiError(
        403,
        'INSTITUTE_MANAGED',
        'Your institution manages this policy; please contact it.',
      );
    case 'notEditable':
      return new ApiError(403, 'NOT_EDITABLE', 'This policy cannot be changed online; please contact us.');
    case 'alreadyStarted':
      return new ApiError(422, 'START_DATE_RULE', 'The start date cannot be changed to this date.', {
        fields: [{ field: 'startDate', code: 'validation.startDate.started' }],
      });
    case 'notRenewable':
      return new ApiError(403, 'NOT_RENEWABLE', 'This policy cannot be renewed.');
    case 'paidByCreditCard':
    case 'paidByInstitute':
    case 'paidViaInstitution':
      return new ApiError(403, 'PAYMENT_LOCKED', 'Payment settings cannot be changed for this policy.');
  }
}

/** The premium of a covered day, by the rule the portal shows a termination's refund with. */
function dailyRate(policy: PolicyRow): number {
  return dailyPremium({
    premium: Number(policy.total_amount),
    startDate: wireDate(policy.start_date),
    endDate: wireDate(policy.end_date),
  });
}

/** The dates the change rules compare with; the ±14-day rule counts from the original start. */
function policyDates(policy: PolicyRow) {
  return {
    startDate: wireDate(policy.start_date),
    endDate: wireDate(policy.end_date),
    originalStartDate: wireDate(policy.original_start_date ?? policy.start_date),
  };
}

/** Dot paths of the keys of `input` that the schema dropped from `output` (unknown fields). */
export function unknownFields(input: unknown, output: unknown, path = ''): string[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const kept = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {};
  return Object.entries(input).flatMap(([key, value]) => {
    const field = path ? `${path}.${key}` : key;
    return key in kept ? unknownFields(value, kept[key], field) : [field];
  });
}

function checkBodyId(body: unknown, id: string): void {
  const bodyId = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  if (bodyId !== id)
    throw errors.validation([
      { field: 'id', code: bodyId === undefined ? 'validation.required' : 'validation.option' },
    ]);
}

/** Bank details as stored: the IBAN in electronic form, the BIC in capitals. */
function bankDetails(input: { iban?: string; bic?: string; accountHolder?: string }) {
  return {
    iban: input.iban ? normalizeIban(input.iban) : null,
    bic: input.bic ? input.bic.trim().toUpperCase() : null,
    accountHolder: input.accountHolder?.trim() || null,
  };
}

/**
 * Direct debit with no bank fields at all keeps the account on file (the portal shows it masked), so
 * that a change of term alone needs no retyping; without an account on file the fields stay required.
 */
function keepAccountOnFile(fields: Record<string, unknown>, policy: PolicyRow): Record<string, unknown> {
  const bankFieldsLeftOut = ['iban', 'bic', 'accountHolder'].every(
    (name) => fields[name] === undefined || fields[name] === '',
  );
  const onFile = policy.payment_method === 'DIRECT_DEBIT' && policy.iban;
  if (fields.paymentMethod !== 'DIRECT_DEBIT' || !bankFieldsLeftOut || !onFile) return fields;
  return { ...fields, iban: onFile, bic: policy.bic ?? '', accountHolder: policy.account_holder ?? '' };
}

/** The notice of a new IBAN: which policy, and only the end of the new account number. */
/** The language of a request's confirmation mail: `?lang=` of the page it was sent from, English by default. */
function requestLanguage(value: unknown): RequestLanguage {
  if (value === undefined || value === 'en') return 'en';
  if (value === 'nl') return 'nl';
  throw errors.validation([{ field: 'lang', code: 'validation.language.invalid' }]);
}

function serial(prefix: string): string {
  return `${prefix}-${new Date().getFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Policy changes, contact and anonymous requests (claims: claims.ts; invoice payment: payments.ts). */
export async function changeRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const today = () => config.now();

  async function changeable(request: FastifyRequest<IdParams>): Promise<PolicyRow> {
    const principal = await requirePrincipal(db, config, request);
    const policy = await ownPolicy(db, principal, request.params.id);
    checkBodyId(request.body, request.params.id);
    return policy;
  }

  /**
   * Refuses a change the shared policy rules refuse, with the answer the portal expects for the
   * reason, so that the api never allows what a card or the Profile page does not offer.
   */
  function assertAllowed(policy: PolicyRow, change: PolicyChange): void {
    const reason = policyChangeReason(toRawPolicy(policy, []), change, today());
    if (reason) throw refusal(reason);
  }
  app.post<IdParams>('/api/en/policies/:id/address', async (request) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'address');
    const { id: _id, ...fields } = (request.body ?? {}) as Record<string, unknown>;
    const address = parseBody(addressSchema, fields);
    const clean = Object.fromEntries(
      Object.entries(address).filter(([, value]) => value !== undefined && value !== ''),
    );
    // The same address again changes nothing, and with a move reason would put the policy under
    // review for nothing.
    if (isUnchanged(address, policy.destination_address, ADDRESS_FIELDS, ADDRESS_COMPARERS))
      throw noChanges();
    if (address.moveReason) {
      await db.query(
        "UPDATE policies SET pending_change = $2, status = 'UNDER_REVIEW' WHERE policy_id = $1",
        [policy.policy_id, JSON.stringify({ kind: 'ADDRESS', address: clean })],
      );
      return { underReview: true };
    }
    await db.query('UPDATE policies SET destination_address = $2 WHERE policy_id = $1', [
      policy.policy_id,
      JSON.stringify(clean),
    ]);
    return { underReview: false };
  });

  app.post<IdParams>('/api/en/policies/:id/payment', async (request) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'paymentSettings');
    const { id: _id, ...fields } = (request.body ?? {}) as Record<string, unknown>;
    const payment = parseBody(paymentSchema, keepAccountOnFile(fields, policy));
    const bank = bankDetails(payment);
    const sameTerms =
      payment.paymentTerm === policy.payment_term && payment.paymentMethod === policy.payment_method;
    // Without direct debit no account is kept; with it, the same account again is no change either.
    if (
      sameTerms &&
      (payment.paymentMethod !== 'DIRECT_DEBIT' ||
        isUnchanged(bank, { iban: policy.iban, bic: policy.bic, accountHolder: policy.account_holder }, [
          'iban',
          'bic',
          'accountHolder',
        ]))
    )
      throw noChanges();
    // Money would go from another account: the student hears of it by mail, so that a change made by
    // someone else with their session is noticed (as an e-mail change is told to the old address).
    const ibanChanged = bank.iban !== null && bank.iban !== policy.iban;
    const [owner] = ibanChanged
      ? await db.query<{ email: string; mail_language: string }>(
          `SELECT a.email, p.mail_language FROM accounts a JOIN profiles p ON p.account_id = a.id
           WHERE p.profile_id = $1`,
          [policy.profile_id],
        )
      : [];
    const notice =
      owner && bank.iban
        ? ibanChangedMail(
            owner.email,
            mailLanguage(owner.mail_language),
            policy.policy_number ?? policy.application_number ?? policy.policy_id,
            maskIban(bank.iban),
          )
        : null;
    const noticeId = await db.transaction(async (tx) => {
      await tx.query(
        'UPDATE policies SET payment_term = $2, payment_method = $3, iban = $4, bic = $5, account_holder = $6 WHERE policy_id = $1',
        [
          policy.policy_id,
          payment.paymentTerm,
          payment.paymentMethod,
          bank.iban,
          bank.bic,
          bank.accountHolder,
        ],
      );
      return notice ? mailer.store(notice, tx) : null;
    });
    if (noticeId) mailer.wake();
    return rawPolicy(db, policy.policy_id);
  });

  const calculateSchema = v.variant(
    'kind',
    [
      v.object({ id: v.string(), kind: v.literal('STARTDATE'), startDate: v.string('validation.required') }),
      v.object({
        id: v.string(),
        kind: v.literal('ADDPERIOD'),
        endDate: v.string('validation.required'),
        paymentTerm: v.picklist(
          ['AT_ONCE', 'YEARLY', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY'],
          'validation.option',
        ),
      }),
    ],
    'validation.option',
  );

  app.post<IdParams>('/api/en/policies/:id/calculate', async (request) => {
    const policy = await changeable(request);
    const body = parseBody(calculateSchema, request.body);
    // A quote only for a change the student may make: the same rules as the change itself. A start
    // date that has passed is left to the schema, which names the field like the other date rules.
    const reason = policyChangeReason(
      toRawPolicy(policy, []),
      body.kind === 'STARTDATE' ? 'startDate' : 'renew',
      today(),
    );
    if (reason && reason !== 'alreadyStarted') throw refusal(reason);
    const dates = policyDates(policy);
    const rate = dailyRate(policy);
    let days: number;
    if (body.kind === 'STARTDATE') {
      parseBody(changeStartDateSchema(dates, { today: today() }), { startDate: body.startDate });
      days = differenceInCalendarDays(parseISO(dates.startDate), parseISO(body.startDate));
    } else {
      const end = parseWireDate(body.endDate);
      if (!end) throw errors.validation([{ field: 'endDate', code: 'validation.date.invalid' }]);
      days = differenceInCalendarDays(end, parseISO(dates.endDate));
      if (days <= 0)
        throw errors.validation([{ field: 'endDate', code: 'validation.endDate.notAfterStartDate' }]);
      if (end > addYears(parseISO(dates.endDate), RENEWAL_MAX_YEARS))
        throw errors.validation([{ field: 'endDate', code: 'validation.renewal.tooLong' }]);
    }
    return {
      days,
      amount: Math.round(Math.abs(days) * rate * 100) / 100,
      direction: days >= 0 ? 'BILL' : 'REFUND',
    };
  });

  app.post<IdParams>('/api/en/policies/:id/changestartdate', async (request) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'startDate');
    const dates = policyDates(policy);
    const result = v.safeParse(changeStartDateSchema(dates, { today: today() }), request.body);
    if (!result.success) {
      const issue = result.issues[0];
      const field = issue ? (v.getDotPath(issue) ?? 'startDate') : 'startDate';
      throw new ApiError(422, 'START_DATE_RULE', 'The start date cannot be changed to this date.', {
        fields: [
          { field, code: issue?.message.startsWith('validation.') ? issue.message : 'validation.required' },
        ],
      });
    }
    const shift = differenceInCalendarDays(parseISO(dates.startDate), parseISO(result.output.startDate));
    await db.query(
      `UPDATE policies SET original_start_date = COALESCE(original_start_date, start_date), start_date = $2,
        total_amount = total_amount + $3 WHERE policy_id = $1`,
      [policy.policy_id, result.output.startDate, Math.round(shift * dailyRate(policy) * 100) / 100],
    );
    return rawPolicy(db, policy.policy_id);
  });

  app.post<IdParams>('/api/en/policies/:id/terminate', async (request) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'terminate');
    const dates = { startDate: wireDate(policy.start_date), endDate: wireDate(policy.end_date) };
    const { id: _id, ...fields } = (request.body ?? {}) as Record<string, unknown>;
    const body = parseBody(terminationSchema(dates, { today: today() }), fields);
    await db.query(
      "UPDATE policies SET end_date = $2, renewable = FALSE, pending_change = $3, status = CASE WHEN start_date >= $2 THEN 'CANCELLED' ELSE status END WHERE policy_id = $1",
      [
        policy.policy_id,
        body.endDate,
        JSON.stringify({ kind: 'TERMINATION', reason: body.reason, refund: body.refund ?? null }),
      ],
    );
    return rawPolicy(db, policy.policy_id);
  });

  app.post<IdParams>('/api/en/policies/:id/addperiod', async (request, reply) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'renew');
    const dates = { startDate: wireDate(policy.start_date), endDate: wireDate(policy.end_date) };
    const { id: _id, ...fields } = (request.body ?? {}) as Record<string, unknown>;
    const body = parseBody(renewalSchema(dates, { today: today() }), fields);
    const newStart = addDays(parseISO(dates.endDate), 1);
    const overlapping = await db.query<{
      policy_number: string | null;
      application_number: string | null;
      start_date: string;
      end_date: string;
    }>(
      `SELECT policy_number, application_number, start_date, end_date FROM policies
       WHERE profile_id = $1 AND insurance_type = $2 AND policy_id <> $3
         AND status NOT IN ('CANCELLED', 'DISAPPROVED', 'EXPIRED') AND start_date <= $5 AND end_date >= $4`,
      [policy.profile_id, policy.insurance_type, policy.policy_id, wireDate(newStart), body.endDate],
    );
    const clash = overlapping[0];
    if (clash) {
      throw new ApiError(409, 'OVERLAP', 'The new period overlaps an existing policy or request.', {
        policyNumber: clash.policy_number ?? clash.application_number ?? '',
        startDate: wireDate(clash.start_date),
        endDate: wireDate(clash.end_date),
      });
    }
    const applicationNumber = serial('APP');
    const policyId = `POL-${randomUUID()}`;
    const days = differenceInCalendarDays(parseISO(body.endDate), newStart) + 1;
    const bank = bankDetails(body);
    await db.query(
      `INSERT INTO policies (policy_id, profile_id, application_number, insurance_type, coverage, destination,
        start_date, end_date, status, editable, renewable, individual, customer_type, institution, faculty, study,
        destination_address, total_amount, payment_term, payment_method, iban, bic, account_holder, pending_change)
       SELECT $2, profile_id, $3, insurance_type, coverage, destination, $4, $5, 'UNDER_REVIEW_NEW', FALSE, FALSE,
        individual, customer_type, institution, faculty, study, destination_address, $6, $7, $8, $9, $10, $11, $12
       FROM policies WHERE policy_id = $1`,
      [
        policy.policy_id,
        policyId,
        applicationNumber,
        wireDate(newStart),
        body.endDate,
        Math.round(days * dailyRate(policy) * 100) / 100,
        body.paymentTerm,
        body.paymentMethod,
        bank.iban,
        bank.bic,
        bank.accountHolder,
        JSON.stringify({
          kind: 'RENEWAL',
          reasonShortTerm: body.reasonShortTerm ?? null,
          answers: body.answers,
        }),
      ],
    );
    return reply.status(201).send({ applicationNumber });
  });

  const anonymous = { config: { rateLimit: anonymousWriteRateLimit(config) } };

  app.post('/api/portal/contactexpats', anonymous, async (request, reply) => {
    const body = parseBody(contactRequestSchema, request.body);
    await db.query('INSERT INTO contact_requests (id, body, created_at) VALUES ($1, $2, $3)', [
      randomUUID(),
      JSON.stringify(body),
      today(),
    ]);
    return reply.status(204).send();
  });

  app.post<{ Querystring: { lang?: unknown } }>('/api/en/requests', anonymous, async (request, reply) => {
    const language = requestLanguage(request.query.lang);
    const schema = insuranceRequestSchema({ today: today() });
    const result = v.safeParse(schema, request.body ?? {});
    if (
      !result.success &&
      result.issues.some((issue) => issue.message === 'validation.destination.homeCountry')
    ) {
      throw new ApiError(422, 'HOME_COUNTRY', "We can't insure your situation.", {
        fields: [{ field: 'destination', code: 'validation.destination.homeCountry' }],
      });
    }
    const body = result.success ? result.output : parseBody(schema, request.body);
    // Only what the schema knows is stored; anything else is refused rather than kept unread.
    const unknown = unknownFields(request.body, body);
    if (unknown.length > 0) {
      throw errors.validation(unknown.map((field) => ({ field, code: 'validation.unknownField' })));
    }
    const applicationNumber = serial('APP');
    // The request and its confirmation mail are stored together: no request without its mail, nor a mail
    // for a request that was not stored.
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO requests (application_number, body, created_at) VALUES ($1, $2, $3)', [
        applicationNumber,
        JSON.stringify(body),
        today(),
      ]);
      await mailer.store(insuranceRequestMail(body.person.email, applicationNumber, language), tx);
    });
    mailer.wake();
    return reply.status(201).send({ applicationNumber });
  });
}

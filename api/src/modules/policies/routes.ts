import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADDRESS_COMPARERS,
  ADDRESS_FIELDS,
  addressSchema,
  changeStartDateSchema,
  isUnchanged,
  NO_CHANGES_CODE,
  NO_CHANGES_MESSAGE,
  normalizeIban,
  parseWireDate,
  paymentSchema,
  RENEWAL_MAX_YEARS,
  renewalSchema,
  terminationSchema,
} from '@portal/contract/validation';
import { dailyPremium, policyChangeReason } from '@portal/contract/domain';
import type { PolicyChange, PolicyChangeReason } from '@portal/contract/domain';
import { addDays, addYears, differenceInCalendarDays, parseISO } from 'date-fns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import { requirePrincipal } from '../../auth/session.js';
import { ibanChangedMail } from '../../mail/account-mails.js';
import { mailLanguage } from '../../mail/templates.js';
import { maskIban } from '../claims/wire.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';
import { listPolicies, ownPolicy, rawPolicy, toRawPolicy, wireDate } from './store.js';
import type { PolicyRow } from './store.js';

type IdParams = { Params: { id: string } };
type ProfileParams = { Params: { profileId: string } };

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

function serial(prefix: string): string {
  return `${prefix}-${new Date().getFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** A student's policies, and the changes she makes to one: address, payment settings, start date, termination and renewal (with its quote). */

export async function policyRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const today = () => config.now();

  app.get<ProfileParams>('/api/en/profiles/:profileId/policies', async (request) => {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    return listPolicies(db, request.params.profileId);
  });

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
      await store.putUnderReview(db, policy.policy_id, { kind: 'ADDRESS', address: clean });
      return { underReview: true };
    }
    await store.setDestinationAddress(db, policy.policy_id, clean);
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
    const owner = ibanChanged ? await store.policyholder(db, policy.profile_id) : undefined;
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
      await store.setPaymentSettings(tx, policy.policy_id, {
        paymentTerm: payment.paymentTerm,
        paymentMethod: payment.paymentMethod,
        ...bank,
      });
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
    await store.moveStartDate(
      db,
      policy.policy_id,
      result.output.startDate,
      Math.round(shift * dailyRate(policy) * 100) / 100,
    );
    return rawPolicy(db, policy.policy_id);
  });

  app.post<IdParams>('/api/en/policies/:id/terminate', async (request) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'terminate');
    const dates = { startDate: wireDate(policy.start_date), endDate: wireDate(policy.end_date) };
    const { id: _id, ...fields } = (request.body ?? {}) as Record<string, unknown>;
    const body = parseBody(terminationSchema(dates, { today: today() }), fields);
    await store.terminate(db, policy.policy_id, body.endDate, {
      kind: 'TERMINATION',
      reason: body.reason,
      refund: body.refund ?? null,
    });
    return rawPolicy(db, policy.policy_id);
  });

  app.post<IdParams>('/api/en/policies/:id/addperiod', async (request, reply) => {
    const policy = await changeable(request);
    assertAllowed(policy, 'renew');
    const dates = { startDate: wireDate(policy.start_date), endDate: wireDate(policy.end_date) };
    const { id: _id, ...fields } = (request.body ?? {}) as Record<string, unknown>;
    const body = parseBody(renewalSchema(dates, { today: today() }), fields);
    const newStart = addDays(parseISO(dates.endDate), 1);
    const clash = await store.overlappingPolicy(db, policy, wireDate(newStart), body.endDate);
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
    await store.insertRenewal(db, policy.policy_id, {
      policyId,
      applicationNumber,
      startDate: wireDate(newStart),
      endDate: body.endDate,
      totalAmount: Math.round(days * dailyRate(policy) * 100) / 100,
      paymentTerm: body.paymentTerm,
      paymentMethod: body.paymentMethod,
      ...bank,
      pendingChange: {
        kind: 'RENEWAL',
        reasonShortTerm: body.reasonShortTerm ?? null,
        answers: body.answers,
      },
    });
    return reply.status(201).send({ applicationNumber });
  });
}

import type { PolicyRulesInput } from './policy-rules';
import { policyChangeReason, policyRules } from './policy-rules';

const TODAY = new Date(2026, 10, 24);

function policy(overrides: Partial<PolicyRulesInput> = {}): PolicyRulesInput {
  return {
    status: 'ACTIVE',
    customerType: 'INDIVIDUAL',
    paymentMethod: 'DIRECT_DEBIT',
    startDate: '2026-12-01',
    editable: 'true',
    renewable: 'true',
    ...overrides,
  };
}

/**
 * Every status × customer type × `editable`, for a renewable policy paid by direct debit that has
 * not started yet: what each change answers (null: allowed, else the reason).
 */
// prettier-ignore
const TABLE = [
  // status, customer type, editable, renew, terminate, startDate, address, paymentSettings, personalDetails
  ['ACTIVE', 'INDIVIDUAL', 'true', null, null, null, null, null, null],
  ['ACTIVE', 'INDIVIDUAL', 'false', null, 'notEditable', 'notEditable', 'notEditable', null, null],
  ['ACTIVE', 'INSTITUTE', 'true', 'institute', 'institute', 'institute', 'institute', 'paidByInstitute', 'institute'],
  ['ACTIVE', 'INSTITUTE', 'false', 'institute', 'institute', 'institute', 'institute', 'paidByInstitute', 'institute'],
  ['ACTIVE', 'INSTITUTE_STUDENT_PAYS', 'true', null, null, null, null, 'paidViaInstitution', null],
  ['ACTIVE', 'INSTITUTE_STUDENT_PAYS', 'false', null, 'institute', 'institute', 'institute', 'paidViaInstitution', null],
  ['NOT_ACTIVE', 'INDIVIDUAL', 'true', null, null, null, null, null, null],
  ['NOT_ACTIVE', 'INDIVIDUAL', 'false', null, 'notEditable', 'notEditable', 'notEditable', null, null],
  ['NOT_ACTIVE', 'INSTITUTE', 'true', 'institute', 'institute', 'institute', 'institute', 'paidByInstitute', 'institute'],
  ['NOT_ACTIVE', 'INSTITUTE', 'false', 'institute', 'institute', 'institute', 'institute', 'paidByInstitute', 'institute'],
  ['NOT_ACTIVE', 'INSTITUTE_STUDENT_PAYS', 'true', null, null, null, null, 'paidViaInstitution', null],
  ['NOT_ACTIVE', 'INSTITUTE_STUDENT_PAYS', 'false', null, 'institute', 'institute', 'institute', 'paidViaInstitution', null],
  ['UNDER_REVIEW', 'INDIVIDUAL', 'true', 'underReview', 'underReview', 'underReview', 'underReview', 'underReview', null],
  ['UNDER_REVIEW', 'INDIVIDUAL', 'false', 'underReview', 'underReview', 'underReview', 'underReview', 'underReview', null],
  ['UNDER_REVIEW', 'INSTITUTE', 'true', 'underReview', 'underReview', 'underReview', 'underReview', 'underReview', 'institute'],
  ['UNDER_REVIEW', 'INSTITUTE', 'false', 'underReview', 'underReview', 'underReview', 'underReview', 'underReview', 'institute'],
  ['UNDER_REVIEW', 'INSTITUTE_STUDENT_PAYS', 'true', 'underReview', 'underReview', 'underReview', 'underReview', 'underReview', null],
  ['UNDER_REVIEW', 'INSTITUTE_STUDENT_PAYS', 'false', 'underReview', 'underReview', 'underReview', 'underReview', 'underReview', null],
  ['UNDER_REVIEW_NEW', 'INDIVIDUAL', 'true', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', null],
  ['UNDER_REVIEW_NEW', 'INDIVIDUAL', 'false', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', null],
  ['UNDER_REVIEW_NEW', 'INSTITUTE', 'true', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'institute'],
  ['UNDER_REVIEW_NEW', 'INSTITUTE', 'false', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'institute'],
  ['UNDER_REVIEW_NEW', 'INSTITUTE_STUDENT_PAYS', 'true', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', null],
  ['UNDER_REVIEW_NEW', 'INSTITUTE_STUDENT_PAYS', 'false', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', 'applicationUnderReview', null],
  ['DISAPPROVED', 'INDIVIDUAL', 'true', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'disapproved', null],
  ['DISAPPROVED', 'INDIVIDUAL', 'false', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'disapproved', null],
  ['DISAPPROVED', 'INSTITUTE', 'true', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'institute'],
  ['DISAPPROVED', 'INSTITUTE', 'false', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'institute'],
  ['DISAPPROVED', 'INSTITUTE_STUDENT_PAYS', 'true', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'disapproved', null],
  ['DISAPPROVED', 'INSTITUTE_STUDENT_PAYS', 'false', 'disapproved', 'disapproved', 'disapproved', 'disapproved', 'disapproved', null],
  ['EXPIRED', 'INDIVIDUAL', 'true', 'expired', 'expired', 'expired', 'expired', 'expired', null],
  ['EXPIRED', 'INDIVIDUAL', 'false', 'expired', 'expired', 'expired', 'expired', 'expired', null],
  ['EXPIRED', 'INSTITUTE', 'true', 'expired', 'expired', 'expired', 'expired', 'expired', 'institute'],
  ['EXPIRED', 'INSTITUTE', 'false', 'expired', 'expired', 'expired', 'expired', 'expired', 'institute'],
  ['EXPIRED', 'INSTITUTE_STUDENT_PAYS', 'true', 'expired', 'expired', 'expired', 'expired', 'expired', null],
  ['EXPIRED', 'INSTITUTE_STUDENT_PAYS', 'false', 'expired', 'expired', 'expired', 'expired', 'expired', null],
  ['CANCELLED', 'INDIVIDUAL', 'true', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled', null],
  ['CANCELLED', 'INDIVIDUAL', 'false', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled', null],
  ['CANCELLED', 'INSTITUTE', 'true', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'institute'],
  ['CANCELLED', 'INSTITUTE', 'false', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'institute'],
  ['CANCELLED', 'INSTITUTE_STUDENT_PAYS', 'true', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled', null],
  ['CANCELLED', 'INSTITUTE_STUDENT_PAYS', 'false', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled', null],
] as const;

describe('policyRules', () => {
  it.each(TABLE)(
    '%s %s editable=%s',
    (
      status,
      customerType,
      editable,
      renew,
      terminate,
      startDate,
      address,
      paymentSettings,
      personalDetails,
    ) => {
      const expected = { renew, terminate, startDate, address, paymentSettings, personalDetails };
      // The wire policy ('true'/'false') and the view model (boolean) answer alike.
      expect(policyRules(policy({ status, customerType, editable }), TODAY)).toEqual(expected);
      expect(policyRules(policy({ status, customerType, editable: editable === 'true' }), TODAY)).toEqual(
        expected,
      );
    },
  );

  it('should cover every status, customer type and editable value', () => {
    expect(new Set(TABLE.map(([status, type, editable]) => `${status}/${type}/${editable}`)).size).toBe(42);
  });

  it.each(['INDIVIDUAL', 'INSTITUTE', 'INSTITUTE_STUDENT_PAYS'] as const)(
    'should lock the payment settings of a %s policy paid by credit card for the card (docs/requirements.md §6 order)',
    (customerType) => {
      expect(
        policyChangeReason(policy({ customerType, paymentMethod: 'CREDITCARD' }), 'paymentSettings', TODAY),
      ).toBe('paidByCreditCard');
    },
  );

  it('should allow bank transfer (e-invoice) like direct debit', () => {
    expect(
      policyChangeReason(policy({ paymentMethod: 'BANK_TRANSFER' }), 'paymentSettings', TODAY),
    ).toBeNull();
  });

  it.each([
    ['2026-11-25', null],
    ['2026-11-24', 'alreadyStarted'],
    ['2026-01-01', 'alreadyStarted'],
  ] as const)('should allow a new start date only before the start (%s): %s', (startDate, reason) => {
    expect(policyChangeReason(policy({ startDate }), 'startDate', TODAY)).toBe(reason);
    expect(policyChangeReason(policy({ startDate }), 'address', TODAY)).toBeNull();
    expect(policyChangeReason(policy({ startDate }), 'terminate', TODAY)).toBeNull();
  });

  it('should say "institute" rather than "already started" for a started institute policy', () => {
    expect(
      policyChangeReason(policy({ customerType: 'INSTITUTE', startDate: '2026-01-01' }), 'startDate', TODAY),
    ).toBe('institute');
  });

  it.each([
    ['INDIVIDUAL', 'notRenewable'],
    ['INSTITUTE_STUDENT_PAYS', 'notRenewable'],
    ['INSTITUTE', 'institute'],
  ] as const)(
    'should offer no renewal of a %s policy the backend does not call renewable: %s',
    (customerType, reason) => {
      expect(policyChangeReason(policy({ customerType, renewable: false }), 'renew', TODAY)).toBe(reason);
    },
  );
});

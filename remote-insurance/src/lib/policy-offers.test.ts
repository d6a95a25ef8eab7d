import { policyOffers } from './policy-offers';
import type { OfferPolicy } from './policy-offers';

const today = new Date(2026, 10, 23);

function policy(overrides: Partial<OfferPolicy> = {}): OfferPolicy {
  return {
    status: 'ACTIVE',
    editable: true,
    renewable: true,
    customerType: 'INDIVIDUAL',
    paymentMethod: 'DIRECT_DEBIT',
    startDate: '2026-09-24',
    ...overrides,
  };
}

describe('policyOffers', () => {
  it('should offer renew, terminate, address and payment settings on an active individual policy', () => {
    expect(policyOffers(policy(), today)).toEqual({
      offers: ['renew', 'terminate', 'address', 'paymentSettings'],
    });
  });

  it('should offer the start date only before the policy starts', () => {
    expect(policyOffers(policy({ status: 'NOT_ACTIVE', startDate: '2026-11-24' }), today).offers).toContain(
      'startDate',
    );
    expect(policyOffers(policy({ startDate: '2026-11-23' }), today).offers).not.toContain('startDate');
  });

  it('should offer renew only when the backend says renewable', () => {
    expect(policyOffers(policy({ renewable: false }), today).offers).toEqual([
      'terminate',
      'address',
      'paymentSettings',
    ]);
  });

  it('should offer no changes of the policy itself when it is not editable', () => {
    expect(policyOffers(policy({ editable: false, renewable: false }), today)).toEqual({
      offers: ['paymentSettings'],
    });
  });

  it('should not offer payment settings when paid by credit card, and say why', () => {
    expect(policyOffers(policy({ paymentMethod: 'CREDITCARD' }), today)).toEqual({
      offers: ['renew', 'terminate', 'address'],
      paymentLock: 'paidByCreditCard',
    });
  });

  it.each([
    ['UNDER_REVIEW', 'underReview'],
    ['UNDER_REVIEW_NEW', 'applicationUnderReview'],
    ['DISAPPROVED', 'disapproved'],
    ['EXPIRED', 'expired'],
    ['CANCELLED', 'cancelled'],
  ] as const)('should offer nothing on a %s policy and say %s', (status, notice) => {
    expect(policyOffers(policy({ status }), today)).toEqual({ offers: [], notice });
  });

  it('should send the student of an institute policy to the institution', () => {
    expect(policyOffers(policy({ customerType: 'INSTITUTE' }), today)).toEqual({
      offers: [],
      notice: 'institute',
    });
  });

  it('should send the student of a policy the institution manages (not editable) to the institution', () => {
    expect(
      policyOffers(
        policy({ customerType: 'INSTITUTE_STUDENT_PAYS', editable: false, renewable: false }),
        today,
      ),
    ).toEqual({ offers: [], notice: 'institute' });
  });

  it('should offer an editable policy paid via the institution everything but its payment settings, and say why', () => {
    expect(
      policyOffers(
        policy({ customerType: 'INSTITUTE_STUDENT_PAYS', status: 'NOT_ACTIVE', startDate: '2026-12-01' }),
        today,
      ),
    ).toEqual({
      offers: ['renew', 'terminate', 'startDate', 'address'],
      paymentLock: 'paidViaInstitution',
    });
  });

  it('should say under review before institution on an institute policy under review', () => {
    expect(policyOffers(policy({ customerType: 'INSTITUTE', status: 'UNDER_REVIEW' }), today).notice).toBe(
      'underReview',
    );
  });
});

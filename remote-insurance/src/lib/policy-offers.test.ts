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

  it('should not offer payment settings when paid by credit card', () => {
    expect(policyOffers(policy({ paymentMethod: 'CREDITCARD' }), today).offers).not.toContain(
      'paymentSettings',
    );
  });

  it.each([
    ['UNDER_REVIEW', 'underReview'],
    ['UNDER_REVIEW_NEW', 'underReview'],
    ['DISAPPROVED', 'disapproved'],
    ['EXPIRED', 'expired'],
    ['CANCELLED', 'cancelled'],
  ] as const)('should offer nothing on a %s policy and say %s', (status, notice) => {
    expect(policyOffers(policy({ status }), today)).toEqual({ offers: [], notice });
  });

  it.each(['INSTITUTE', 'INSTITUTE_STUDENT_PAYS'] as const)(
    'should send the student of an %s policy to the institution',
    (customerType) => {
      expect(policyOffers(policy({ customerType }), today)).toEqual({ offers: [], notice: 'institute' });
    },
  );

  it('should say under review before institution on an institute policy under review', () => {
    expect(policyOffers(policy({ customerType: 'INSTITUTE', status: 'UNDER_REVIEW' }), today).notice).toBe(
      'underReview',
    );
  });
});

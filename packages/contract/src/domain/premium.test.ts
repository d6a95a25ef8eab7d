import { coveredDays, premiumForDays, premiumPerTerm } from './premium';

// Anna's Travel and Health in the demo data: a year of 366 days, €240 and €780, invoiced monthly at
// €20 and €65 (api/src/seed/data/students.json).
const year = { startDate: '2026-09-27', endDate: '2027-09-27' };

describe('premium', () => {
  it('should give the instalment the invoices bill for each payment term', () => {
    expect(premiumPerTerm({ ...year, premium: 240, paymentTerm: 'MONTHLY' })).toBe(20);
    expect(premiumPerTerm({ ...year, premium: 780, paymentTerm: 'MONTHLY' })).toBe(65);
    expect(premiumPerTerm({ ...year, premium: 780, paymentTerm: 'QUARTERLY' })).toBe(195);
    expect(premiumPerTerm({ ...year, premium: 780, paymentTerm: 'HALF_YEARLY' })).toBe(390);
    expect(premiumPerTerm({ ...year, premium: 780, paymentTerm: 'YEARLY' })).toBe(780);
    expect(premiumPerTerm({ ...year, premium: 780, paymentTerm: 'AT_ONCE' })).toBe(780);
  });

  it('should spread a period other than a year over its own terms', () => {
    // 365 days from 1 January; and half a year from 1 February, paid quarterly.
    expect(
      premiumPerTerm({
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        premium: 360,
        paymentTerm: 'QUARTERLY',
      }),
    ).toBe(90);
    expect(
      premiumPerTerm({
        startDate: '2027-02-01',
        endDate: '2027-07-31',
        premium: 300,
        paymentTerm: 'MONTHLY',
      }),
    ).toBe(50);
    // Shorter than its term: one instalment.
    expect(
      premiumPerTerm({
        startDate: '2027-02-01',
        endDate: '2027-03-15',
        premium: 99.99,
        paymentTerm: 'YEARLY',
      }),
    ).toBe(99.99);
  });

  it('should price days at the period premium per covered day, in cents', () => {
    expect(coveredDays(year)).toBe(366);
    expect(premiumForDays({ ...year, premium: 366 }, 30)).toBe(30);
    expect(premiumForDays({ ...year, premium: 240 }, 10)).toBe(6.56);
    expect(premiumForDays({ ...year, premium: 240 }, -5)).toBe(0);
  });
});

import { parseWireDate } from '../validation/dates';

/** The payment terms, each with the months one instalment pays for (an `AT_ONCE` policy pays once). */
export const TERM_MONTHS = {
  AT_ONCE: null,
  MONTHLY: 1,
  QUARTERLY: 3,
  HALF_YEARLY: 6,
  YEARLY: 12,
} as const;

/** A payment term. */
export type PremiumTerm = keyof typeof TERM_MONTHS;

/** What the premium rules read of a policy: its total premium over its period (wire dates). */
export interface PremiumInput {
  /** The premium of the whole period (the wire's `totalAmount`). */
  premium: number;
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;
const MONTH_DAYS = 365.25 / 12;
const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** Days the policy covers, both ends included; at least 1. */
export function coveredDays({ startDate, endDate }: Pick<PremiumInput, 'startDate' | 'endDate'>): number {
  const start = parseWireDate(startDate);
  const end = parseWireDate(endDate);
  if (!start || !end) return 1;
  // Both are local midnights; rounding absorbs an hour of daylight saving time in between.
  return Math.max(Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1, 1);
}

/** The premium of one covered day: what a change of dates bills or refunds per day. */
export function dailyPremium(policy: PremiumInput): number {
  return policy.premium / coveredDays(policy);
}

/** The premium of `days` covered days, in whole cents. */
export function premiumForDays(policy: PremiumInput, days: number): number {
  return cents(Math.max(days, 0) * dailyPremium(policy));
}

/**
 * The amount of one instalment: the period's premium spread over its terms, as the invoices bill
 * it (a year's Travel of €240.00 paid monthly is invoiced €20.00 a month). A period shorter than
 * its term is one instalment.
 */
export function premiumPerTerm(policy: PremiumInput & { paymentTerm: PremiumTerm }): number {
  const termMonths = TERM_MONTHS[policy.paymentTerm];
  if (termMonths === null) return cents(policy.premium);
  const months = coveredDays(policy) / MONTH_DAYS;
  const terms = Math.max(Math.round(months / termMonths), 1);
  return cents(policy.premium / terms);
}

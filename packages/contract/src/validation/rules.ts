import { addYears, differenceInCalendarDays, differenceInCalendarMonths } from 'date-fns';
import type { ValidationCode } from './codes';
import { dayOf, parseDate } from './dates';
import type { DateFormat } from './dates';

/** Largest start-date shift in days, earlier or later. */
export const START_DATE_MAX_SHIFT_DAYS = 14;

/** Longest period a renewal may add, in years. */
export const RENEWAL_MAX_YEARS = 5;

/** The policy dates the start-date rules compare against (wire format). */
export interface PolicyDates {
  startDate: string;
  endDate: string;
  /**
   * The start date the policy was created with; the ±14-day rule counts from it, so that repeated
   * changes cannot move the start further. Defaults to `startDate`.
   */
  originalStartDate?: string;
}

/** How a date rule reads the typed value, and which day is today. */
export interface DateRuleOptions {
  dateFormat?: DateFormat;
  today?: Date;
}

interface RuleDates {
  date: Date;
  start: Date;
  end: Date;
  today: Date;
}

/** The typed date and the policy's dates, or the code of the first one that is missing or invalid. */
function readRuleDates(
  value: string,
  policy: PolicyDates,
  options: DateRuleOptions,
): RuleDates | ValidationCode {
  const date = parseDate(value, options.dateFormat ?? 'wire');
  if (!date) return value.trim() === '' ? 'validation.required' : 'validation.date.invalid';
  const start = parseDate(policy.startDate, 'wire');
  const end = parseDate(policy.endDate, 'wire');
  if (!start || !end) return 'validation.date.invalid';
  return { date, start, end, today: dayOf(options.today ?? new Date()) };
}

/**
 * The start-date rules of a policy change: the first failing rule's code, or null.
 * Order: valid, policy not started, today or future, different, not after the end date, within 14 days.
 */
export function startDateIssue(
  value: string,
  policy: PolicyDates,
  options: DateRuleOptions = {},
): ValidationCode | null {
  const dates = readRuleDates(value, policy, options);
  if (typeof dates === 'string') return dates;
  const { date, start, end, today } = dates;
  const original = parseDate(policy.originalStartDate ?? policy.startDate, 'wire') ?? start;
  if (start.getTime() <= today.getTime()) return 'validation.startDate.started';
  if (date.getTime() < today.getTime()) return 'validation.date.notPast';
  if (differenceInCalendarDays(date, start) === 0) return 'validation.startDate.unchanged';
  const shift = differenceInCalendarDays(date, original);
  if (date.getTime() > end.getTime()) return 'validation.startDate.afterEndDate';
  if (shift > START_DATE_MAX_SHIFT_DAYS) return 'validation.startDate.postponeTooFar';
  if (shift < -START_DATE_MAX_SHIFT_DAYS) return 'validation.startDate.advanceTooFar';
  return null;
}

/** Termination end date: valid, today or future, not before the start date, before the current end date. */
export function terminationEndDateIssue(
  value: string,
  policy: PolicyDates,
  options: DateRuleOptions = {},
): ValidationCode | null {
  const dates = readRuleDates(value, policy, options);
  if (typeof dates === 'string') return dates;
  const { date, start, end, today } = dates;
  if (date.getTime() < today.getTime()) return 'validation.date.notPast';
  if (date.getTime() < start.getTime()) return 'validation.endDate.beforeStartDate';
  if (date.getTime() >= end.getTime()) return 'validation.endDate.notBeforeCurrentEnd';
  return null;
}

/**
 * Renewal end date: valid, today or future, after the new period's start (the day after the current end),
 * and at most {@link RENEWAL_MAX_YEARS} years after it.
 */
export function renewalEndDateIssue(
  value: string,
  policy: PolicyDates,
  options: DateRuleOptions = {},
): ValidationCode | null {
  const dates = readRuleDates(value, policy, options);
  if (typeof dates === 'string') return dates;
  const { date, end, today } = dates;
  if (date.getTime() < today.getTime()) return 'validation.date.notPast';
  if (date.getTime() <= end.getTime()) return 'validation.endDate.notAfterStartDate';
  // The new period starts the day after the current end; five whole years end on the current end's date.
  if (date.getTime() > addYears(end, RENEWAL_MAX_YEARS).getTime()) return 'validation.renewal.tooLong';
  return null;
}

/**
 * A claim's incident date: valid, not in the future, and within the claimed policy's period (its
 * first to its last day), since a policy covers nothing outside it.
 */
export function claimIncidentDateIssue(
  value: string,
  policy: PolicyDates,
  options: DateRuleOptions = {},
): ValidationCode | null {
  const dates = readRuleDates(value, policy, options);
  if (typeof dates === 'string') return dates;
  const { date, start, end, today } = dates;
  if (date.getTime() > today.getTime()) return 'validation.date.notFuture';
  if (date.getTime() < start.getTime() || date.getTime() > end.getTime())
    return 'validation.incidentDate.outsidePolicy';
  return null;
}

/** Minimum period in whole months for each payment term. */
export const PAYMENT_TERM_MIN_MONTHS = {
  AT_ONCE: 0,
  MONTHLY: 1,
  QUARTERLY: 3,
  HALF_YEARLY: 6,
  YEARLY: 12,
} as const;

/** Whether a payment term fits a period (a term may not be longer than the period). */
export function paymentTermFitsPeriod(
  term: keyof typeof PAYMENT_TERM_MIN_MONTHS,
  periodStart: Date,
  periodEnd: Date,
): boolean {
  // +1 day: a period from the 1st to the last day of a month counts as a whole month.
  const months = differenceInCalendarMonths(new Date(periodEnd.getTime() + 86_400_000), periodStart);
  return months >= PAYMENT_TERM_MIN_MONTHS[term];
}

/** Renewal periods shorter than this many months need a reason for the short term. */
export const SHORT_TERM_MONTHS = 12;

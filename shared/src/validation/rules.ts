import { differenceInCalendarDays, differenceInCalendarMonths } from 'date-fns';
import type { ValidationCode } from './codes';
import { dayOf, parseDate } from './dates';
import type { DateFormat } from './dates';

/** Largest start-date shift in days, earlier or later. */
export const START_DATE_MAX_SHIFT_DAYS = 14;

/** The policy dates the start-date rules compare against (wire format). */
export interface PolicyDates {
  startDate: string;
  endDate: string;
  /**
   * The start date the policy was created with, where known (the api keeps it). The 14-day window
   * is measured from it, so that several small moves cannot add up to a larger one; without it the
   * current start date stands in.
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
 * Order: valid, policy not started, today or future, different from the current start date, not
 * after the end date, within 14 days of the original start date.
 */
export function startDateIssue(
  value: string,
  policy: PolicyDates,
  options: DateRuleOptions = {},
): ValidationCode | null {
  const dates = readRuleDates(value, policy, options);
  if (typeof dates === 'string') return dates;
  const { date, start: current, end, today } = dates;
  const original = (policy.originalStartDate && parseDate(policy.originalStartDate, 'wire')) || current;
  if (current.getTime() <= today.getTime()) return 'validation.startDate.started';
  if (date.getTime() < today.getTime()) return 'validation.date.notPast';
  if (differenceInCalendarDays(date, current) === 0) return 'validation.startDate.unchanged';
  if (date.getTime() > end.getTime()) return 'validation.startDate.afterEndDate';
  const shift = differenceInCalendarDays(date, original);
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

/** Renewal end date: valid, today or future, after the new period's start (the day after the current end). */
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

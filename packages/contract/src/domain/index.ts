/** Domain view models and their mapping from the wire (pure: no React, no browser API). */
export { DATE_DISPLAY, formatDate, formatDateTime, formatDay, formatMoney, parseUiDate } from './format';
export { mapInvoice } from './invoice';
export type { Invoice } from './invoice';
export { displayStatus, mapPolicy, policyState, PolicyStatus, UNRECOGNIZED_STATUS } from './policy';
export type { InsuranceKind, Policy, PolicyState } from './policy';
export { coveredDays, dailyPremium, premiumForDays, premiumPerTerm, TERM_MONTHS } from './premium';
export type { PremiumInput, PremiumTerm } from './premium';
export { POLICY_CHANGES, hasCover, policyChangeReason, policyRules } from './policy-rules';
export type {
  CoverInput,
  PolicyChange,
  PolicyChangeReason,
  PolicyRules,
  PolicyRulesInput,
} from './policy-rules';

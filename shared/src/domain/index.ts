/** Domain view models and their mapping from the wire (pure: no React, no browser API). */
export { DATE_DISPLAY, formatDate, formatDateTime, formatDay, formatMoney, parseUiDate } from './format';
export { mapInvoice } from './invoice';
export type { Invoice } from './invoice';
export { displayStatus, mapPolicy, policyState, PolicyStatus, UNRECOGNIZED_STATUS } from './policy';
export type { InsuranceKind, Policy, PolicyState } from './policy';
export { POLICY_CHANGES, policyChangeReason, policyRules } from './policy-rules';
export type { PolicyChange, PolicyChangeReason, PolicyRules, PolicyRulesInput } from './policy-rules';

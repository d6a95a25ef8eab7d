// Performance budgets, in one place: the build (plugins/remote-entry-budget-plugin.cjs) and scripts/check-budgets.mjs
// both read them.

/** The most a remoteEntry.js may weigh on the wire (brotli): it is on the critical path of every page. */
const REMOTE_ENTRY_BUDGET_BYTES = 30 * 1024;

module.exports = { REMOTE_ENTRY_BUDGET_BYTES };

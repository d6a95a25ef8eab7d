// The policies feature as other features see it: the gate every change of a policy goes through, the
// address as the policy shows it, and what a change's failure or a termination needs of a policy.
export { PolicyChangeGate } from './components/policy-change-gate';
export { PostalAddress } from './components/postal-address';
export { readChangeFailure } from './api/change-failure';
export { downloadPolicyDocument } from './api/download-policy-document';
export { toPolicyEntry } from './api/get-policies';

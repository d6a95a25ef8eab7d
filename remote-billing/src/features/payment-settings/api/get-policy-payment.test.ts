/** @jest-environment jest-fixed-jsdom */
import { MalformedResponseError } from '@portal/shared/get-json';

import { parsePolicyPayment } from './get-policy-payment';

const policy = {
  policyId: 'POL-1',
  policyNumber: 'TR-1',
  insuranceType: 'TRAVEL',
  status: 'ACTIVE',
  startDate: '2026-09-01',
  editable: 'true',
  renewable: 'false',
  customerType: 'INDIVIDUAL',
  paymentTerm: 'MONTHLY',
  paymentMethod: 'DIRECT_DEBIT',
  totalAmount: 240,
};

describe('parsePolicyPayment', () => {
  it('should pick the policy asked for and keep only its payment fields', () => {
    const other = { ...policy, policyId: 'POL-2', paymentTerm: 'WEEKLY' };
    expect(parsePolicyPayment([other, policy], 'POL-1')).toEqual({
      policyId: 'POL-1',
      policyNumber: 'TR-1',
      insuranceType: 'TRAVEL',
      status: 'ACTIVE',
      startDate: '2026-09-01',
      editable: 'true',
      renewable: 'false',
      customerType: 'INDIVIDUAL',
      paymentTerm: 'MONTHLY',
      paymentMethod: 'DIRECT_DEBIT',
    });
  });

  it('should answer null for a policy the student does not have', () => {
    expect(parsePolicyPayment([policy], 'POL-9')).toBeNull();
    expect(parsePolicyPayment([], 'POL-1')).toBeNull();
  });

  it.each([
    ['a body that is not a list', { policies: [policy] }],
    ['an unknown payment term', [{ ...policy, paymentTerm: 'WEEKLY' }]],
    ['an unknown payment method', [{ ...policy, paymentMethod: 'CASH' }]],
    ['an unknown customer type', [{ ...policy, customerType: 'COMPANY' }]],
  ])('should refuse %s', (_case, body) => {
    expect(() => parsePolicyPayment(body, 'POL-1')).toThrow(MalformedResponseError);
  });
});

/** @jest-environment jest-fixed-jsdom */
import { mapPolicy } from '@portal/shared/domain';

import { rawPolicy } from '../../../test-support/policies';
import { policyChangeBlock } from './policy-change-gate';

describe('policyChangeBlock', () => {
  it('should let a student change an individual, editable policy', () => {
    expect(policyChangeBlock(mapPolicy(rawPolicy()))).toBeNull();
    expect(policyChangeBlock(mapPolicy(rawPolicy({ status: 'ACTIVE' })))).toBeNull();
  });

  it('should send the student of an institute policy to the institution (SPEC.md §6)', () => {
    expect(policyChangeBlock(mapPolicy(rawPolicy({ customerType: 'INSTITUTE' })))).toBe('institute');
    expect(policyChangeBlock(mapPolicy(rawPolicy({ editable: 'false' })))).toBe('institute');
  });

  it('should offer nothing while the policy or a change is under review (SPEC.md §4)', () => {
    expect(policyChangeBlock(mapPolicy(rawPolicy({ status: 'UNDER_REVIEW' })))).toBe('underReview');
    expect(policyChangeBlock(mapPolicy(rawPolicy({ status: 'UNDER_REVIEW_NEW' })))).toBe('underReview');
  });

  it('should say when the policy is not the student’s', () => {
    expect(policyChangeBlock(undefined)).toBe('notFound');
  });
});

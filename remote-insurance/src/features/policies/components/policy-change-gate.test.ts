/** @jest-environment jest-fixed-jsdom */
import { mapPolicy } from '@portal/contract/domain';

import { rawPolicy } from '../../../test-support/policies';
import { policyChangeBlock } from './policy-change-gate';

describe('policyChangeBlock', () => {
  it('should let a student change an individual, editable policy', () => {
    expect(policyChangeBlock(mapPolicy(rawPolicy()), 'address')).toBeNull();
    expect(policyChangeBlock(mapPolicy(rawPolicy({ status: 'ACTIVE' })), 'address')).toBeNull();
  });

  it('should let a student change an editable policy paid via the institution', () => {
    const policy = mapPolicy(rawPolicy({ customerType: 'INSTITUTE_STUDENT_PAYS', individual: 'false' }));
    expect(policyChangeBlock(policy, 'address')).toBeNull();
  });

  it('should send the student of an institute policy to the institution (docs/requirements.md §6)', () => {
    expect(policyChangeBlock(mapPolicy(rawPolicy({ customerType: 'INSTITUTE' })), 'address')).toBe(
      'institute',
    );
    expect(
      policyChangeBlock(
        mapPolicy(rawPolicy({ customerType: 'INSTITUTE_STUDENT_PAYS', editable: 'false' })),
        'address',
      ),
    ).toBe('institute');
    expect(policyChangeBlock(mapPolicy(rawPolicy({ editable: 'false' })), 'address')).toBe('notEditable');
  });

  it('should offer nothing while the policy or a change is under review (docs/requirements.md §4)', () => {
    expect(policyChangeBlock(mapPolicy(rawPolicy({ status: 'UNDER_REVIEW' })), 'address')).toBe(
      'underReview',
    );
    // A new application is not a change: it says what is true of an application.
    expect(policyChangeBlock(mapPolicy(rawPolicy({ status: 'UNDER_REVIEW_NEW' })), 'startDate')).toBe(
      'applicationUnderReview',
    );
  });

  it('should say when the policy is not the student’s', () => {
    expect(policyChangeBlock(undefined, 'address')).toBe('notFound');
  });
});

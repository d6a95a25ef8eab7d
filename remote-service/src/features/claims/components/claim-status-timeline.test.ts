/** @jest-environment jest-fixed-jsdom */
import { timelineSteps } from './claim-status-timeline';

describe('timelineSteps', () => {
  it('should show received, in review, approved and paid with the dates reached', () => {
    expect(timelineSteps([{ status: 'RECEIVED', at: '2026-11-01T10:00:00Z' }])).toEqual([
      { status: 'RECEIVED', at: '2026-11-01T10:00:00Z' },
      { status: 'IN_REVIEW', at: undefined },
      { status: 'APPROVED', at: undefined },
      { status: 'PAID', at: undefined },
    ]);
  });

  it('should end with rejected for a rejected claim', () => {
    const history = [
      { status: 'RECEIVED' as const, at: '2026-11-01T10:00:00Z' },
      { status: 'IN_REVIEW' as const, at: '2026-11-02T10:00:00Z' },
      { status: 'REJECTED' as const, at: '2026-11-05T10:00:00Z' },
    ];
    expect(timelineSteps(history)).toEqual(history);
  });
});

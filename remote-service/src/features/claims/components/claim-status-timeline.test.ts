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

  it('should show the request for documents and the review after it, then the steps ahead', () => {
    const history = [
      { status: 'RECEIVED' as const, at: '2026-11-01T10:00:00Z' },
      { status: 'IN_REVIEW' as const, at: '2026-11-02T10:00:00Z' },
      { status: 'DOCUMENTS_REQUESTED' as const, at: '2026-11-03T10:00:00Z', note: 'The bill' },
    ];
    expect(timelineSteps(history)).toEqual([
      { status: 'RECEIVED', at: '2026-11-01T10:00:00Z' },
      { status: 'IN_REVIEW', at: '2026-11-02T10:00:00Z' },
      { status: 'DOCUMENTS_REQUESTED', at: '2026-11-03T10:00:00Z' },
      { status: 'IN_REVIEW', at: undefined },
      { status: 'APPROVED', at: undefined },
      { status: 'PAID', at: undefined },
    ]);
    expect(
      timelineSteps([...history, { status: 'IN_REVIEW', at: '2026-11-04T10:00:00Z' }]).map(
        (step) => step.status,
      ),
    ).toEqual(['RECEIVED', 'IN_REVIEW', 'DOCUMENTS_REQUESTED', 'IN_REVIEW', 'APPROVED', 'PAID']);
  });
});

/**
 * @jest-environment node
 */
import { DEFAULT_FRAME_TIME_BUDGET_MS, frameTimeBudget } from './frame-auth';

describe('frameTimeBudget', () => {
  it('should take a whole number of milliseconds from FRAME_TIME_BUDGET_MS', () => {
    expect(frameTimeBudget({ FRAME_TIME_BUDGET_MS: '2000' })).toBe(2000);
    expect(frameTimeBudget({ FRAME_TIME_BUDGET_MS: ' 50 ' })).toBe(50);
  });

  it.each([undefined, '', '0', '49', '10001', '1e3', '-400', '400.5', 'fast', '4\u0000'])(
    'should keep the default for %p',
    (value) => {
      expect(frameTimeBudget({ FRAME_TIME_BUDGET_MS: value })).toBe(DEFAULT_FRAME_TIME_BUDGET_MS);
    },
  );
});

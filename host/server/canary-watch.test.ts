import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CANARY_RULES, judgeCanary, p75, ReleaseWindows, RollbackStore } from './canary-watch';
import type { ReleaseStats } from './canary-watch';

const stats = (views: number, errors: number, lcp: number[] = [], inp: number[] = []): ReleaseStats => ({
  views,
  errors,
  lcp,
  inp,
});
const rules = { ...DEFAULT_CANARY_RULES, minViews: 50, errorMargin: 0.05, slowFactor: 1.5, minSamples: 20 };
const many = (count: number, value: number) => Array.from({ length: count }, () => value);

describe('judgeCanary', () => {
  it('should not judge a canary with fewer page views than the minimum, however bad', () => {
    expect(judgeCanary(stats(500, 0), stats(49, 49), rules)).toEqual({
      rollback: false,
      reason: '49 page views on the canary; it is judged from 50.',
    });
  });

  it('should not judge a canary with no traffic at all', () => {
    expect(judgeCanary(stats(0, 0), stats(0, 0), rules).rollback).toBe(false);
  });

  it('should roll back a canary whose errors per page view pass the stable rate by more than the margin', () => {
    const verdict = judgeCanary(stats(100, 1), stats(50, 4), rules);
    expect(verdict.rollback).toBe(true);
    expect(verdict.reason).toBe(
      'Errors per page view: 8.0% on the canary against 1.0% on the stable release (margin 5.0%).',
    );
  });

  it('should keep a canary whose errors are within the margin', () => {
    expect(judgeCanary(stats(100, 1), stats(50, 3), rules).rollback).toBe(false);
  });

  it('should compare with no errors when the stable release has no traffic', () => {
    expect(judgeCanary(stats(0, 0), stats(50, 3), rules).rollback).toBe(true);
    expect(judgeCanary(stats(0, 0), stats(50, 2), rules).rollback).toBe(false);
  });

  it('should roll back a canary whose LCP or INP p75 is more than the factor slower', () => {
    const slowLcp = judgeCanary(stats(100, 0, many(20, 1000)), stats(50, 0, many(20, 1600)), rules);
    expect(slowLcp).toEqual({
      rollback: true,
      reason: 'LCP p75: 1600 ms on the canary against 1000 ms on the stable release (at most ×1.5).',
    });
    const slowInp = judgeCanary(stats(100, 0, [], many(20, 100)), stats(50, 0, [], many(20, 151)), rules);
    expect(slowInp.rollback).toBe(true);
    expect(judgeCanary(stats(100, 0, many(20, 1000)), stats(50, 0, many(20, 1500)), rules).rollback).toBe(
      false,
    );
  });

  it('should not compare vitals with fewer values than the minimum on either side', () => {
    expect(judgeCanary(stats(100, 0, many(19, 1000)), stats(50, 0, many(20, 9000)), rules).rollback).toBe(
      false,
    );
    expect(judgeCanary(stats(100, 0, many(20, 1000)), stats(50, 0, many(19, 9000)), rules).rollback).toBe(
      false,
    );
  });
});

describe('p75', () => {
  it('should take the nearest rank, and null without values', () => {
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([5])).toBe(5);
    expect(p75([])).toBeNull();
  });
});

describe('ReleaseWindows', () => {
  it('should count only the reports of the window', () => {
    let now = 0;
    const windows = new ReleaseWindows(60_000, () => now);
    const canary = { canary: 'http://c/mf-manifest.json' };
    windows.view('billing', canary);
    windows.error('billing', canary);
    now = 30_000;
    windows.view('billing', canary);
    windows.vital('billing', canary, 'lcp', 900);
    windows.view('billing', 'stable');
    expect(windows.stats('billing', canary)).toEqual({ views: 2, errors: 1, lcp: [900], inp: [] });
    now = 61_000;
    expect(windows.stats('billing', canary)).toEqual({ views: 1, errors: 0, lcp: [900], inp: [] });
    expect(windows.stats('billing', 'stable').views).toBe(1);
    // The next canary is judged on its own reports.
    expect(windows.stats('billing', { canary: 'http://next/mf-manifest.json' }).views).toBe(0);
  });
});

describe('RollbackStore', () => {
  it('should keep a rollback across a restart, for that canary only', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rollbacks-')), 'state', 'rollbacks.json');
    const store = new RollbackStore(file);
    store.add('billing', {
      canaryUrl: 'http://c/mf-manifest.json',
      at: '2026-11-26T14:00:00Z',
      reason: 'errors',
    });
    const again = new RollbackStore(file);
    expect(again.of('billing', 'http://c/mf-manifest.json')?.reason).toBe('errors');
    expect(again.of('billing', 'http://new/mf-manifest.json')).toBeUndefined();
  });

  it('should start without rollbacks from a file that is not JSON, and say so', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rollbacks-')), 'rollbacks.json');
    fs.writeFileSync(file, '{not json');
    const warn = jest.fn();
    expect(new RollbackStore(file, warn).of('billing', 'x')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot be read'));
  });
});

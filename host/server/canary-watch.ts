// The canary's safety net: what students' browsers report of each release of a remote over the last
// minutes (./rum.ts), compared between a remote's canary and its stable release. A canary that is
// clearly worse is rolled back: every new page load gets the stable release, and the rollback is kept
// on disk so that it holds across a restart, until the remotes file names another canary.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRemoteName } from '../src/app/runtime-config-shape';
import type { RemoteName } from '../src/app/runtime-config-shape';

/** How a canary is judged. */
export type CanaryRules = {
  /** Page views the canary needs before it is judged at all (HOST_CANARY_MIN_VIEWS). */
  minViews: number;
  /** How far the canary's errors per page view may be above the stable's (HOST_CANARY_ERROR_MARGIN). */
  errorMargin: number;
  /** How many times the stable's p75 the canary's LCP or INP p75 may be (HOST_CANARY_SLOW_FACTOR). */
  slowFactor: number;
  /** Values of a vital each release needs before its p75s are compared (HOST_CANARY_MIN_SAMPLES). */
  minSamples: number;
  /** The last minutes of reports that count (HOST_CANARY_WINDOW_SECONDS). */
  windowMs: number;
};

export const DEFAULT_CANARY_RULES: CanaryRules = {
  minViews: 50,
  errorMargin: 0.05,
  slowFactor: 1.5,
  minSamples: 20,
  windowMs: 5 * 60_000,
};

/** What a release of a remote did over the window: page views, errors, and its LCP and INP values (ms). */
export type ReleaseStats = { views: number; errors: number; lcp: number[]; inp: number[] };

/** The judgement of a canary. */
export type CanaryVerdict = { rollback: boolean; reason: string };

/** The 75th percentile (nearest rank) of `values`, or null when there are none. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

const rate = (stats: ReleaseStats) => (stats.views === 0 ? 0 : stats.errors / stats.views);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * Whether the canary is clearly worse than the stable release: at least `minViews` page views on the
 * canary, and more errors per page view than the stable's by over `errorMargin`, or an LCP or INP p75
 * over `slowFactor` times the stable's (each compared only with `minSamples` values on both sides).
 * A stable release without traffic counts as one without errors.
 */
export function judgeCanary(stable: ReleaseStats, canary: ReleaseStats, rules: CanaryRules): CanaryVerdict {
  if (canary.views < rules.minViews)
    return {
      rollback: false,
      reason: `${canary.views} page views on the canary; it is judged from ${rules.minViews}.`,
    };
  const [canaryRate, stableRate] = [rate(canary), rate(stable)];
  if (canaryRate > stableRate + rules.errorMargin)
    return {
      rollback: true,
      reason: `Errors per page view: ${percent(canaryRate)} on the canary against ${percent(stableRate)} on the stable release (margin ${percent(rules.errorMargin)}).`,
    };
  for (const vital of ['lcp', 'inp'] as const) {
    if (canary[vital].length < rules.minSamples || stable[vital].length < rules.minSamples) continue;
    const [slow, usual] = [p75(canary[vital]) ?? 0, p75(stable[vital]) ?? 0];
    if (slow > usual * rules.slowFactor)
      return {
        rollback: true,
        reason: `${vital.toUpperCase()} p75: ${Math.round(slow)} ms on the canary against ${Math.round(usual)} ms on the stable release (at most ×${rules.slowFactor}).`,
      };
  }
  return { rollback: false, reason: 'No worse than the stable release.' };
}

/** The window's reports of one release: timestamps of views and errors, and timed vitals. */
class ReleaseWindow {
  private views: number[] = [];
  private errors: number[] = [];
  private lcp: Array<[number, number]> = [];
  private inp: Array<[number, number]> = [];

  /** Most entries kept of each kind: a flood cannot grow the host's memory without bound. */
  static readonly CAP = 20_000;

  view(at: number) {
    push(this.views, at);
  }
  error(at: number) {
    push(this.errors, at);
  }
  vital(name: 'lcp' | 'inp', at: number, value: number) {
    push(this[name], [at, value]);
  }
  stats(since: number): ReleaseStats {
    this.views = this.views.filter((at) => at >= since);
    this.errors = this.errors.filter((at) => at >= since);
    this.lcp = this.lcp.filter(([at]) => at >= since);
    this.inp = this.inp.filter(([at]) => at >= since);
    return {
      views: this.views.length,
      errors: this.errors.length,
      lcp: this.lcp.map(([, value]) => value),
      inp: this.inp.map(([, value]) => value),
    };
  }
}

function push<T>(list: T[], item: T) {
  list.push(item);
  if (list.length > ReleaseWindow.CAP) list.splice(0, list.length - ReleaseWindow.CAP);
}

/** A canary that was rolled back: which build, when and why. */
export type Rollback = { canaryUrl: string; at: string; reason: string };

/**
 * Which build of a remote a window holds: its stable release, or a canary by its URL (each canary
 * is judged on its own reports, not on those of the canary before it).
 */
export type Build = 'stable' | { canary: string };

/** The last minutes of reports of each remote's stable release and canaries. */
export class ReleaseWindows {
  private readonly windows = new Map<string, ReleaseWindow>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private of(remote: RemoteName, build: Build) {
    const key = `${remote} ${build === 'stable' ? build : build.canary}`;
    let window = this.windows.get(key);
    if (!window) {
      window = new ReleaseWindow();
      this.windows.set(key, window);
    }
    return window;
  }

  view(remote: RemoteName, build: Build) {
    this.of(remote, build).view(this.now());
  }
  error(remote: RemoteName, build: Build) {
    this.of(remote, build).error(this.now());
  }
  vital(remote: RemoteName, build: Build, name: 'lcp' | 'inp', valueMs: number) {
    this.of(remote, build).vital(name, this.now(), valueMs);
  }
  stats(remote: RemoteName, build: Build): ReleaseStats {
    return this.of(remote, build).stats(this.now() - this.windowMs);
  }
}

/**
 * The rollbacks, kept in a JSON file. A rollback names the canary's URL: it holds while the remotes
 * file names that canary, and a new canary URL is served again.
 */
export class RollbackStore {
  private rollbacks: Partial<Record<RemoteName, Rollback>>;

  constructor(
    private readonly file: string,
    warn: (message: string) => void = console.warn,
  ) {
    this.rollbacks = RollbackStore.read(file, warn);
  }

  private static read(file: string, warn: (message: string) => void): Partial<Record<RemoteName, Rollback>> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        warn(
          `The canary rollbacks in ${file} cannot be read (${(error as Error).message}); starting without.`,
        );
      return {};
    }
    const kept: Partial<Record<RemoteName, Rollback>> = {};
    if (typeof parsed !== 'object' || parsed === null) return kept;
    for (const [remote, value] of Object.entries(parsed)) {
      const rollback = value as Partial<Rollback> | null;
      if (
        isRemoteName(remote) &&
        typeof rollback?.canaryUrl === 'string' &&
        typeof rollback.at === 'string' &&
        typeof rollback.reason === 'string'
      )
        kept[remote] = { canaryUrl: rollback.canaryUrl, at: rollback.at, reason: rollback.reason };
    }
    return kept;
  }

  /** The rollback of this canary of the remote, if it was rolled back. */
  of(remote: RemoteName, canaryUrl: string): Rollback | undefined {
    const rollback = this.rollbacks[remote];
    return rollback?.canaryUrl === canaryUrl ? rollback : undefined;
  }

  /** Records a rollback, on disk first (written whole, then renamed into place). */
  add(remote: RemoteName, rollback: Rollback) {
    this.rollbacks = { ...this.rollbacks, [remote]: rollback };
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.rollbacks, null, 2)}\n`);
    renameSync(temporary, this.file);
  }
}

// What a student on a slow phone feels, measured in a real browser under applied throttling: when the
// login form takes input, and when the policies are on screen. And how fast this machine is
// (Lighthouse's benchmarkIndex), so that a figure says on which machine it was taken and the CPU
// slowdown can be calibrated to the machine the targets were set on.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const requireFromRoot = createRequire(join(repoRoot, 'package.json'));

/**
 * The benchmarkIndex of the machine the targets were set on (two cores, measured by Lighthouse 12).
 * A figure taken elsewhere with the CPU slowed down by `4 × index / REFERENCE_BENCHMARK_INDEX`
 * estimates what that machine measures with Lighthouse's default 4× slowdown: the simulation and the
 * applied throttling both stretch each task by the multiplier, and a task's own length goes with
 * 1 / benchmarkIndex.
 */
export const REFERENCE_BENCHMARK_INDEX = 1917;

/** Lighthouse's default CPU slowdown for a mobile run. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown for this machine: `fixed` when given, else calibrated from its benchmarkIndex.
 * @param {number} benchmarkIndex @param {number | undefined} [fixed]
 */
export function cpuSlowdownFor(benchmarkIndex, fixed) {
  if (fixed !== undefined) return fixed;
  const calibrated = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(Math.max(calibrated, 1), 20) * 100) / 100;
}

/** Lighthouse's slow 4G preset, as DevTools applies it (562.5 ms RTT, 1.47 Mb/s down, 675 kb/s up). */
export async function slow4G() {
  const { throttling } = await import(requireFromRoot.resolve('lighthouse/core/config/constants.js'));
  const preset = throttling.mobileSlow4G;
  return {
    latency: preset.requestLatencyMs,
    downloadThroughput: (preset.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (preset.uploadThroughputKbps * 1024) / 8,
  };
}

/**
 * This machine's benchmarkIndex, as Lighthouse computes it in a page (its own page function), the
 * median of three.
 * @param {any} browser a Playwright browser
 */
export async function machineBenchmarkIndex(browser) {
  const { pageFunctions } = await import(requireFromRoot.resolve('lighthouse/core/lib/page-functions.js'));
  const page = await browser.newPage();
  try {
    const values = [];
    for (let run = 0; run < 3; run += 1)
      values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return values.sort((a, b) => a - b)[1];
  } finally {
    await page.close();
  }
}

/**
 * Installed before the page's own scripts: records, in `window.__portalUse`, the first moment (in ms
 * since navigation start) at which `selector` matches an element that can be used — in the document,
 * rendered, not disabled, not inside an `inert` frame — and, with `text`, that shows that text.
 * @param {{ selector: string, text?: string }} target
 */
function watchForUse({ selector, text }) {
  const usable = () =>
    [...document.querySelectorAll(selector)].some(
      (element) =>
        !element.closest('[inert]') &&
        !(/** @type {HTMLInputElement} */ (element).disabled) &&
        element.getClientRects().length > 0 &&
        (text === undefined || (element.textContent ?? '').includes(text)),
    );
  const record = /** @type {{ __portalUse?: number }} */ (/** @type {unknown} */ (window));
  const check = () => {
    if (record.__portalUse !== undefined) return;
    if (document.documentElement && usable()) record.__portalUse = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * One cold visit under applied throttling (slow 4G, CPU `cpuSlowdown`×): milliseconds from
 * navigation until the target can be used.
 * @param {any} browser a Playwright browser
 * @param {{ url: string, target: { selector: string, text?: string }, cpuSlowdown: number,
 *   storageState?: any }} visit
 */
export async function timeToUse(browser, { url, target, cpuSlowdown, storageState }) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...(await slow4G()) });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(watchForUse, target);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const handle = await page.waitForFunction(() => /** @type {any} */ (window).__portalUse, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

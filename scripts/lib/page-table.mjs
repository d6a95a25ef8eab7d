// `npm run bench`'s table of every page: for each page a student reaches from the navigation and each
// public page, cold "data visible" and "interactive" under applied throttling; every move between two
// remotes and one inside a remote; INP of three interactions; and the bytes fetched ahead of need.
// Plain Node: the browser (Playwright's, from the e2e workspace) is handed in by scripts/bench.mjs.
import { slow4G } from './use-timing.mjs';

/** Targets of the slow-phone figures, in ms (benchmark figures, not timed tests). */
export const TARGETS = { student: 2500, public: 2000, moveBetween: 1000, moveInside: 500, inp: 200 };

/** The frame the host server sends, until the app has replaced it (see host's take-over-frame.ts). */
const FRAME_SELECTOR = '#root > .prerendered';

/**
 * Installed before the page's scripts: records in `window.__portalTimes` the first moment (ms since
 * navigation start) at which the page's data is visible (`selector` matches a rendered element that
 * shows `text`, or an input holding `value`) and at which it is interactive (the same, not disabled,
 * outside any `inert`, and the prerendered frame gone). `window.__portalMark` restarts the watch for
 * a move (its times are then since the mark).
 * @param {{ frame: string }} options
 */
function watchPage({ frame }) {
  const record = /** @type {any} */ (window);
  const visibleElement = (element) => element.getClientRects().length > 0;
  // The elements that show the target: with `text`, the element that holds that text itself (not
  // the layout's `main` around it), so that a move finds the new page's, not the old page's.
  const matches = (state) => {
    const { target, old } = state;
    const roots = [...document.querySelectorAll(target.selector)];
    const found = [];
    for (const root of roots) {
      if (target.text !== undefined) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (/** @type {Text} */ (node).data.includes(target.text) && node.parentElement)
            found.push(node.parentElement);
        // The text across several nodes (an element's own parts): the element itself.
        if (found.length === 0 && (root.textContent ?? '').includes(target.text) && !old.has(root))
          found.push(root);
      } else if (target.value === undefined || String(root.value ?? '').includes(target.value))
        found.push(root);
    }
    return found.filter((element) => visibleElement(element) && !old.has(element));
  };
  const check = () => {
    const state = record.__portalWatch;
    if (!state || !document.documentElement) return requestAnimationFrame(check);
    const found = matches(state);
    const now = performance.now() - state.since;
    if (state.visible === undefined && found.length > 0) state.visible = now;
    const usable = found.some((element) => !element.closest('[inert]') && !element.disabled);
    if (state.interactive === undefined && usable && !document.querySelector(frame)) state.interactive = now;
    if (state.interactive === undefined) requestAnimationFrame(check);
  };
  // A mark starts the watch again: elements already there (the page being left) do not count.
  record.__portalMark = (target) => {
    record.__portalWatch = {
      target,
      since: performance.now(),
      old: new WeakSet(document.querySelectorAll('*')),
    };
    requestAnimationFrame(check);
  };
  // INP as the web-vitals library counts it: the longest event duration of any interaction.
  record.__portalInp = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (/** @type {any} */ (entry).interactionId)
          record.__portalInp = Math.max(record.__portalInp, entry.duration);
    }).observe(
      /** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16, buffered: true }),
    );
  } catch {
    // No event timing: INP stays 0 and the table says so.
  }
}

async function throttled(context, page, cpuSlowdown) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...(await slow4G()) });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return cdp;
}

/** Waits for the watch to report `key` ('visible' or 'interactive'), in ms. */
async function waitFor(page, key, timeout = 60_000) {
  const handle = await page.waitForFunction(
    (name) => /** @type {any} */ (window).__portalWatch?.[name],
    key,
    {
      timeout,
      polling: 100,
    },
  );
  return Number(await handle.jsonValue());
}

/**
 * Every response's bytes as they travel, in the order requested: kept on the CDP session so that a
 * move can count what was fetched before it (ahead of need) and after it.
 */
function countBytes(cdp) {
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, wallTime }) =>
    requests.set(requestId, { url: request.url, at: wallTime * 1000, bytes: 0, done: false }),
  );
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) Object.assign(entry, { bytes: encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const entry = requests.get(requestId);
    if (entry) entry.done = true;
  });
  return requests;
}

/** One cold visit: data visible and interactive, in ms since navigation start. */
async function coldVisit(browser, { url, target, storageState, locale }, cpuSlowdown) {
  const context = await browser.newContext({ storageState });
  try {
    if (locale) await context.addCookies([{ name: 'portal-locale', value: locale, url }]);
    const page = await context.newPage();
    await throttled(context, page, cpuSlowdown);
    await page.addInitScript(watchPage, { frame: FRAME_SELECTOR });
    await page.addInitScript((wanted) => /** @type {any} */ (window).__portalMark(wanted), target);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const interactive = await waitFor(page, 'interactive');
    return { visible: await waitFor(page, 'visible'), interactive };
  } finally {
    await context.close();
  }
}

/** Waits until the network has been quiet for `quietMs` (the page idle), at most `maxMs`. */
async function networkIdle(requests, quietMs, maxMs = 20_000) {
  const started = Date.now();
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() - started < maxMs) {
    const open = [...requests.values()].filter((entry) => !entry.done).length;
    const count = requests.size;
    if (count !== last || open > 0) {
      last = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A move: a cold visit of `from`, idle, then `act` (a click); ms from the click until the next page's
 * data is visible and interactive, and the bytes fetched between the first page's being interactive
 * and the click (fetched ahead of need).
 */
async function move(browser, { from, fromTarget, act, target, storageState }, cpuSlowdown) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const cdp = await throttled(context, page, cpuSlowdown);
    const requests = countBytes(cdp);
    await page.addInitScript(watchPage, { frame: FRAME_SELECTOR });
    await page.addInitScript((wanted) => /** @type {any} */ (window).__portalMark(wanted), fromTarget);
    await page.goto(from, { waitUntil: 'commit', timeout: 60_000 });
    await waitFor(page, 'interactive');
    // Idle: what the page fetches once it is idle (preloads of other remotes) has time to arrive.
    await page
      .waitForFunction(() => performance.getEntriesByName('portal-fetch-ahead').length > 0, undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    await networkIdle(requests, 1_500);
    // Fetched ahead of need: what the host started from its mark on (fetch-ahead.ts).
    const aheadFrom = await page.evaluate(() => {
      const mark = performance.getEntriesByName('portal-fetch-ahead')[0];
      return mark ? performance.timeOrigin + mark.startTime : Number.POSITIVE_INFINITY;
    });
    const ahead = [...requests.values()]
      .filter((entry) => entry.at >= aheadFrom)
      .reduce((sum, entry) => sum + entry.bytes, 0);
    await page.evaluate((wanted) => /** @type {any} */ (window).__portalMark(wanted), target);
    await act(page);
    const interactive = await waitFor(page, 'interactive');
    return { visible: await waitFor(page, 'visible'), interactive, ahead };
  } finally {
    await context.close();
  }
}

/** INP of one interaction on a page that is interactive, throttled: `act`, then the largest event duration. */
/** @param {any} browser @param {{ url: string, target: any, act: (page: any) => Promise<unknown>, storageState?: any }} row @param {number} cpuSlowdown */
async function inp(browser, { url, target, act, storageState }, cpuSlowdown) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    await throttled(context, page, cpuSlowdown);
    await page.addInitScript(watchPage, { frame: FRAME_SELECTOR });
    await page.addInitScript((wanted) => /** @type {any} */ (window).__portalMark(wanted), target);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await waitFor(page, 'interactive');
    await page.waitForTimeout(1_500);
    await page.evaluate(() => {
      /** @type {any} */ (window).__portalInp = 0;
    });
    await act(page);
    await page.waitForTimeout(1_500);
    return { inp: Number(await page.evaluate(() => /** @type {any} */ (window).__portalInp)) };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

/** The data a target waits for: read through the api with the student's session. */
async function studentData(browser, host, storageState) {
  const context = await browser.newContext({ storageState });
  try {
    const read = async (path) => (await context.request.get(`${host}/${path}`)).json();
    const session = await read('api/checksession');
    const profileId = encodeURIComponent(session.profileId);
    const safe = async (path) => {
      try {
        return await read(path);
      } catch {
        return undefined;
      }
    };
    return {
      session,
      profile: await safe(`api/en/profiles/${profileId}`),
      policies: (await safe(`api/en/profiles/${profileId}/policies`)) ?? [],
      invoices: (await safe(`api/en/profiles/${profileId}/invoices`)) ?? [],
      claims: (await safe(`api/en/profiles/${profileId}/claims`)) ?? [],
    };
  } finally {
    await context.close();
  }
}

const policyNumber = (policy) => String(policy?.policyNumber ?? policy?.applicationNumber ?? '');
const listOf = (value) =>
  Array.isArray(value)
    ? value
    : Array.isArray(value?.items)
      ? value.items
      : (Object.values(value ?? {}).find(Array.isArray) ?? []);

/** The pages of the table, with what each waits for. */
function pagesOf(host, anna, chen, annaData, chenData) {
  const firstInvoice = listOf(annaData.invoices)[0];
  const firstClaim = listOf(chenData.claims)[0];
  const firstPolicy = policyNumber(listOf(annaData.policies)[0]);
  const field = { selector: 'main input, main select, main textarea' };
  return [
    { name: '/en/login', kind: 'public', url: '/en/login', target: { selector: 'input[type="email"]' } },
    {
      name: `/en/insurances (anna, ${firstPolicy})`,
      kind: 'student',
      url: '/en/insurances',
      state: anna,
      target: { selector: 'main', text: firstPolicy },
    },
    {
      name: '/nl/insurances (anna, Dutch)',
      kind: 'student',
      url: '/en/insurances',
      locale: 'nl',
      state: anna,
      target: { selector: 'main', text: firstPolicy },
    },
    {
      name: '/en/invoices (anna)',
      kind: 'student',
      url: '/en/invoices',
      state: anna,
      target: { selector: 'main', text: String(firstInvoice?.invoiceNumber ?? firstInvoice?.number ?? '') },
    },
    {
      name: '/en/profile (anna)',
      kind: 'student',
      url: '/en/profile',
      state: anna,
      target: {
        selector: 'main input',
        value: String(annaData.profile?.email ?? annaData.session?.email ?? '@'),
      },
    },
    {
      name: '/en/claims (chen)',
      kind: 'student',
      url: '/en/claims',
      state: chen,
      target: { selector: 'main', text: String(firstClaim?.claimNumber ?? '') },
    },
    {
      name: '/en/service-contact/file-a-claim (chen)',
      kind: 'student',
      url: '/en/service-contact/file-a-claim',
      state: chen,
      target: { selector: 'main select, main input[type="radio"]' },
    },
    {
      name: '/en/service-contact',
      kind: 'public',
      url: '/en/service-contact',
      target: { selector: 'main a[href$="/service-contact/emergency"]' },
    },
    {
      name: '/en/service-contact/faq',
      kind: 'public',
      url: '/en/service-contact/faq',
      // The FAQ lists its subjects; each subject's page lists its questions.
      target: { selector: 'main a', text: 'Cover abroad' },
    },
    {
      name: '/en/service-contact/faq/coverage-abroad/which-countries',
      kind: 'public',
      url: '/en/service-contact/faq/coverage-abroad/which-countries',
      target: { selector: 'main', text: 'You are covered worldwide' },
    },
    {
      name: '/en/service-contact/contact',
      kind: 'public',
      url: '/en/service-contact/contact',
      target: field,
    },
    {
      name: '/en/service-contact/emergency',
      kind: 'public',
      url: '/en/service-contact/emergency',
      target: { selector: 'main a[href^="tel:"]', text: '+31 20 000 0000' },
    },
    { name: '/en/request', kind: 'public', url: '/en/request', target: field },
  ].map((page) => ({ ...page, url: `${host}${page.url}` }));
}

/** A click on a link of the main navigation. */
const navClick = (name) => (page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).click();

/**
 * Prints and returns the table: every page cold, every move between the four remotes of the
 * navigation, one move inside a remote, INP of three interactions.
 * @param {{ browser: any, host: string, anna: any, chen: any, runs: number, cpuSlowdown: number,
 *   benchmarkIndex: number, only?: string[] | undefined, log?: (line: string) => void }} options
 */
export async function pageTable({
  browser,
  host,
  anna,
  chen,
  runs,
  cpuSlowdown,
  benchmarkIndex,
  only = [],
  log = console.log,
}) {
  // `only`: the rows whose name contains one of these (all rows when empty).
  const wanted = (name) => only.length === 0 || only.some((part) => name.includes(part));
  const annaData = await studentData(browser, host, anna);
  const chenData = await studentData(browser, host, chen);
  const pages = pagesOf(host, anna, chen, annaData, chenData);
  const rows = [];
  const attempt = async (label, run) => {
    const results = [];
    for (let index = 0; index < runs; index += 1) {
      try {
        results.push(await run());
      } catch (error) {
        log(`  ${label}, run ${index + 1}: no figure (${String(error.message).split('\n')[0]})`);
      }
    }
    return results;
  };

  for (const page of pages) {
    if (!wanted(page.name)) continue;
    const results = await attempt(page.name, () =>
      coldVisit(
        browser,
        { url: page.url, target: page.target, storageState: page.state, locale: page.locale },
        cpuSlowdown,
      ),
    );
    const target = page.kind === 'student' ? TARGETS.student : TARGETS.public;
    rows.push({
      what: page.name,
      visible: median(results.map((result) => result.visible)),
      interactive: median(results.map((result) => result.interactive)),
      target,
    });
    log(`  ${page.name}: ${results.map((result) => Math.round(result.interactive)).join(', ')} ms`);
  }

  const firstPolicy = policyNumber(listOf(annaData.policies)[0]);
  const firstInvoice = listOf(annaData.invoices)[0];
  const navigation = [
    { label: 'My Insurance', url: '/en/insurances', target: { selector: 'main', text: firstPolicy } },
    {
      label: 'Invoices',
      url: '/en/invoices',
      target: { selector: 'main', text: String(firstInvoice?.invoiceNumber ?? firstInvoice?.number ?? '') },
    },
    {
      label: 'Profile',
      url: '/en/profile',
      target: {
        selector: 'main input',
        value: String(annaData.profile?.email ?? annaData.session?.email ?? '@'),
      },
    },
    {
      label: 'Claims',
      url: '/en/claims',
      target: {
        selector: 'main',
        text: String(listOf(annaData.claims)[0]?.claimNumber ?? 'You have not filed any claims yet.'),
      },
    },
  ];
  let ahead = [];
  for (const from of navigation)
    for (const to of navigation) {
      const label = `${from.label} → ${to.label}`;
      if (from === to || !wanted(label)) continue;
      const results = await attempt(label, () =>
        move(
          browser,
          {
            from: `${host}${from.url}`,
            fromTarget: from.target,
            act: navClick(to.label),
            target: to.target,
            storageState: anna,
          },
          cpuSlowdown,
        ),
      );
      ahead = ahead.concat(results.map((result) => result.ahead));
      rows.push({
        what: label,
        visible: median(results.map((result) => result.visible)),
        interactive: median(results.map((result) => result.interactive)),
        target: TARGETS.moveBetween,
      });
      log(`  ${label}: ${results.map((result) => Math.round(result.interactive)).join(', ')} ms`);
    }

  const insideLabel = 'My Insurance → a policy’s renewal';
  const inside = !wanted(insideLabel)
    ? []
    : await attempt(insideLabel, () =>
        move(
          browser,
          {
            from: `${host}/en/insurances`,
            fromTarget: navigation[0].target,
            act: (page) => page.locator('main a[href$="/renew"]').first().click(),
            target: { selector: 'main form button[type="submit"]' },
            storageState: anna,
          },
          cpuSlowdown,
        ),
      );
  if (wanted(insideLabel))
    rows.push({
      what: insideLabel,
      visible: median(inside.map((result) => result.visible)),
      interactive: median(inside.map((result) => result.interactive)),
      target: TARGETS.moveInside,
    });

  const interactions = [
    {
      what: 'INP: opening a policy’s details',
      url: `${host}/en/insurances`,
      target: navigation[0].target,
      storageState: anna,
      act: (page) => page.getByRole('button', { name: 'Show details' }).first().click(),
    },
    {
      what: 'INP: the EN/NL switch',
      url: `${host}/en/login`,
      target: { selector: 'input[type="email"]' },
      act: (page) =>
        page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click(),
    },
    {
      what: 'INP: a form’s first validation message (login, sent empty)',
      url: `${host}/en/login`,
      target: { selector: 'input[type="email"]' },
      act: (page) => page.getByRole('button', { name: 'Log in', exact: true }).click(),
    },
  ];
  const inps = [];
  for (const interaction of interactions) {
    if (!wanted(interaction.what)) continue;
    const results = await attempt(interaction.what, () => inp(browser, interaction, cpuSlowdown));
    inps.push({
      what: interaction.what,
      inp: median(results.map((result) => result.inp)),
      target: TARGETS.inp,
    });
  }

  const aheadBytes = median(ahead);
  printTable({ rows, inps, aheadBytes, runs, cpuSlowdown, benchmarkIndex, log });
  return { rows, inps, aheadBytes };
}

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');

/** One table: every row with its target, a row that misses it marked. */
export function printTable({ rows, inps, aheadBytes, runs, cpuSlowdown, benchmarkIndex, log = console.log }) {
  const width = Math.max(40, ...rows.map((row) => row.what.length), ...inps.map((row) => row.what.length));
  log('');
  log(
    `Every page and move: applied throttling (slow 4G 562.5 ms RTT, 1.47 Mb/s down, 675 kb/s up), CPU ${cpuSlowdown}x ` +
      `(benchmarkIndex ${benchmarkIndex}), cold cache, median of ${runs}`,
  );
  log(
    `  ${'page or move'.padEnd(width)}  ${'data visible'.padStart(12)}  ${'interactive'.padStart(11)}  target`,
  );
  for (const row of rows) {
    const missed = !(row.interactive <= row.target);
    log(
      `  ${row.what.padEnd(width)}  ${seconds(row.visible).padStart(12)}  ${seconds(row.interactive).padStart(11)}  ≤ ${seconds(row.target)}${missed ? '  MISSED' : ''}`,
    );
  }
  for (const row of inps) {
    const missed = !(row.inp <= row.target);
    log(
      `  ${row.what.padEnd(width)}  ${(Number.isFinite(row.inp) ? `${Math.round(row.inp)} ms` : '—').padStart(26)}  ≤ ${row.target} ms${missed ? '  MISSED' : ''}`,
    );
  }
  log(
    `  ${'fetched ahead of need (median per first page, once idle)'.padEnd(width)}  ${(Number.isFinite(aheadBytes) ? `${(aheadBytes / 1024).toFixed(1)} KB` : '—').padStart(26)}`,
  );
}

import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { appStarted, currentSession, invoicesOf, logIn, mainNavigation } from '../support/portal';
import { USERS } from '../support/origins';

/** Federation files that cost a round trip each before a remote's page can load. */
const REMOTE_START_FILE = /\/(mf-manifest\.json|remoteEntry\.js)(\?|$)/;

/** Every request the page makes, as Chromium's network log has them (CDP), with when each started and ended. */
async function networkLog(page: Page) {
  const requests = new Map<string, { url: string; sent: number; finished?: number }>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) =>
    requests.set(requestId, { url: request.url, sent: timestamp }),
  );
  cdp.on('Network.loadingFinished', ({ requestId, timestamp }) => {
    const entry = requests.get(requestId);
    if (entry) entry.finished = timestamp;
  });
  return {
    all: () => [...requests.values()],
    since: (count: number) => [...requests.values()].slice(count),
    count: () => requests.size,
  };
}

type NetworkLog = Awaited<ReturnType<typeof networkLog>>;

/** Resolves once the page has loaded and the browser has had an idle moment after it, and a second more. */
async function idleAfterLoad(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        window.requestIdleCallback(() => setTimeout(resolve, 1_000), { timeout: 2_000 }),
      ),
  );
  await page.waitForLoadState('networkidle');
}

/** A fresh browser (an empty cache) without a service worker; the tag manager's script answered empty, as the fixtures do. */
async function freshContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  return context;
}

/** The logged-in student of `page` in a fresh browser, on `path` with the app started, and its network log. */
async function studentInFreshBrowser(page: Page, browser: Browser, path: string) {
  const context = await freshContext(browser, { storageState: await page.context().storageState() });
  const student = await context.newPage();
  const log = await networkLog(student);
  await student.goto(path);
  await appStarted(student);
  return { context, student, log };
}

test.describe('the other remotes and the next page’s data are fetched ahead', () => {
  // What is fetched is what the network log shows: no service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('after My Insurance is idle, a move to Invoices fetches no manifest, entry or page code, only her invoices', async ({
    page,
    browser,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const invoices = await invoicesOf(page.request, profileId);
    const first = invoices[0]?.invoiceNumber ?? '';
    const invoicesChunk = (log: NetworkLog) =>
      log.all().filter((entry) => /\/page-invoices[.-][^/]*\.js$/.test(new URL(entry.url).pathname));
    const readsIn = (move: ReturnType<NetworkLog['all']>) =>
      move.filter((entry) => new URL(entry.url).pathname.endsWith(`/${profileId}/invoices`));

    // A fresh browser (an empty cache) opens My Insurance and waits until it is idle.
    const { context, student, log } = await studentInFreshBrowser(page, browser, '/en/insurances');
    try {
      await expect
        .poll(() => student.evaluate(() => performance.getEntriesByName('portal-fetch-ahead').length))
        .toBe(1);
      await idleAfterLoad(student);
      // Every remote's manifest and entry were fetched ahead: the three others beside insurance.
      const manifests = new Set(
        log
          .all()
          .filter((entry) => entry.url.endsWith('/mf-manifest.json'))
          .map((entry) => new URL(entry.url).origin),
      );
      expect(manifests.size).toBe(4);
      // And the code of the pages the navigation links to, its links being in view.
      await expect.poll(() => invoicesChunk(log).filter((entry) => entry.finished).length).toBe(1);

      const before = log.count();
      await mainNavigation(student).getByRole('link', { name: 'Invoices', exact: true }).click();
      await expect(student).toHaveURL(/\/en\/invoices$/);
      await expect(student.getByRole('main').getByText(first).first()).toBeVisible();

      const move = log.since(before);
      expect(move.filter((entry) => REMOTE_START_FILE.test(entry.url)).map((entry) => entry.url)).toEqual([]);
      // One request for her invoices: the page took the answer that the navigation had started.
      expect(readsIn(move), move.map((entry) => entry.url).join(', ')).toHaveLength(1);
      // The click fetched the page's code no second time.
      expect(invoicesChunk(log)).toHaveLength(1);
    } finally {
      await context.close();
    }

    // With Save-Data nothing is fetched ahead, so the move fetches the remote and the page's code: her
    // invoices start with the navigation, before that code has arrived, and once.
    const saving = await freshContext(browser, {
      storageState: await page.context().storageState(),
      extraHTTPHeaders: { 'Save-Data': 'on' },
    });
    try {
      const student = await saving.newPage();
      const log = await networkLog(student);
      await student.goto('/en/insurances');
      await appStarted(student);
      await idleAfterLoad(student);
      expect(invoicesChunk(log)).toHaveLength(0);

      const before = log.count();
      await mainNavigation(student).getByRole('link', { name: 'Invoices', exact: true }).click();
      await expect(student.getByRole('main').getByText(first).first()).toBeVisible();
      const move = log.since(before);
      const reads = readsIn(move);
      expect(reads, move.map((entry) => entry.url).join(', ')).toHaveLength(1);
      const chunk = invoicesChunk(log)[0];
      expect(
        chunk?.finished,
        `the invoices page's chunk among ${move.map((entry) => entry.url).join(', ')}`,
      ).toBeDefined();
      expect(reads[0]!.sent).toBeLessThan(chunk!.finished!);
    } finally {
      await saving.close();
    }
  });

  test('a link the mouse rests on, or a finger touches, fetches its page’s code before the click', async ({
    page,
    browser,
  }) => {
    await logIn(page, USERS.chen);
    const { context, student, log } = await studentInFreshBrowser(page, browser, '/en/insurances');
    try {
      await idleAfterLoad(student);
      // The footer's link is not fetched ahead as the navigation's are.
      const accessibilityChunk = () =>
        log.all().filter((entry) => /\/page-accessibility[.-][^/]*\.js$/.test(new URL(entry.url).pathname));
      expect(accessibilityChunk()).toHaveLength(0);

      const statement = student
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Accessibility statement' });
      await statement.hover();
      await expect.poll(() => accessibilityChunk().filter((entry) => entry.finished).length).toBe(1);
      await statement.click();
      await expect(student).toHaveURL(/\/en\/accessibility$/);
      await expect(student.getByRole('heading', { level: 1 })).toBeVisible();
      // The click fetched the page's code no second time.
      expect(accessibilityChunk()).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  test('after My Insurance is idle, a policy’s renewal has its code already, and takes the policies My Insurance showed: no round trip', async ({
    page,
    browser,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const { context, student, log } = await studentInFreshBrowser(page, browser, '/en/insurances');
    try {
      await idleAfterLoad(student);
      // The pages beneath My Insurance were fetched once it was idle: the renewal's chunk is there.
      const renewChunk = () =>
        log.all().filter((entry) => /\/page-renew[.-][^/]*\.js$/.test(new URL(entry.url).pathname));
      await expect.poll(() => renewChunk().filter((entry) => entry.finished).length).toBe(1);

      const before = log.count();
      await student.getByRole('main').getByRole('link', { name: 'Renew', exact: true }).first().click();
      await expect(student).toHaveURL(/\/en\/insurances\/[^/]+\/renew$/);
      await expect(student.getByRole('main').getByLabel('New end date')).toBeVisible();

      const move = log.since(before);
      // No request for her policies: the page took those My Insurance had just shown.
      const reads = move.filter((entry) => new URL(entry.url).pathname.endsWith(`/${profileId}/policies`));
      expect(reads, move.map((entry) => entry.url).join(', ')).toEqual([]);
      // The click fetched the page's code no second time.
      expect(renewChunk()).toHaveLength(1);

      // Back on My Insurance, a page of its own, her policies are read afresh.
      await mainNavigation(student).getByRole('link', { name: 'My Insurance', exact: true }).click();
      await expect(student.getByRole('main').getByRole('article').first()).toBeVisible();
      await expect
        .poll(
          () =>
            log
              .since(before)
              .filter((entry) => new URL(entry.url).pathname.endsWith(`/${profileId}/policies`)).length,
        )
        .toBe(1);
    } finally {
      await context.close();
    }

    // With Save-Data the code is not fetched ahead, so the click fetches it; her policies still come
    // from My Insurance, which saves a request too.
    const saving = await freshContext(browser, {
      storageState: await page.context().storageState(),
      extraHTTPHeaders: { 'Save-Data': 'on' },
    });
    try {
      const student = await saving.newPage();
      const log = await networkLog(student);
      await student.goto('/en/insurances');
      await appStarted(student);
      await idleAfterLoad(student);
      const renewChunk = () =>
        log.all().filter((entry) => /\/page-renew[.-][^/]*\.js$/.test(new URL(entry.url).pathname));
      expect(renewChunk()).toHaveLength(0);

      const before = log.count();
      await student.getByRole('main').getByRole('link', { name: 'Renew', exact: true }).first().click();
      await expect(student.getByRole('main').getByLabel('New end date')).toBeVisible();
      const move = log.since(before);
      const reads = move.filter((entry) => new URL(entry.url).pathname.endsWith(`/${profileId}/policies`));
      expect(reads, move.map((entry) => entry.url).join(', ')).toEqual([]);
      expect(renewChunk(), 'the renewal page’s chunk, fetched on the click').toHaveLength(1);
    } finally {
      await saving.close();
    }
  });

  test('with Save-Data nothing is fetched ahead, whether the request says it or the browser does', async ({
    browser,
  }) => {
    for (const asks of ['Save-Data: on', 'navigator.connection.saveData'] as const) {
      const context = await freshContext(
        browser,
        asks === 'Save-Data: on' ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {},
      );
      try {
        if (asks === 'navigator.connection.saveData')
          await context.addInitScript(() => {
            // The browser's data saver as the page reads it, on its own here (no header).
            const connection = (navigator as Navigator & { connection?: object }).connection;
            if (connection)
              Object.defineProperty(connection, 'saveData', { configurable: true, get: () => true });
          });
        const page = await context.newPage();
        const log = await networkLog(page);
        await page.goto('/en/login');
        await appStarted(page);
        await idleAfterLoad(page);
        // Only the login page's own remote was asked for its manifest and entry.
        const origins = new Set(
          log
            .all()
            .filter((entry) => REMOTE_START_FILE.test(entry.url))
            .map((entry) => new URL(entry.url).origin),
        );
        expect(origins.size, asks).toBe(1);
        // A link the mouse rests on fetches nothing either. Nothing happening has no event to wait
        // for: the wait is several times the hover delay (65 ms) after which the fetch would start.
        await mainNavigation(page).getByRole('link', { name: 'Service & Contact', exact: true }).hover();
        await page.waitForTimeout(500);
        expect(
          log.all().filter((entry) => /\/page-service-contact[.-]/.test(entry.url)),
          asks,
        ).toEqual([]);
        expect(
          await page.evaluate(() => performance.getEntriesByName('portal-fetch-ahead').length),
          asks,
        ).toBe(0);
      } finally {
        await context.close();
      }
    }
  });
});

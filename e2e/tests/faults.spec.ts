import type { Browser, Page, Request, Route } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import {
  logoutEntry,
  mainNavigation,
  navigateInApp,
  shownDate,
  startLoggedIn,
  submitLogin,
} from '../support/portal';
import { ORIGINS, PORTS, USERS } from '../support/origins';

// What a student meets on a bad day, each fault made on the network (request interception, the
// browser's offline switch, a session ended on the server): the portal's own code runs unchanged.

const FALLBACK = 'This part of the portal is temporarily unavailable.';
const SERVICE_UNAVAILABLE =
  'Service unavailable: We are unable to process your request at the moment, please try again later.';
const INCIDENT_ID = '6f1c2a9e-4b7d-4e21-9a53-0c8d2f7e1b44';

/** The host proxy's answer when the backend cannot be reached (host/server/host-server.ts). */
const backendUnavailable = (status: 502 | 503 | 504) => ({
  status,
  contentType: 'application/json',
  headers: { 'Cache-Control': 'no-store' },
  body: JSON.stringify({
    code: 'BACKEND_UNAVAILABLE',
    message: 'Service unavailable: the backend cannot be reached.',
  }),
});

const isApiCall = (url: URL) => url.pathname.startsWith('/api/');
const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;

const CONTACT = '/api/portal/contactexpats';

async function openContactForm(page: Page): Promise<void> {
  await page.goto('/en/service-contact/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
}

const CONTACT_FIELDS = {
  Name: 'Sam Jansen',
  'E-mail address': 'sam.jansen@example.com',
  Subject: 'Cover while on exchange',
  'Your question': 'Am I covered during my exchange semester in Lisbon?',
} as const;

async function fillInContactForm(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByLabel('Category').selectOption('COVERAGE');
  for (const [label, value] of Object.entries(CONTACT_FIELDS)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

async function expectContactFormKept(page: Page): Promise<void> {
  await expect(page.getByRole('radio', { name: 'No', exact: true })).toBeChecked();
  await expect(page.getByLabel('Category')).toHaveValue('COVERAGE');
  for (const [label, value] of Object.entries(CONTACT_FIELDS)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
}

/** A day relative to today as the forms take it (dd/mm/yyyy). */
function formDate(offset: number, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/**
 * Ends the page's session on the server, as its 30 idle minutes would: a second client with the
 * page's cookies logs out, while the page keeps its cookies and still thinks it is logged in.
 */
async function expireSessionOnServer(page: Page, browser: Browser): Promise<void> {
  const other = await browser.newContext({
    storageState: { cookies: await page.context().cookies(), origins: [] },
  });
  const xsrf = (await other.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await other.request.get(`${ORIGINS.host}/api/logout`, {
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(response.ok(), 'logout of the second client').toBe(true);
  await other.close();
}

test.describe('fault journeys', () => {
  test('a 500 in the middle of the contact form: the incident number, customer service, and sending again works', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 500 .*contactexpats/);
    await openContactForm(page);
    await fillInContactForm(page);

    let fail = true;
    await page.route(`**${CONTACT}`, async (route) => {
      if (!fail) return route.fallback();
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'INTERNAL_ERROR',
          message: 'Unexpected error.',
          incidentId: INCIDENT_ID,
        }),
      });
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`error code ${INCIDENT_ID}`);
    await expect(alert.getByText(`Incident number: ${INCIDENT_ID}`)).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/en/service-contact/contact',
    );
    // Everything typed is still there.
    await expectContactFormKept(page);

    fail = false;
    const sent = page.waitForResponse((response) => isPost(CONTACT)(response.request()));
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await sent).status()).toBe(204);
    await expect(page.getByText('Thank you, your question has been sent.', { exact: false })).toBeVisible();
  });

  test('a slow api: the send shows that it is under way, and pressing again sends nothing more', async ({
    page,
  }) => {
    await openContactForm(page);
    await fillInContactForm(page);
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (isPost(CONTACT)(request)) posts.push(request);
    });
    await page.route(`**${CONTACT}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.fallback();
    });

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const pending = page.getByRole('button', { name: 'Sending…' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    await expect(pending).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('form[aria-busy="true"]')).toHaveCount(1);

    // Pressed again, and Enter in a field: still one request.
    await pending.click({ force: true });
    await page.getByLabel('Subject', { exact: true }).press('Enter');
    await expect(page.getByText('Thank you, your question has been sent.', { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    expect(posts).toHaveLength(1);
  });

  test('a session that ends while anna types her claim: log in again, back to the form, the draft is there', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 /);
    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/service-contact/file-a-claim');
    await expect(page.getByLabel('Policy')).toBeVisible();
    await page.getByLabel('Policy').selectOption({ label: 'TR-2026-100101 – Travel insurance' });
    await page.getByLabel('Claim category').selectOption({ label: 'Medical or other costs' });
    await page.getByLabel('Incident date').fill(formDate(-2));
    await page.getByLabel('Description').fill('Pharmacy after a sprained ankle');
    await page.getByLabel('Amount claimed (EUR)').fill('42,10');

    await expireSessionOnServer(page, browser);
    // The last field, and at once Send: the draft must not depend on the typing pause.
    await page.getByLabel('IBAN for the payout').fill('NL91 ABNA 0417 1643 00');
    const refused = page.waitForResponse((response) => isPost('/api/en/claims')(response.request()));
    await page.getByRole('button', { name: 'Send claim' }).click();
    expect((await refused).status()).toBe(401);

    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fservice-contact%2Ffile-a-claim$/);
    await submitLogin(page, USERS.anna);
    await expect(page).toHaveURL(/\/en\/service-contact\/file-a-claim$/);
    await expect(page.getByRole('heading', { name: /Continue your draft/ })).toBeVisible();
    await page.getByRole('button', { name: 'Continue draft' }).click();
    await expect(page.getByLabel('Description')).toHaveValue('Pharmacy after a sprained ankle');
    await expect(page.getByLabel('Amount claimed (EUR)')).toHaveValue('42,10');
    await expect(page.getByLabel('IBAN for the payout')).toHaveValue('NL91 ABNA 0417 1643 00');
    await expect(page.getByLabel('Policy')).toHaveValue('TR-2026-100101');
  });

  test('a session that ends during a renewal: log in again, back at the summary with everything answered', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 /);
    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/insurances/POL-1001-T/renew');
    await expect(page.getByRole('heading', { name: 'Insure an additional period' })).toBeVisible();
    const travelEnd = await page.evaluate(async () => {
      const session = (await (await fetch('/api/checksession')).json()) as { profileId: string };
      const policies = (await (await fetch(`/api/en/profiles/${session.profileId}/policies`)).json()) as {
        policyId: string;
        endDate: string;
      }[];
      return policies.find((policy) => policy.policyId === 'POL-1001-T')?.endDate ?? '';
    });
    const [year, month, day] = travelEnd.split('-').map(Number);
    const newEnd = formDate(0, new Date((year ?? 0) + 1, (month ?? 1) - 1, day ?? 1));
    await page.getByLabel('New end date').fill(newEnd);
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('BIC').fill('ABNANL2A');
    await page.getByLabel('Account holder').fill('A. de Vries');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Acceptance questions' })).toBeFocused();
    for (const group of await page.getByRole('group').all()) {
      const no = group.getByRole('radio', { name: 'No', exact: true });
      if ((await no.count()) === 1) await no.check();
    }
    await page.getByRole('checkbox', { name: /pre-existing conditions are not covered/ }).check();
    // The summary asks for the premium once more (after its typing pause): the session ends after that.
    const premium = page.waitForResponse((response) =>
      isPost('/api/en/policies/POL-1001-T/calculate')(response.request()),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeFocused();
    expect((await premium).ok()).toBe(true);

    await expireSessionOnServer(page, browser);
    await page.getByRole('button', { name: 'Submit application' }).click();
    // The step is part of the address: the login brings the student back to it.
    await expect(page).toHaveURL(
      /\/en\/login\?redirect=%2Finsurances%2FPOL-1001-T%2Frenew%3Fstep%3Dsummary$/,
    );
    await submitLogin(page, USERS.anna);
    await expect(page).toHaveURL(/\/en\/insurances\/POL-1001-T\/renew\?step=summary$/);
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    await expect(page.getByText(new RegExp(` to ${shownDate(newEnd)}$`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  });

  test('the backend unreachable: "Service unavailable", a retry, no logout and no blank page', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 50[234] /);
    await startLoggedIn(page, USERS.anna);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    let status: 502 | 503 | 504 | null = 502;
    await page.route(isApiCall, (route: Route) =>
      status === null ? route.fallback() : route.fulfill(backendUnavailable(status)),
    );
    // A page opened while the backend is away (its data is preloaded by the browser, not sent with
    // the page): the session check cannot answer either.
    await page.goto('/en/invoices');
    await expect(page).toHaveURL(/\/en\/invoices$/);
    await expect(page.getByText(SERVICE_UNAVAILABLE)).toBeVisible();
    const failed = page.getByRole('alert').filter({ hasText: 'Your invoices could not be loaded.' });
    await expect(failed).toBeVisible();
    await expect(logoutEntry(page)).toBeVisible();
    await expect(mainNavigation(page)).toBeVisible();

    status = 504;
    await navigateInApp(page, '/insurances');
    await expect(page.getByText(SERVICE_UNAVAILABLE)).toBeVisible();
    const policiesFailed = page
      .getByRole('alert')
      .filter({ hasText: 'Your policies could not be loaded. Please try again later.' });
    await expect(policiesFailed).toBeVisible();
    await expect(logoutEntry(page)).toBeVisible();

    // The backend is back: the retry loads the page, and the alert goes.
    status = null;
    await policiesFailed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByText(SERVICE_UNAVAILABLE)).toHaveCount(0);
    await expect(logoutEntry(page)).toBeVisible();
  });

  const REMOTE_PAGES = {
    account: {
      path: '/profile',
      ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Profile', exact: true }),
    },
    insurance: {
      path: '/insurances',
      ready: (page: Page) => page.getByRole('main').getByRole('article').first(),
    },
    billing: {
      path: '/invoices',
      ready: (page: Page) => page.getByRole('main').getByRole('table', { name: 'Open' }),
    },
    service: {
      path: '/service-contact/emergency',
      ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Emergency abroad' }),
    },
  } as const;
  type RemoteName = keyof typeof REMOTE_PAGES;
  const REMOTES = Object.keys(REMOTE_PAGES) as RemoteName[];

  for (const down of REMOTES) {
    test(`the ${down} remote down: its page falls back with a retry, the other three keep working`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(
        /ERR_CONNECTION_REFUSED/,
        /RemoteUnavailableError/,
        /RUNTIME-/,
        new RegExp(`The routes of remote "${down}" could not be loaded`),
      );
      // Billing has a host of its own whose billing remote points at a closed port; the others are
      // cut off here, every request to their origin refused.
      const host = down === 'billing' ? ORIGINS.billingDownHost : ORIGINS.host;
      const remoteOrigin = `http://localhost:${PORTS[down]}`;
      await page.goto(`${host}/en/login`);
      await submitLogin(page, USERS.anna);
      await expect(page).toHaveURL(/\/en\/insurances/);
      let cutOff = down !== 'billing';
      await page.route(
        (url) => url.origin === remoteOrigin,
        (route) => (cutOff ? route.abort('connectionrefused') : route.fallback()),
      );

      // Straight to its page, as from a bookmark: the host server has the browser preload the
      // remote's files, which fail too.
      await page.goto(`${host}/en${REMOTE_PAGES[down].path}`);
      const fallback = page.getByRole('alert').filter({ hasText: FALLBACK });
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(mainNavigation(page)).toBeVisible();

      for (const other of REMOTES.filter((name) => name !== down)) {
        await navigateInApp(page, REMOTE_PAGES[other].path);
        await expect(REMOTE_PAGES[other].ready(page)).toBeVisible();
        await expect(page.getByText(FALLBACK)).toHaveCount(0);
      }

      await navigateInApp(page, REMOTE_PAGES[down].path);
      await expect(fallback).toBeVisible();
      await expectNoAxeViolations(page, consoleGuard);
      if (down === 'billing') {
        // Still down: the retry shows the fallback again, nothing worse.
        await fallback.getByRole('button', { name: 'Retry' }).click();
        await expect(page.getByRole('alert').filter({ hasText: FALLBACK })).toBeVisible();
        return;
      }
      cutOff = false;
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(REMOTE_PAGES[down].ready(page)).toBeVisible();
      await expect(page.getByText(FALLBACK)).toHaveCount(0);
    });
  }

  test('a page chunk that fails after its remote loaded: that slot falls back with a retry, inside the layout', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/ERR_FAILED/, /ChunkLoadError/, /Loading chunk/, /page-renew/);
    // The renewal page's code cannot be fetched: neither ahead of the click (My Insurance fetches the
    // code of the pages beneath it once idle) nor on it.
    const insuranceOrigin = `http://localhost:${PORTS.insurance}`;
    let chunkRequests = 0;
    let cutOff = true;
    await page.route(
      (url) =>
        url.origin === insuranceOrigin && /page-renew/.test(url.pathname) && url.pathname.endsWith('.js'),
      (route) => {
        chunkRequests += 1;
        return cutOff ? route.abort('failed') : route.fallback();
      },
    );
    await startLoggedIn(page, USERS.anna);
    // The insurance remote is loaded (My Insurance shows); its renewal page's code is not.
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    await page
      .getByRole('article')
      .filter({ hasText: 'TR-2026-100101' })
      .getByRole('link', { name: 'Renew' })
      .click();
    await expect(page).toHaveURL(/\/en\/insurances\/POL-1001-T\/renew$/);
    const fallback = page.getByRole('alert').filter({ hasText: FALLBACK });
    await expect(fallback).toBeVisible();
    expect(chunkRequests).toBeGreaterThan(0);
    // The layout stays: header, navigation, the student's greeting; not the whole-app error page.
    await expect(mainNavigation(page)).toBeVisible();
    await expect(logoutEntry(page)).toBeVisible();
    await expect(page.getByText('Something went wrong.', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);

    cutOff = false;
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Insure an additional period' })).toBeVisible();
    await expect(page.getByText(FALLBACK)).toHaveCount(0);
  });

  for (const language of ['EN', 'NL'] as const) {
    test(`offline, then online again: the portal says so and recovers without a reload (${language})`, async ({
      page,
      context,
      consoleGuard,
    }) => {
      // Loads fail while offline: as the browser's own ERR_INTERNET_DISCONNECTED, or as ERR_FAILED
      // when the portal's service worker (registered after the first load) tried the network for them;
      // the page's own chunk (and its Dutch texts) as a ChunkLoadError when its remote had been
      // fetched ahead while the first page was idle.
      consoleGuard.allow(
        /ERR_INTERNET_DISCONNECTED/,
        /net::ERR_FAILED/,
        /RemoteUnavailableError/,
        /RUNTIME-/,
        /ChunkLoadError/,
      );
      const texts =
        language === 'EN'
          ? { offline: 'You are offline.', fallback: FALLBACK, claimForm: 'File a claim' }
          : {
              offline: 'Je bent offline.',
              fallback: 'Dit deel van het portaal is tijdelijk niet beschikbaar.',
              claimForm: 'Declaratie indienen',
            };
      await startLoggedIn(page, USERS.anna);
      if (language === 'NL') {
        await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
      }
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      const notice = page.getByRole('status').filter({ hasText: texts.offline });
      await expect(notice).toHaveCount(0);

      await context.setOffline(true);
      await expect(notice).toBeVisible();
      // The claim form has not been loaded yet (its remote may have been fetched ahead, and the code of
      // the navigation's pages, which it is not one of): offline, it cannot be.
      await navigateInApp(page, '/service-contact/file-a-claim');
      await expect(page.getByRole('alert').filter({ hasText: texts.fallback })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoAxeViolations(page, consoleGuard);

      await context.setOffline(false);
      await expect(notice).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: texts.claimForm })).toBeVisible();
      await expect(page.getByText(texts.fallback)).toHaveCount(0);
      const samePage = await page.evaluate(
        () => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage,
      );
      expect(samePage, 'recovered without a reload').toBe(true);
    });
  }
});

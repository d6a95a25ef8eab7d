import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './origins';

/** The raw policy fields the journeys compare with the page. */
export interface RawPolicy {
  policyId: string;
  policyNumber?: string;
  applicationNumber?: string;
  insuranceType?: 'TRAVEL' | 'HEALTH' | 'STAY';
  status?: string;
}

/** The raw invoice fields the journeys compare with the page. */
export interface RawInvoice {
  invoiceNumber: string;
  policyNumber: string;
  isOutstanding: 'J' | 'N';
}

/** The host's main navigation. */
export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The Logout entry of the host navigation. */
export function logoutEntry(page: Page): Locator {
  return mainNavigation(page)
    .getByRole('button', { name: /log ?out/i })
    .or(mainNavigation(page).getByRole('link', { name: /log ?out/i }));
}

/**
 * Logs out through the navigation and waits until the portal has done so. A navigation right after
 * the click would abort the logout call, and the student would still be logged in.
 */
export async function logOut(page: Page): Promise<void> {
  await logoutEntry(page).click();
  await expect(logoutEntry(page)).toHaveCount(0);
}

/** Fill in and send the login form of remote-account on the current page. */
export async function submitLogin(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * A student who logs in as the portal's form does (`POST /api/login` with her address and password,
 * and the anti-forgery token) and opens My Insurance. For the journeys in which logging in is only
 * where they start: the form itself is proved by {@link logIn} and the journeys about logging in, and
 * here it would cost each journey the login page's load and a move between remotes.
 */
export async function startLoggedIn(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.request.get('/api/checksession');
  const answer = await page.request.post('/api/login', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      'X-XSRF-TOKEN': await xsrfToken(page),
    },
  });
  expect(answer.status(), 'POST /api/login').toBe(200);
  await page.goto('/en/insurances');
  await mailsInEnglish(page);
}

/** The anti-forgery token of the page's cookies. */
async function xsrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
}

/** Open /en/login and log in through the form; waits for My Insurance. */
export async function logIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/en/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/en\/insurances/);
  await mailsInEnglish(page);
}

/**
 * Sets the logged-in student's mail language to English, as the EN switch would. A journey that
 * switched to Dutch while logged in leaves her mails in Dutch for the journeys after it on the same
 * stack; each journey starts from English, and one about Dutch mails switches itself.
 */
export async function mailsInEnglish(page: Page): Promise<void> {
  const { profileId } = await currentSession(page.request);
  const answer = await page.request.put(`/api/en/profiles/${profileId}/mail-preferences`, {
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page) },
    data: { language: 'en' },
  });
  expect(answer.status(), 'PUT mail-preferences').toBe(200);
}

/**
 * Waits until the portal has started on the page: the server's prerendered frame has been replaced by
 * the working page. What is typed into the frame's fields is carried over; but where the working page
 * differs from the frame (a student's claim form has a policy to choose, a visitor's does not), wait.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('#root > .prerendered')).toHaveCount(0);
}

/** The session as the api sees it, using the page's own cookies. */
export async function currentSession(
  request: APIRequestContext,
): Promise<{ profileId: string; firstName: string }> {
  const response = await request.get('/api/checksession');
  expect(response.status(), 'GET /api/checksession').toBe(200);
  return (await response.json()) as { profileId: string; firstName: string };
}

/** The policies the api returns for the logged-in student. */
export async function policiesOf(request: APIRequestContext, profileId: string): Promise<RawPolicy[]> {
  const response = await request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status(), 'GET policies').toBe(200);
  return (await response.json()) as RawPolicy[];
}

/** The invoices the api returns for the logged-in student (none when the institute pays). */
export async function invoicesOf(request: APIRequestContext, profileId: string): Promise<RawInvoice[]> {
  const response = await request.get(`/api/en/profiles/${profileId}/invoices`);
  expect([200, 204], 'GET invoices').toContain(response.status());
  return response.status() === 204 ? [] : ((await response.json()) as RawInvoice[]);
}

/**
 * Goes to an app path (without `/en`) inside the running page, the way a link does: the router
 * handles it, nothing reloads. Fails when the document was reloaded after all.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    (window as unknown as { e2eSamePage?: boolean }).e2eSamePage = true;
    window.history.pushState(null, '', `/en${target}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`/en${path.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}$`));
  const samePage = await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage);
  expect(samePage, `${path} was opened without reloading the page`).toBe(true);
}

/** Every invoice the api returned is a row of the Open or the Paid table, with its policy number. */
export async function expectInvoiceRows(page: Page, invoices: RawInvoice[]): Promise<void> {
  const main = page.getByRole('main');
  const tables = {
    J: main.getByRole('table', { name: 'Open' }),
    N: main.getByRole('table', { name: 'Paid' }),
  };
  for (const invoice of invoices) {
    const row = tables[invoice.isOutstanding]
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: invoice.invoiceNumber, exact: true }) });
    await expect(row, `invoice ${invoice.invoiceNumber}`).toBeVisible();
    await expect(row.getByText(invoice.policyNumber, { exact: true })).toBeVisible();
  }
  // One header row per table that has invoices, plus one row per invoice.
  const withInvoices = new Set(invoices.map((invoice) => invoice.isOutstanding)).size;
  await expect(main.getByRole('row')).toHaveCount(invoices.length + withInvoices);
}

/**
 * A date as the portal shows it everywhere (docs/glossary.md): day, short month, year ("26 Nov 2026",
 * in Dutch "26 nov 2026"). Takes a `Date`, a wire date (`2026-11-26`) or a typed one (`26/11/2026`).
 */
export function shownDate(date: Date | string, locale: 'en-GB' | 'nl' = 'en-GB'): string {
  let day = date;
  if (typeof date === 'string') {
    const wire = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    const typed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
    const [y, m, d] = wire ? [wire[1], wire[2], wire[3]] : typed ? [typed[3], typed[2], typed[1]] : [];
    if (!y || !m || !d) throw new Error(`Not a date: ${date}`);
    day = new Date(Number(y), Number(m) - 1, Number(d));
  }
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    day as Date,
  );
}

/**
 * Waits until the page has fetched nothing new for `quietMs` (its resource timing entries stop
 * growing). Playwright's `networkidle` can wait forever once Module Federation has preloaded a
 * script that a `<script>` then takes from the preload, so the journeys count entries instead.
 */
export async function fetchesSettled(page: Page, quietMs = 1_000): Promise<void> {
  const count = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await count();
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [quietMs], timeout: 20_000 },
    )
    .toBe(true);
}

import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import {
  appStarted,
  currentSession,
  fetchesSettled,
  logIn,
  navigateInApp,
  policiesOf,
} from '../support/portal';
import { expectNoAxeViolations } from '../support/axe';
import { USERS } from '../support/origins';

/**
 * The api paths the page asks the network for from its next navigation on, in order, as Chromium's
 * own network log has them: a request answered by a preload that was already under way is not a
 * request of its own there (the page's `request` events would name it twice). A call of the page
 * before (the login's own My Insurance, still loading) is left out; `log` has every request, with
 * the script that made it, for the message of a failure.
 */
async function apiRequests(
  page: Page,
): Promise<{ seen: Array<{ path: string; by: string }>; log: string[] }> {
  const seen: Array<{ path: string; by: string }> = [];
  const log: string[] = [];
  let navigated = false;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
    const url = new URL(request.url);
    const frame = initiator.stack?.callFrames[0];
    log.push(`${type ?? ''} ${url.pathname} by ${initiator.type}${frame ? ` at ${frame.url}` : ''}`);
    if (type === 'Document') navigated = true;
    // `by`: "script" for the app's own call, "other" for a preload the page's header named.
    if (navigated && url.pathname.startsWith('/api/')) seen.push({ path: url.pathname, by: initiator.type });
  });
  return { seen, log };
}

test.describe("a student's data comes with the page", () => {
  // A first load, as a student opening the portal again: no service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('My Insurance comes with her policies in the page: on screen at once, never fetched again', async ({
    page,
    consoleGuard,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const policies = await policiesOf(page.request, profileId);
    const first = policies[0]?.policyNumber ?? policies[0]?.applicationNumber ?? '';

    const response = await page.request.get('/en/insurances', { headers: { Accept: 'text/html' } });
    // Her page, kept by nobody: not by a cache on the way, not by her browser.
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(await response.text()).toContain(first);
    // Only the session check is left to preload.
    expect(response.headers()['link']).toBe(
      '</api/checksession>; rel=preload; as=fetch; crossorigin=anonymous',
    );

    // The login ends on My Insurance, whose own calls may still be under way: leave it first.
    await page.goto('about:blank');
    const { seen: requests, log } = await apiRequests(page);
    await page.goto('/en/insurances');
    await appStarted(page);
    await expect(page.getByRole('main').getByText(first, { exact: false }).first()).toBeVisible();
    // The working page took the policies that came with the page, and asked for none.
    expect(
      requests.filter(({ path }) => path === `/api/en/profiles/${profileId}/policies`),
      log.join('\n'),
    ).toEqual([]);
    expect(
      requests.filter(({ path }) => path === '/api/checksession'),
      log.join('\n'),
    ).toEqual([{ path: '/api/checksession', by: 'other' }]);
    // Coming back later asks again: what came with the page is not shown twice.
    await navigateInApp(page, '/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await navigateInApp(page, '/insurances');
    await expect(page.getByRole('main').getByText(first, { exact: false }).first()).toBeVisible();
    await expect
      .poll(() => requests.filter(({ path }) => path === `/api/en/profiles/${profileId}/policies`).length)
      .toBe(1);
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('Invoices is opened with the session check and her invoices already on their way, each fetched once', async ({
    page,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const response = await page.request.get('/en/invoices', { headers: { Accept: 'text/html' } });
    expect(response.headers()['link']).toContain(
      `</api/en/profiles/${profileId}/invoices>; rel=preload; as=fetch; crossorigin=anonymous`,
    );
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    // In the header only: this page is the same for every student.
    expect(await response.text()).not.toContain(profileId);

    await page.goto('about:blank');
    const { seen: requests, log } = await apiRequests(page);
    await page.goto('/en/invoices');
    await appStarted(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => requests.filter(({ path }) => path === `/api/en/profiles/${profileId}/invoices`).length)
      .toBe(1);
    // Fetched once, by the page's header rather than by the scripts: the app took that answer.
    expect(
      requests.filter(({ path }) => path === `/api/en/profiles/${profileId}/invoices`),
      log.join('\n'),
    ).toEqual([{ path: `/api/en/profiles/${profileId}/invoices`, by: 'other' }]);
  });

  test('the claim form is opened with her policies already on their way, fetched once; a visitor’s names none', async ({
    page,
  }) => {
    const visitor = await page.request.get('/en/service-contact/file-a-claim', {
      headers: { Accept: 'text/html' },
    });
    expect(visitor.headers()['link'] ?? '').not.toContain('/api/');

    await logIn(page, USERS.chen);
    const { profileId } = await currentSession(page.request);
    const policies = `/api/en/profiles/${profileId}/policies`;
    const response = await page.request.get('/en/service-contact/file-a-claim', {
      headers: { Accept: 'text/html' },
    });
    expect(response.headers()['link']).toContain(
      `<${policies}>; rel=preload; as=fetch; crossorigin=anonymous`,
    );

    await page.goto('about:blank');
    const { seen: requests, log } = await apiRequests(page);
    await page.goto('/en/service-contact/file-a-claim');
    await appStarted(page);
    await expect(page.getByLabel('Policy')).toBeVisible();
    await expect.poll(() => requests.filter(({ path }) => path === policies).length).toBe(1);
    // Fetched once, by the page's header rather than by the scripts: the form took that answer.
    expect(
      requests.filter(({ path }) => path === policies),
      log.join('\n'),
    ).toEqual([{ path: policies, by: 'other' }]);
  });

  test('Profile is opened with its first screen’s reads in the page’s header, the reads of its other sections from the app’s start, each fetched once', async ({
    page,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    // Her details and the countries: what the first screen waits for. The other sections' reads
    // would take the connections the page's scripts need (host/server/student-session.ts).
    const withPage = [`/api/en/profiles/${profileId}`, '/api/en/countries'];
    const byApp = [`/api/en/profiles/${profileId}/mail-preferences`, '/api/sessions'];
    const response = await page.request.get('/en/profile', { headers: { Accept: 'text/html' } });
    const link = response.headers()['link'];
    for (const path of withPage)
      expect(link).toContain(`<${path}>; rel=preload; as=fetch; crossorigin=anonymous`);
    for (const path of byApp) expect(link).not.toContain(`<${path}>`);

    await page.goto('about:blank');
    const { seen: requests, log } = await apiRequests(page);
    await page.goto('/en/profile');
    await appStarted(page);
    await expect(page.getByRole('heading', { name: 'Where am I logged in' })).toBeVisible();
    await expect(page.getByText('this browser', { exact: false }).first()).toBeVisible();
    for (const [paths, by] of [
      // By the page's header, before the page's scripts could ask: the sections took that answer.
      [withPage, 'other'],
      // By the app as it starts the route's reads, once: the sections took that answer.
      [byApp, 'script'],
    ] as const) {
      for (const path of paths) {
        await expect.poll(() => requests.filter((request) => request.path === path).length).toBe(1);
        expect(
          requests.filter((request) => request.path === path),
          log.join('\n'),
        ).toEqual([{ path, by }]);
      }
    }
  });

  test('Claims comes with chen’s claims in the page, and the working page asks for them no more', async ({
    page,
  }) => {
    await logIn(page, USERS.chen);
    const { profileId } = await currentSession(page.request);
    const claims = (await (await page.request.get(`/api/en/profiles/${profileId}/claims`)).json()) as Array<{
      claimNumber: string;
    }>;
    const first = claims[0]?.claimNumber ?? '';
    expect(first).not.toBe('');
    const response = await page.request.get('/en/claims', { headers: { Accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(await response.text()).toContain(first);

    await page.goto('about:blank');
    const { seen: requests, log } = await apiRequests(page);
    await page.goto('/en/claims');
    await appStarted(page);
    await expect(page.getByRole('main').getByText(first).first()).toBeVisible();
    expect(
      requests.filter(({ path }) => path === `/api/en/profiles/${profileId}/claims`),
      log.join('\n'),
    ).toEqual([]);
  });

  test('a visitor’s page names no api read', async ({ page }) => {
    const response = await page.request.get('/en/insurances', { headers: { Accept: 'text/html' } });
    expect(response.headers()['link'] ?? '').not.toContain('/api/');
  });
});

test.describe('a content page comes with its content', () => {
  test.use({ serviceWorkers: 'block' });

  test('an FAQ answer opened by its link asks for no content: the working page shows what came with it', async ({
    page,
    consoleGuard,
  }) => {
    const asked: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (new URL(request.url).pathname === '/sitecore/api/graph/edge') asked.push(request.postData ?? '');
    });
    await page.goto('/en/service-contact/faq/coverage-abroad/which-countries');
    await appStarted(page);
    const main = page.getByRole('main');
    await expect(main.getByText('You are covered worldwide', { exact: false })).toBeVisible();
    expect(asked.filter((body) => body.includes('faqCategories'))).toEqual([]);
    // The working page: another question opens its answer.
    await main.getByRole('link', { name: 'Do I have to pay the doctor myself?' }).click();
    await expect(main.getByText('file a claim', { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });
});

test.describe('the content client comes only with a page that shows content', () => {
  // Nothing fetched ahead once idle (Save-Data): what the page fetched is what its start-up needed.
  test.use({ serviceWorkers: 'block', extraHTTPHeaders: { 'Save-Data': 'on' } });

  test('the login page starts without urql; the FAQ names it in its head, and its answers open', async ({
    page,
    consoleGuard,
  }) => {
    const listed = await page.request.get('/en/content-assets.json');
    expect(listed.ok()).toBe(true);
    const { js } = (await listed.json()) as { js: string[] };
    expect(js.length).toBeGreaterThan(0);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const contentFiles = () => fetched.filter((path) => js.some((file) => path === `/en/${file}`));

    await page.goto('/en/login');
    await appStarted(page);
    await expect(page.getByLabel('E-mail address')).toBeEditable();
    await fetchesSettled(page);
    expect(contentFiles()).toEqual([]);

    // The FAQ's page preloads the content client beside the start-up, instead of a round trip after it.
    const faq = await page.request.get('/en/service-contact/faq', { headers: { Accept: 'text/html' } });
    const html = await faq.text();
    for (const file of js)
      expect(html).toContain(`<link rel="preload" as="script" href="/en/${file}" fetchpriority="low"`);
    await page.goto('/en/service-contact/faq');
    await appStarted(page);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Cover abroad' }).click();
    await expect(main.getByText('Do I have to pay the doctor myself?')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    // A content page of the host's own loads it too, and a switch to Dutch takes the Dutch page title.
    await page.goto('/en/home');
    await appStarted(page);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Welcome to your insurance portal' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Your student insurance online | Student Insurance Portal');
    await page.getByRole('button', { name: 'NL' }).click();
    await expect(page).toHaveTitle('Je studentenverzekering online | Studentenverzekering Portaal');
    await expectNoAxeViolations(page, consoleGuard);
  });
});

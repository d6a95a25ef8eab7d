import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { currentSession, logIn, policiesOf } from '../support/portal';
import { USERS } from '../support/origins';

/**
 * What a phone paints before the portal's scripts have arrived: the host server sends the page's
 * prerendered frame, in its layout and in the visitor's language. A browser without JavaScript shows
 * exactly that frame, so these journeys look at it there.
 */
async function frameOf(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const frame = (page: Page) => page.locator('#root > .prerendered');

/** The nodes Chromium's accessibility tree exposes to assistive technology, by role and name. */
async function exposedNodes(page: Page): Promise<Array<{ role: string; name: string }>> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ ignored: boolean; role?: { value?: string }; name?: { value?: string } }>;
  };
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored)
    .map((node) => ({ role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '') }));
}

test.describe('the first paint, before the scripts run', () => {
  test('should show the login page with its form, in its layout, whose fields take input before the portal starts', async ({
    browser,
  }) => {
    const page = await frameOf(browser, '/en/login');
    await expect(frame(page)).not.toHaveAttribute('inert');
    await expect(frame(page).locator('h1')).toHaveText('Log in');
    await expect(frame(page).locator('header nav')).toContainText('Service & Contact');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    // Its fields work without a script: a student types at once.
    await page.getByLabel('E-mail address').pressSequentially('anna@example.org');
    await expect(page.getByLabel('E-mail address')).toHaveValue('anna@example.org');
    await page.getByLabel('Password', { exact: true }).fill('not sent');
    // Sending waits for the portal: the button is disabled, so Enter in a field sends nothing either
    // (never a GET with the password in its URL).
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/en\/login$/);
    // A button that needs the portal is out of reach until then; a link is a link.
    await expect(frame(page).locator('button[type=button]').first()).toHaveAttribute('inert', '');
    await expect(page.getByRole('link', { name: /Forgot your password/ })).toHaveAttribute(
      'href',
      '/en/resetpassword',
    );
    // Screen readers get the form as it is: its heading and fields, the button disabled.
    const exposed = await exposedNodes(page);
    expect(exposed).toContainEqual({ role: 'heading', name: 'Log in' });
    expect(exposed).toContainEqual({ role: 'textbox', name: 'E-mail address' });
    await page.context().close();
  });

  test('should show the frame in Dutch to a visitor who chose Dutch', async ({ browser, page }) => {
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'NL' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inloggen');

    const later = await frameOf(browser, '/en/login', { storageState: await page.context().storageState() });
    await expect(frame(later).locator('h1')).toHaveText('Inloggen');
    await expect(frame(later).locator('label', { hasText: 'E-mailadres' })).toBeVisible();
    await expect(later.locator('html')).toHaveAttribute('lang', 'nl');
    await later.context().close();
  });

  test('should show a logged-in student her own policies in My Insurance before the portal starts, and nobody else’s', async ({
    browser,
    page,
    consoleGuard,
  }) => {
    // A login sent before the start-up's session check has brought the anti-forgery cookie is
    // answered 403 once and retried (the auth store's own recovery); this journey is not about that.
    consoleGuard.allow(/status of 403 .*\/api\/login/);
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const annas = await policiesOf(page.request, profileId);
    const later = await frameOf(browser, '/en/insurances', {
      storageState: await page.context().storageState(),
    });
    await expect(frame(later).locator('h1')).toHaveText('My Insurance');
    await expect(frame(later).locator('header nav')).toContainText('Log out');
    // Her cards, as the portal shows them, without a script: each policy's number and its links.
    const cards = later.getByRole('article');
    await expect(cards).toHaveCount(annas.length);
    for (const policy of annas)
      await expect(frame(later)).toContainText(policy.policyNumber ?? policy.applicationNumber ?? '');
    await expect(frame(later).locator('.policy-card--placeholder')).toHaveCount(0);
    // What needs the portal waits for it; a link is a link.
    await expect(later.getByRole('button', { name: 'Show details' }).first()).toHaveAttribute('inert', '');
    const [first] = annas;
    await expect(later.getByRole('link', { name: 'Terminate or shorten' }).first()).toHaveAttribute(
      'href',
      `/en/insurances/${first?.policyId ?? ''}/terminate`,
    );
    await expect(frame(later)).not.toContainText('Anna');
    await later.context().close();

    // Another student's page shows her own policies, never anna's.
    const ben = await browser.newContext();
    const benPage = await ben.newPage();
    await logIn(benPage, USERS.ben);
    const bens = await policiesOf(benPage.request, (await currentSession(benPage.request)).profileId);
    const hers = await frameOf(browser, '/en/insurances', { storageState: await ben.storageState() });
    for (const policy of annas)
      await expect(frame(hers)).not.toContainText(policy.policyNumber ?? policy.applicationNumber ?? '');
    await expect(hers.getByRole('article')).toHaveCount(bens.length);
    await hers.context().close();
    await ben.close();
  });

  test("should start the portal's scripts only once the frame has been painted", async ({ page }) => {
    // When the page gets its entry script: a parsed <script> or one added later, as seen from the start.
    await page.addInitScript(() => {
      const record = window as unknown as { entryAddedAt?: number };
      new MutationObserver((mutations) => {
        for (const { addedNodes } of mutations) {
          for (const node of addedNodes) {
            if (node instanceof HTMLScriptElement && /\/assets\/main\.[0-9a-f]+\.js$/.test(node.src)) {
              record.entryAddedAt ??= performance.now();
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/en/insurances');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    // The frame's heading shows before the entry script is added: wait for both to have happened.
    await page.waitForFunction(
      () => (window as unknown as { entryAddedAt?: number }).entryAddedAt !== undefined,
    );
    const { paintedAt, entryAddedAt } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entryAddedAt: (window as unknown as { entryAddedAt?: number }).entryAddedAt,
    }));
    expect(paintedAt).toBeGreaterThan(0);
    expect(entryAddedAt).toBeGreaterThanOrEqual(paintedAt ?? Number.POSITIVE_INFINITY);
  });

  test('should replace the frame with the working page when the portal starts', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await expect(page.getByLabel('E-mail address')).toHaveValue(USERS.anna);
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('#main')).toHaveCount(1);
  });
});

test.describe('a content page is painted with its content', () => {
  test('an FAQ answer by its link and the emergency numbers are in the first paint, in the visitor’s language', async ({
    browser,
    page,
  }) => {
    const answer = await frameOf(browser, '/en/service-contact/faq/coverage-abroad/which-countries');
    await expect(frame(answer).getByRole('heading', { level: 1, name: 'Cover abroad' })).toBeVisible();
    await expect(frame(answer).getByText('You are covered worldwide', { exact: false })).toBeVisible();
    // The other questions are listed, their answers closed.
    await expect(frame(answer).getByText('Do I have to pay the doctor myself?')).toBeVisible();
    await answer.context().close();

    const emergency = await frameOf(browser, '/en/service-contact/emergency');
    await expect(frame(emergency).getByRole('heading', { level: 1, name: 'Emergency abroad' })).toBeVisible();
    await expect(frame(emergency).locator('a[href^="tel:"]')).toContainText('+31 20 000 0000');
    await emergency.context().close();

    // A visitor who chose Dutch reads the FAQ in Dutch.
    await page.goto('/en/service-contact');
    await page.getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    const dutch = await frameOf(browser, '/en/service-contact/faq', {
      storageState: await page.context().storageState(),
    });
    await expect(frame(dutch).getByRole('link', { name: 'Dekking in het buitenland' })).toBeVisible();
    await dutch.context().close();
  });
});

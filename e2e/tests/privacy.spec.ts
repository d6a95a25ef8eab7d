import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { logIn, submitLogin } from '../support/portal';
import { DEMO_PASSWORD, GTM_ID, ORIGINS, USERS } from '../support/origins';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

const EMERGENCY = '/en/service-contact/emergency';

/** The consent banner: a region named by its title. */
const banner = (page: Page) =>
  page.getByRole('region', { name: /^(Cookies on this portal|Cookies op dit portaal)$/ });

/** The data layer as plain values (gtag commands are `arguments` objects). */
function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ),
  );
}

const contentViews = async (page: Page) =>
  (await dataLayer(page)).flatMap((entry) =>
    (entry as { event?: string }).event === 'content-view' ? [(entry as { page: string }).page] : [],
  );

test.describe('privacy: consent before the tag manager', () => {
  test.use({ analyticsConsent: null });

  test('should load nothing of the tag manager before the choice, and start it on accept without a reload', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const tagManagerRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://www.googletagmanager.com/'))
        tagManagerRequests.push(request.url());
    });
    // Layout shifts of the whole visit, the banner's arrival included.
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });

    await page.goto('/en/login');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    const accept = banner(page).getByRole('button', { name: 'Accept analytics cookies' });
    const reject = banner(page).getByRole('button', { name: 'Reject analytics cookies' });
    await expect(accept).toBeVisible();
    await expect(reject).toBeVisible();
    // Equal weight: the same size and the same colours.
    const look = (button: typeof accept) =>
      button.evaluate((node) => {
        const style = getComputedStyle(node);
        return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, style.borderWidth];
      });
    expect(await look(accept)).toEqual(await look(reject));
    // The banner moves nothing on the page.
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThanOrEqual(0.02);

    // The keyboard reaches the banner before the page's content, with the focus visible.
    await page.keyboard.press('Tab');
    await expect(banner(page).locator(':focus')).toHaveCount(1);
    expect(
      await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
    ).not.toBe('none');
    await expectNoAxeViolations(page, consoleGuard);

    // No wall: the Emergency page is readable and usable while the banner is open.
    await page.goto(EMERGENCY);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const phone = page.getByRole('main').locator('a[href^="tel:"]').first();
    await phone.scrollIntoViewIfNeeded();
    await phone.click({ trial: true });

    expect(tagManagerRequests).toEqual([]);
    const before = (await dataLayer(page)).map((entry) => (entry as { event?: string }).event);
    expect(before).not.toContain('gtm.js');
    expect(before).not.toContain('content-view');

    // Accepting starts the tag manager on this very page (no reload): Consent Mode v2 first.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await accept.click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(() => tagManagerRequests.some((url) => url.includes(GTM_ID))).toBe(true);
    const layer = await dataLayer(page);
    expect(layer.slice(0, 2)).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
    expect(layer[2]).toMatchObject({ event: 'gtm.js' });
    await expect.poll(() => contentViews(page)).toEqual(['service-contact/emergency']);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // Kept for 12 months.
    const cookie = (await context.cookies()).find((c) => c.name === 'portal_consent');
    expect(cookie?.value).toBe('granted');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThanOrEqual(366);

    // A later visit starts the tag manager at once and asks nothing.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => contentViews(page)).toEqual(['service-contact/emergency']);
    await expect(banner(page)).toHaveCount(0);

    // "Cookie settings" in the footer changes the choice; a reject takes effect at once.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('You accepted analytics cookies.');
    await expectNoAxeViolations(page, consoleGuard);
    await banner(page).getByRole('button', { name: 'Reject analytics cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Cookie settings' })).toBeFocused();
    expect((await dataLayer(page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    await page.getByRole('link', { name: 'Privacy' }).first().click();
    await expect(page).toHaveURL(/\/en\/privacy$/);
    await expect(page.getByRole('cell', { name: 'portal_consent' })).toBeVisible();
    expect(await contentViews(page)).toEqual(['service-contact/emergency']);
  });

  test('should ask in Dutch, axe clean, and keep a reject without loading the tag manager', async ({
    page,
    consoleGuard,
  }) => {
    const tagManagerRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://www.googletagmanager.com/'))
        tagManagerRequests.push(request.url());
    });
    await page.goto('/en/login');
    await expect(banner(page)).toBeVisible();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
    await expect(banner(page).getByRole('button', { name: 'Analytische cookies accepteren' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await banner(page).getByRole('button', { name: 'Analytische cookies weigeren' }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Cookie-instellingen' }).click();
    await expect(banner(page)).toContainText('Je hebt analytische cookies geweigerd.');
    await expect(banner(page)).toBeFocused();
    await expectNoAxeViolations(page, consoleGuard);
    expect(tagManagerRequests).toEqual([]);
    expect((await dataLayer(page)).map((entry) => (entry as { event?: string }).event)).not.toContain(
      'gtm.js',
    );
  });
});

test.describe('privacy: where am I logged in, and download my data', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const EXPIRED = 'Your session has expired. Please log in again.';
  const sessionsSection = (page: Page) =>
    page.getByRole('region', { name: /^(Where am I logged in|Waar ben ik ingelogd)$/ });
  const exportSection = (page: Page) =>
    page.getByRole('region', { name: /^(Download my data|Mijn gegevens downloaden)$/ });
  const wasThisYou = async (page: Page, to: string) =>
    (
      (await (await page.request.get('/api/dev/outbox')).json()) as {
        to: string;
        subject: string;
        text: string;
      }[]
    ).filter((mail) => mail.to === to && mail.subject === 'Was this you?');

  test('should list her sessions, end another one (sent to the login page as expired), and mail her', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    // The ended session's calls answer 401: that is the point.
    consoleGuard.allow(/status of 401/);
    // Another browser: the phone she left logged in.
    const phone = await browser.newContext({ baseURL: ORIGINS.host, userAgent: IPHONE });
    await phone.addCookies([{ name: 'portal_consent', value: 'denied', url: ORIGINS.host }]);
    const phonePage = await phone.newPage();
    await logIn(phonePage, USERS.ben);
    await phonePage.waitForLoadState('networkidle');
    const mailsBefore = (await wasThisYou(page, USERS.ben)).length;

    await logIn(page, USERS.ben);
    // A login from a browser her account has not seen: "Was this you?".
    await expect.poll(async () => (await wasThisYou(page, USERS.ben)).length).toBe(mailsBefore + 1);
    await page.goto('/en/profile');
    const section = sessionsSection(page);
    await expect(section.getByRole('heading', { name: /\(this browser\)/ })).toHaveCount(1);
    const phoneItem = section.getByRole('listitem').filter({ hasText: 'Mobile Safari 17 on iOS 17.4' });
    await expect(phoneItem).toHaveCount(1);
    await expect(phoneItem.getByText('Last used')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await phoneItem.getByRole('button', { name: 'End this session' }).click();
    await expect(section.getByRole('status')).toContainText('The session is ended.');
    await expect(phoneItem).toHaveCount(0);
    await expect.poll(async () => (await wasThisYou(page, USERS.ben)).length).toBe(mailsBefore + 2);

    // The phone's next request is a 401: the portal sends it to the login page, "expired".
    await phonePage.goto('/en/invoices');
    await expect(phonePage).toHaveURL(/\/en\/login/);
    await expect(phonePage.getByText(EXPIRED)).toBeVisible();
    // Logged in there again, she ends every other session from here at once.
    await submitLogin(phonePage, USERS.ben);
    await expect(phonePage).toHaveURL(/\/en\/invoices/);
    await page.reload();
    await expect(phoneItem).toHaveCount(1);
    await section.getByRole('button', { name: 'End all other sessions' }).click();
    await expect(section.getByRole('status')).toContainText(/\d+ other sessions? (is|are) ended\./);
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByText('You are not logged in anywhere else.')).toBeVisible();
    await phone.close();

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(section.getByRole('heading', { name: /\(deze browser\)/ })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should download her data after her password or her passkey, as one zip, and mail her', async ({
    page,
    consoleGuard,
  }) => {
    // The wrong password answers 401 (and is not a session end).
    consoleGuard.allow(/status of 401 .*\/api\/data-export/);
    await logIn(page, USERS.chen);
    await page.goto('/en/profile');
    const section = exportSection(page);
    await expect(section.getByRole('button', { name: 'Download my data' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await section.getByRole('button', { name: 'Download my data' }).click();
    await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(/.+/);
    await section.getByLabel('Current password').fill('Not-Her-Password-1');
    await section.getByRole('button', { name: 'Download my data' }).click();
    await expect(section.getByText('Invalid password.')).toBeVisible();

    await section.getByLabel('Current password').fill(DEMO_PASSWORD);
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('data.json'))).toBe(true);
    expect(bytes.includes(Buffer.from('summary.html'))).toBe(true);
    await expect(section.getByRole('status')).toContainText('Your data is downloaded.');
    await expect.poll(async () => (await wasThisYou(page, USERS.chen)).length).toBeGreaterThan(0);

    // Or her passkey instead of the password (Chromium's virtual authenticator as her laptop).
    await addVirtualAuthenticator(page);
    const passkeys = page.getByRole('main').getByRole('region', { name: /^Passkeys$/ });
    await passkeys.getByLabel('Current password').fill(DEMO_PASSWORD);
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('is added', { exact: false })).toBeVisible();
    const byPasskey = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Use a passkey' }).click();
    const zip = await readFile(await (await byPasskey).path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from('data.json'))).toBe(true);
    await expect(section.getByRole('status')).toContainText('Your data is downloaded.');

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(section.getByRole('button', { name: 'Mijn gegevens downloaden' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Passkey gebruiken' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });
});

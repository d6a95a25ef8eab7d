import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { GTM_ID } from '../support/origins';

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
    await expect(banner(page)).toContainText('U hebt analytische cookies geweigerd.');
    await expect(banner(page)).toBeFocused();
    await expectNoAxeViolations(page, consoleGuard);
    expect(tagManagerRequests).toEqual([]);
    expect((await dataLayer(page)).map((entry) => (entry as { event?: string }).event)).not.toContain(
      'gtm.js',
    );
  });
});

import { test, expect } from '../support/fixtures';
import { fetchesSettled, logIn, mainNavigation } from '../support/portal';
import { GTM_ID, ORIGINS, USERS } from '../support/origins';

test.describe('navigation', () => {
  test('should open a cold deep link into the login page of remote-account', async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.getByLabel('E-mail address')).toBeVisible();
  });

  for (const path of ['/en/insurances', '/en/invoices', '/en/service-contact/emergency']) {
    test(`should open a cold deep link to ${path}`, async ({ page }) => {
      await logIn(page, USERS.chen);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('should switch texts to Dutch with the NL switch', async ({ page }) => {
    await page.goto('/en/login');
    const english = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(english ?? '');
    await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
  });

  test('should fetch the Dutch texts only for Dutch, and paint Dutch first after a reload', async ({
    page,
  }) => {
    const dutchFiles: string[] = [];
    page.on('request', (request) => {
      if (/locale-nl/.test(request.url())) dutchFiles.push(request.url());
    });
    // Records the first text the page heading ever shows, to catch English shown before Dutch.
    await page.addInitScript(() => {
      const record = () => {
        const heading = document.querySelector('h1');
        if (!heading?.textContent) return false;
        (window as unknown as { firstHeading?: string }).firstHeading ??= heading.textContent;
        return true;
      };
      new MutationObserver((_, observer) => {
        if (record()) observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });

    await page.goto('/en/login');
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    expect(dutchFiles).toEqual([]);

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
    const dutch = await page.getByRole('heading', { level: 1 }).textContent();
    // The host's and the account remote's Dutch texts, fetched on the switch.
    expect(dutchFiles.length).toBeGreaterThanOrEqual(2);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dutch ?? '');
    const firstHeading = await page.evaluate(
      () => (window as unknown as { firstHeading?: string }).firstHeading,
    );
    expect(firstHeading).toBe(dutch);
  });

  test('should report a content-view with the route name of each page visited, in order', async ({
    page,
    context,
  }) => {
    // A student who accepted analytics cookies before (the consent journeys cover the choice itself).
    await context.addCookies([{ name: 'portal_consent', value: 'granted', url: ORIGINS.host }]);
    const contentViews = () =>
      page.evaluate(() => {
        const layer = (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [];
        return layer.filter((entry) => entry.event === 'content-view').map((entry) => entry.page);
      });
    // A fixed route (login), a fixed route of another remote (service-contact), a content page of
    // the host (privacy): one event each, named after the route.
    await page.goto('/en/login');
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await expect.poll(contentViews).toEqual(['login']);
    await mainNavigation(page).getByRole('link', { name: 'Service & Contact' }).click();
    await expect(page).toHaveURL(/\/en\/service-contact$/);
    await expect.poll(contentViews).toEqual(['login', 'service-contact']);
    await mainNavigation(page).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/en\/privacy$/);
    await expect.poll(contentViews).toEqual(['login', 'service-contact', 'privacy']);
    const scripts = await page
      .locator('script[src*="googletagmanager"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''));
    expect(scripts.some((src) => src.includes(GTM_ID))).toBe(true);
  });

  test('should fetch react-dom once across the host and the remotes', async ({ page }) => {
    // Chunk names are content hashes, so react-dom is recognised by its own internal marker.
    const scripts: Promise<string | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.text().then(
          (body) => (body.includes('__reactFiber$') ? response.url() : null),
          () => null,
        ),
      );
    });
    await logIn(page, USERS.anna);
    await mainNavigation(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/en\/invoices/);
    await mainNavigation(page).getByRole('link', { name: 'Service & Contact' }).click();
    await expect(page).toHaveURL(/\/en\/service-contact/);
    // The remotes fetched ahead once the page is idle come too: each would bring its own react-dom.
    await fetchesSettled(page);
    const reactDom = (await Promise.all(scripts)).filter((url) => url !== null);
    expect(reactDom, 'scripts that contain react-dom').toHaveLength(1);
  });
});

import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { appStarted } from '../support/portal';
import { DEMO_PASSWORD, USERS } from '../support/origins';

/**
 * Holds the portal's entry script until the test lets it through: the page stays the server's
 * frame, as it does on a slow phone while the scripts are on their way. Returns the release.
 */
async function holdThePortalsScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const frame = (page: Page) => page.locator('#root > .prerendered');

test.describe('typing before the portal has started', () => {
  // The service worker would serve the held script from its cache on a second visit.
  test.use({ serviceWorkers: 'block' });

  test('what a student types into the login form right after the first paint is still there once the portal has started', async ({
    page,
    consoleGuard,
  }) => {
    const release = await holdThePortalsScripts(page);
    // The frame paints, but the entry script (held) has not run: nothing waits for the load event.
    await page.goto('/en/login', { waitUntil: 'commit' });
    const email = page.getByLabel('E-mail address');
    await email.click();
    await page.keyboard.type(USERS.anna);
    await expect(frame(page)).toHaveCount(1);

    release();
    await appStarted(page);
    // The working form has the characters, and the cursor is still in the field.
    await expect(email).toHaveValue(USERS.anna);
    await expect(email).toBeFocused();
    await page.keyboard.type('x');
    await expect(email).toHaveValue(`${USERS.anna}x`);
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('a login typed and sent with Enter before the portal has started goes through once it has', async ({
    page,
  }) => {
    const release = await holdThePortalsScripts(page);
    await page.goto('/en/login', { waitUntil: 'commit' });
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Nothing is sent by the frame itself.
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(frame(page)).toHaveCount(1);

    release();
    await expect(page).toHaveURL(/\/en\/insurances/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Insurance' })).toBeVisible();
  });

  test('a visitor’s contact request typed and chosen in the Dutch frame is kept', async ({ page }) => {
    // Dutch chosen before: the frame is Dutch, and so is the working page.
    await page.goto('/en/login');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

    const release = await holdThePortalsScripts(page);
    await page.goto('/en/service-contact/contact', { waitUntil: 'commit' });
    await page.getByRole('radio', { name: 'Nee' }).check();
    await page.getByLabel('Naam').fill('Early Bird');
    await page.getByLabel('Je vraag').fill('Dekt mijn polis een fietsongeluk?');
    await expect(frame(page)).toHaveCount(1);

    release();
    await appStarted(page);
    await expect(page.getByRole('radio', { name: 'Nee' })).toBeChecked();
    await expect(page.getByLabel('Naam')).toHaveValue('Early Bird');
    await expect(page.getByLabel('Je vraag')).toHaveValue('Dekt mijn polis een fietsongeluk?');
  });
});

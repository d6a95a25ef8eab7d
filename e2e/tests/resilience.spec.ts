import { test, expect } from '../support/fixtures';
import { mainNavigation } from '../support/portal';
import { CLOSED_PORT, ORIGINS, USERS } from '../support/origins';

test.describe('when something is down', () => {
  test('should show a fallback for a remote that is down while the rest keeps working', async ({
    page,
    consoleGuard,
  }) => {
    // This host's billing remote points at a closed port: the browser's failed fetch is expected.
    consoleGuard.allow(
      /ERR_CONNECTION_REFUSED/,
      new RegExp(`localhost:${CLOSED_PORT}`),
      /billing/i,
      /preload-error/i,
    );
    await page.goto(`${ORIGINS.billingDownHost}/en/login`);
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await page.getByLabel('Password', { exact: true }).fill('Portal-Demo-2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/insurances/);

    await mainNavigation(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/en\/invoices/);
    await expect(page.getByText('This part of the portal is temporarily unavailable.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Navigation and the other remotes keep working.
    await mainNavigation(page).getByRole('link', { name: 'My Insurance' }).click();
    await expect(page).toHaveURL(/\/en\/insurances/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Service & Contact' }).click();
    await expect(page).toHaveURL(/\/en\/service-contact/);
  });

  test('should fall back to /home when the content endpoint is down', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/No additional routes loaded/, /status of 50\d /);
    await page.goto(`${ORIGINS.contentDownHost}/en/privacy`);
    await expect(page).toHaveURL(/\/en\/home/);
    await expect(mainNavigation(page)).toBeVisible();
    // Fixed routes do not need the content tree.
    await page.goto(`${ORIGINS.contentDownHost}/en/login`);
    await expect(page.getByLabel('E-mail address')).toBeVisible();
  });

  test("should keep a student's pages at their usual paths when the content system is down and no tree was ever had", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/No additional routes loaded/, /status of 50\d /, /ERR_CONNECTION_REFUSED/);
    await page.goto(`${ORIGINS.contentDownHost}/en/login`);
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await page.getByLabel('Password', { exact: true }).fill('Portal-Demo-2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/insurances$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Insurance' })).toBeVisible();

    for (const [entry, path] of [
      ['Invoices', /\/en\/invoices$/],
      ['Profile', /\/en\/profile$/],
      ['Claims', /\/en\/claims$/],
    ] as const) {
      await mainNavigation(page).getByRole('link', { name: entry }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('This page is not available')).toHaveCount(0);
    }
  });

  test('should redirect an unknown path to /home', async ({ page }) => {
    await page.goto('/en/no-such-page/at-all');
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect(mainNavigation(page)).toBeVisible();
  });
});

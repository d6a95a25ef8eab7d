// The core of the portal on a phone (the `phone` project: Chromium with a phone's size, touch and user
// agent): logging in by touch, the policies, the invoices, logging out. Nothing may scroll sideways.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { currentSession, logoutEntry, mainNavigation, policiesOf } from '../support/portal';
import { DEMO_PASSWORD, USERS } from '../support/origins';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the phone').toBeLessThanOrEqual(innerWidth);
}

test.describe('on a phone', () => {
  test('should log in by touch and show her policies', async ({ page }) => {
    expect(page.viewportSize()?.width).toBeLessThan(500);
    expect(await page.evaluate(() => navigator.maxTouchPoints)).toBeGreaterThan(0);
    await page.goto('/en/login');
    await expectNoSidewaysScroll(page);
    await page.getByLabel('E-mail address').tap();
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await page.getByLabel('Password', { exact: true }).tap();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
    await expect(page).toHaveURL(/\/en\/insurances/);
    const { profileId } = await currentSession(page.request);
    const policies = await policiesOf(page.request, profileId);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(policies.length);
    await expectNoSidewaysScroll(page);
  });

  test('should reach the invoices from the navigation and log out, by touch', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByLabel('E-mail address').fill(USERS.chen);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
    await expect(page).toHaveURL(/\/en\/insurances/);
    await mainNavigation(page)
      .getByRole('link', { name: /invoices/i })
      .first()
      .tap();
    await expect(page).toHaveURL(/\/en\/invoices/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await logoutEntry(page).tap();
    await expect(logoutEntry(page)).toHaveCount(0);
  });
});

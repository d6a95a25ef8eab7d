import { test, expect } from '../support/fixtures';
import { mainNavigation } from '../support/portal';

// Must match FIXTURE in scripts/lib/releases.mjs, which adds this page to the service remote.
const FIXTURE = {
  path: '/en/service-contact/release-check',
  title: 'Release check | Student Insurance Portal',
  heading: 'A page released with its remote alone',
};

test('should show a page that only its remote was rebuilt for, under its path and with its title', async ({
  page,
}) => {
  await page.goto(FIXTURE.path);
  await expect(page.getByRole('heading', { name: FIXTURE.heading })).toBeVisible();
  await expect(page).toHaveTitle(FIXTURE.title);
  await expect(mainNavigation(page)).toBeVisible();
  // The remote's other pages, served from the same new build, still work.
  await mainNavigation(page).getByRole('link', { name: 'Service & Contact' }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});

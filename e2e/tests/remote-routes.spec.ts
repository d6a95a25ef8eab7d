import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { logIn, logoutEntry, mainNavigation, submitLogin } from '../support/portal';
import { ORIGINS, USERS } from '../support/origins';

test.describe('pages the remotes declare', () => {
  test('should say a page that no deployed remote serves is not available, with the navigation working', async ({
    page,
    consoleGuard,
  }) => {
    // This host runs without the billing remote (REMOTE_BILLING_URL=off): its pages are not deployed.
    await page.goto(`${ORIGINS.billingOffHost}/en/login`);
    await submitLogin(page, USERS.anna);
    await expect(page).toHaveURL(/\/en\/insurances/);

    await mainNavigation(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/en\/invoices$/);
    await expect(
      page.getByRole('heading', { name: 'This page is not available at the moment' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/en\/home$/);

    // The navigation and the other remotes keep working.
    await mainNavigation(page).getByRole('link', { name: 'My Insurance' }).click();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test('should show an invalid activation link as such, and stay on the page', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 .*\/api\/accounts\//);
    await page.goto('/en/activate/not-a-real-token-0123456789abcdef/new.student%40example.com');
    await expect(page.getByText('Sorry, this link is invalid or expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/activate\//);
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should keep a logged-in student logged in when they open an invalid link', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 .*\/api\/accounts\//);
    await logIn(page, USERS.anna);
    await page.goto('/en/setpassword/not-a-real-token-0123456789abcdef/anna.devries%40example.com');
    await expect(page.getByText('Sorry, this link is invalid or expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/setpassword\//);
    await expect(logoutEntry(page)).toBeVisible();
  });

  test('should greet the student in the header after login and after a reload, and not after logout', async ({
    page,
  }) => {
    await logIn(page, USERS.anna);
    const header = page.getByRole('banner');
    await expect(header.getByText('Hello, Anna')).toBeVisible();
    await page.reload();
    await expect(header.getByText('Hello, Anna')).toBeVisible();
    await logoutEntry(page).click();
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(header.getByText(/Hello/)).toHaveCount(0);
  });

  test('should title each remote page with the title its remote declares', async ({ page }) => {
    await page.goto('/en/resetpassword');
    await expect(page).toHaveTitle('Reset password | Student Insurance Portal');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page).toHaveTitle(/^Wachtwoord herstellen \| /);
  });
});

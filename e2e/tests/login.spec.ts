import { test, expect } from '../support/fixtures';
import {
  currentSession,
  logIn,
  logoutEntry,
  mainNavigation,
  policiesOf,
  submitLogin,
} from '../support/portal';
import { USERS } from '../support/origins';

test.describe('logging in', () => {
  test('should say the username and/or password is invalid for a wrong password', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 .*\/api\/login/);
    await page.goto('/en/login');
    await submitLogin(page, USERS.anna, 'Wrong-Password-1');
    await expect(page.getByRole('alert')).toContainText('Username and/or password invalid.');
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(logoutEntry(page)).toHaveCount(0);
  });

  test('should say the account is blocked for a blocked student', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 403 .*\/api\/login/);
    await page.goto('/en/login');
    await submitLogin(page, USERS.blocked);
    await expect(page.getByRole('alert')).toContainText('Your account is blocked. Please try again later.');
    await expect(page).toHaveURL(/\/en\/login/);
  });

  test('should list exactly the policies the api returns for anna', async ({ page }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const policies = await policiesOf(page.request, profileId);
    expect(policies.length).toBeGreaterThan(0);
    const main = page.getByRole('main');
    for (const policy of policies) {
      const number = policy.policyNumber ?? policy.applicationNumber;
      expect(number, `policy ${policy.policyId} has a policy or application number`).toBeTruthy();
      await expect(main.getByText(String(number), { exact: false }).first()).toBeVisible();
    }
    await expect(main.getByRole('article')).toHaveCount(policies.length);
  });

  test('should show the login in the host navigation and inside a remote, and keep it on reload', async ({
    page,
  }) => {
    await logIn(page, USERS.anna);
    // No reload in between: the host and the remotes read one auth store.
    await expect(logoutEntry(page)).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/en\/invoices/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/invoices/i);
    await page.reload();
    await expect(logoutEntry(page)).toBeVisible();
    await expect(page).toHaveURL(/\/en\/invoices/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/invoices/i);
  });

  test('should recognise the session in a new tab through the start-up session check', async ({
    page,
    context,
  }) => {
    await logIn(page, USERS.anna);
    // A new tab has an empty sessionStorage: only the server's session cookie says who this is.
    const tab = await context.newPage();
    await tab.goto('/en/insurances');
    await expect(tab).toHaveURL(/\/en\/insurances/);
    await expect(logoutEntry(tab)).toBeVisible();
    await expect(tab.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test('should log out everywhere when logging out from the host', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 401 /);
    await logIn(page, USERS.anna);
    await logoutEntry(page).click();
    await expect(logoutEntry(page)).toHaveCount(0);
    expect((await page.request.get('/api/checksession')).status()).toBe(401);
    await page.goto('/en/insurances');
    await expect(page).toHaveURL(/\/en\/login/);
  });

  test('should send a 401 inside a remote to the login page', async ({ page, context, consoleGuard }) => {
    consoleGuard.allow(/status of 401 /);
    await logIn(page, USERS.anna);
    await context.clearCookies({ name: 'PORTAL_SESSION' });
    await page.goto('/en/invoices');
    await expect(page).toHaveURL(/\/en\/login\?redirect=/);
    await expect(page.getByLabel('E-mail address')).toBeVisible();
  });
});

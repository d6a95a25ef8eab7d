import { test, expect } from '../support/fixtures';
import {
  currentSession,
  expectInvoiceRows,
  invoicesOf,
  logIn,
  logoutEntry,
  mainNavigation,
  navigateInApp,
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

  test('should show the login in the host navigation and inside remotes at once, and keep it on reload', async ({
    page,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const invoices = await invoicesOf(page.request, profileId);
    expect(invoices.length, 'anna has invoices').toBeGreaterThan(0);
    await expect(logoutEntry(page)).toBeVisible();
    // No reload in between: only the auth store the host and the remotes share tells remote-account
    // who logged in. (The main navigation has no Log in entry for a logged-in student.)
    await navigateInApp(page, '/login');
    await expect(page.getByRole('main').getByText('You are logged in as Anna.')).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveCount(0);
    await expect(logoutEntry(page)).toBeVisible();
    // The billing remote knows the profile from the same store: real rows, not just a heading.
    await mainNavigation(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/en\/invoices$/);
    await expectInvoiceRows(page, invoices);
    await page.reload();
    await expect(logoutEntry(page)).toBeVisible();
    await expect(page).toHaveURL(/\/en\/invoices$/);
    await expectInvoiceRows(page, invoices);
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

  test('should send a 401 from the api call of a remote to the login page and back', async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 .*\/api\/en\/profiles\/[^/]+\/invoices/);
    await logIn(page, USERS.anna);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    // The server forgets the session while the page still thinks it is logged in: no reload, so
    // neither the start-up session check nor the route guard notice; only the 401 can.
    await context.clearCookies({ name: 'PORTAL_SESSION' });
    const unauthorized = page.waitForResponse((response) =>
      /\/api\/en\/profiles\/[^/]+\/invoices$/.test(new URL(response.url()).pathname),
    );
    await mainNavigation(page).getByRole('link', { name: 'Invoices' }).click();
    expect((await unauthorized).status(), 'the billing remote asked for the invoices').toBe(401);
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Finvoices$/);
    await expect(logoutEntry(page)).toHaveCount(0);
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    // Logging in again returns to the page the 401 interrupted.
    await submitLogin(page, USERS.anna);
    await expect(page).toHaveURL(/\/en\/invoices$/);
    await expect(page.getByRole('main').getByRole('table', { name: 'Open' })).toBeVisible();
  });

  test('should send a visitor whose session ended to the login page on reload', async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 /);
    await logIn(page, USERS.anna);
    await context.clearCookies({ name: 'PORTAL_SESSION' });
    // A reload: the start-up session check answers 401 before any remote asks for anything.
    await page.goto('/en/invoices');
    await expect(page).toHaveURL(/\/en\/login\?redirect=/);
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await expect(logoutEntry(page)).toHaveCount(0);
  });
});

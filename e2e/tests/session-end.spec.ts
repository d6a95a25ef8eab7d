import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { logIn, logoutEntry, mainNavigation } from '../support/portal';
import { USERS } from '../support/origins';

const EXPIRED = 'Your session has expired. Please log in again.';

test.describe('the end of a session', () => {
  test('should say on the login page that a session the server ended has expired, and not after a logout', async ({
    page,
    consoleGuard,
  }) => {
    // The calls after the server ended the session answer 401: that is the point.
    consoleGuard.allow(/status of 401/);
    await page.goto('/en/login');
    await expect(page.getByText(EXPIRED)).toHaveCount(0);

    await logIn(page, USERS.anna);
    // My Insurance finishes loading first: a call of it answered 401 after the logout below would end
    // the session in this page already, and the next page would start as a visitor's.
    await page.waitForLoadState('networkidle');
    // The session ends on the server (as when it times out): the browser still thinks it is logged in.
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    expect((await page.request.get('/api/logout', { headers: { 'X-XSRF-TOKEN': xsrf } })).status()).toBe(204);
    await page.goto('/en/invoices');
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(page.getByText(EXPIRED)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.getByText('Je sessie is verlopen. Log opnieuw in.')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('group', { name: 'Taal' }).getByRole('button', { name: 'EN' }).click();

    // Logging in again goes back to where the student was, and the message is gone.
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await page.getByLabel('Password', { exact: true }).fill('Portal-Demo-2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/invoices/);

    // A logout of the student's own is not an expired session.
    await logoutEntry(page).click();
    await expect(mainNavigation(page).getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/en/login');
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await expect(page.getByText(EXPIRED)).toHaveCount(0);
  });

  test('should say a wrong password once, in the words of docs/requirements.md §8', async ({
    page,
    consoleGuard,
  }) => {
    // The browser logs the api's 401 for the wrong password: it is the answer this journey asks for.
    consoleGuard.allow(/status of 401 .*\/api\/login/);
    await page.goto('/en/login');
    await page.getByLabel('E-mail address').fill(USERS.anna);
    await page.getByLabel('Password', { exact: true }).fill('Not-Her-Password-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Username and/or password invalid.');
  });
});

import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { logoutEntry, mainNavigation, startLoggedIn, submitLogin } from '../support/portal';
import { DEMO_PASSWORD, USERS } from '../support/origins';

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  links: string[];
  createdAt: string;
}

/** A wrong current password answers 401, which Chromium logs as a console error. */
const ACCOUNT_401 = /status of 401 .*\/api\/accounts\//;

async function openProfile(page: Page): Promise<void> {
  await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

function section(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('region', { name });
}

/** The newest confirmation link mailed to `address`, from the api's development outbox. */
async function confirmationLink(page: Page, address: string): Promise<string> {
  const response = await page.request.get('/api/dev/outbox');
  expect(response.status(), 'GET /api/dev/outbox').toBe(200);
  const mails = (await response.json()) as OutboxMail[];
  const links = mails
    .filter((mail) => mail.to === address)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .flatMap((mail) => mail.links.filter((link) => link.includes('/confirm-email/')));
  const link = links.at(-1);
  expect(link, `a confirmation link mailed to ${address}`).toBeDefined();
  return link ?? '';
}

/** Asks for an e-mail change on the Profile page and waits for the answer. */
async function requestEmailChange(page: Page, newAddress: string, password: string): Promise<void> {
  const form = section(page, 'E-mail address');
  await form.getByLabel('New e-mail address').fill(newAddress);
  await form.getByLabel('Repeat new e-mail').fill(newAddress);
  await form.getByLabel('Current password').fill(password);
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
}

/** Changes the logged-in student's e-mail through the Profile page and the mailed link. */
async function changeEmail(page: Page, newAddress: string): Promise<void> {
  await openProfile(page);
  await requestEmailChange(page, newAddress, DEMO_PASSWORD);
  await expect(
    section(page, 'E-mail address').getByText(
      `We have sent a confirmation link to ${newAddress}; your e-mail changes when you follow it.`,
    ),
  ).toBeVisible();
  await page.goto(await confirmationLink(page, newAddress));
  await expect(page.getByText(`Your e-mail address is changed to ${newAddress}.`)).toBeVisible();
}

test.describe('the Profile page', () => {
  test('should save a changed surname that is still there after a reload', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await openProfile(page);
    const details = section(page, 'Personal details');
    const surname = details.getByLabel('Surname');
    const before = await surname.inputValue();
    expect(before).not.toBe('');

    await surname.fill('Bakker');
    await details.getByRole('button', { name: 'Save personal details' }).click();
    await expect(details.getByText('Your personal details are saved.')).toBeVisible();
    await page.reload();
    await expect(section(page, 'Personal details').getByLabel('Surname')).toHaveValue('Bakker');

    // Saving what is already saved sends nothing and says so.
    await section(page, 'Personal details').getByRole('button', { name: 'Save personal details' }).click();
    await expect(section(page, 'Personal details').getByText(/We did not find any changes/)).toBeVisible();

    // Back as it was, for the other journeys.
    await section(page, 'Personal details').getByLabel('Surname').fill(before);
    await section(page, 'Personal details').getByRole('button', { name: 'Save personal details' }).click();
    await expect(
      section(page, 'Personal details').getByText('Your personal details are saved.'),
    ).toBeVisible();
  });

  test('should choose a country by typing its name', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await openProfile(page);
    const details = section(page, 'Personal details');
    const nationality = details.getByLabel('Nationality');
    const before = await nationality.inputValue();
    await nationality.fill('Germany');
    await details.getByRole('button', { name: 'Save personal details' }).click();
    await expect(details.getByText('Your personal details are saved.')).toBeVisible();
    await page.reload();
    await expect(section(page, 'Personal details').getByLabel('Nationality')).toHaveValue('Germany');

    await section(page, 'Personal details').getByLabel('Nationality').fill(before);
    await section(page, 'Personal details').getByRole('button', { name: 'Save personal details' }).click();
    await expect(
      section(page, 'Personal details').getByText('Your personal details are saved.'),
    ).toBeVisible();
  });

  test('should change the e-mail address through the mailed link, then log in with the new address', async ({
    page,
    consoleGuard,
  }) => {
    // The used link is tried again at the end: its 401 is logged by Chromium.
    consoleGuard.allow(ACCOUNT_401);
    const newAddress = 'anna.moved@example.com';
    await startLoggedIn(page, USERS.anna);
    await changeEmail(page, newAddress);
    // The link ends the session opened with the old address.
    await expect(logoutEntry(page)).toHaveCount(0);

    await page.goto('/en/login');
    await submitLogin(page, newAddress);
    await expect(page).toHaveURL(/\/en\/insurances/);
    await openProfile(page);
    await expect(section(page, 'Personal details').getByLabel('E-mail address')).toHaveValue(newAddress);

    // The link works once only.
    const used = await confirmationLink(page, newAddress);

    // Back to the demo address, for the other journeys.
    await changeEmail(page, USERS.anna);
    await page.goto('/en/login');
    await submitLogin(page, USERS.anna);
    await expect(page).toHaveURL(/\/en\/insurances/);

    await page.goto(used);
    await expect(page.getByText('Sorry, this link is invalid or expired.')).toBeVisible();
  });

  test('should say "Invalid password." for a wrong current password and keep the student logged in', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(ACCOUNT_401);
    await startLoggedIn(page, USERS.anna);
    await openProfile(page);

    await requestEmailChange(page, 'anna.elsewhere@example.com', 'Not-Her-Password-1!');
    const emailForm = section(page, 'E-mail address');
    await expect(emailForm.getByText('Invalid password.')).toBeVisible();
    await expect(emailForm.getByLabel('Current password')).toBeFocused();

    const passwordForm = section(page, 'Password');
    await passwordForm.getByLabel('Current password').fill('Not-Her-Password-1!');
    await passwordForm.getByLabel('New password', { exact: true }).fill('Another-Secret-2026!');
    await passwordForm.getByLabel('Repeat new password').fill('Another-Secret-2026!');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByText('Invalid password.')).toBeVisible();

    await expect(page).toHaveURL(/\/en\/profile$/);
    await expect(logoutEntry(page)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(logoutEntry(page)).toBeVisible();
  });

  test('should show the new password rules as the student types', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await openProfile(page);
    const passwordForm = section(page, 'Password');
    const rule = (text: string) => passwordForm.getByRole('listitem').filter({ hasText: text });
    await expect(rule('a capital letter')).toContainText('(not yet)');
    await passwordForm.getByLabel('New password', { exact: true }).pressSequentially('Abc');
    await expect(rule('a capital letter')).toContainText('(done)');
    await expect(rule('a special character')).toContainText('(not yet)');
    await passwordForm.getByLabel('New password', { exact: true }).pressSequentially('defghijk1!');
    await expect(rule('a special character')).toContainText('(done)');
    await expect(rule('at least 12 characters')).toContainText('(done)');

    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByLabel('Current password')).toBeFocused();
    await passwordForm.getByLabel('Current password').fill(DEMO_PASSWORD);
    await passwordForm.getByLabel('Repeat new password').fill('Abcdefghijk1?');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByText('New password not the same.')).toBeVisible();
    await expect(passwordForm.getByLabel('Repeat new password')).toBeFocused();
  });

  test('should show an institute-managed student their details read-only with the institution message', async ({
    page,
  }) => {
    await startLoggedIn(page, USERS.ben);
    await openProfile(page);
    const details = section(page, 'Personal details');
    await expect(
      details.getByText(
        'Your institution manages these details; please contact your institution to change them.',
      ),
    ).toBeVisible();
    await expect(details.getByRole('textbox')).toHaveCount(0);
    await expect(details.getByRole('button')).toHaveCount(0);
    await expect(details.getByText(USERS.ben)).toBeVisible();
    // E-mail and password remain theirs to change.
    await expect(section(page, 'E-mail address').getByLabel('New e-mail address')).toBeEditable();
    await expect(section(page, 'Password').getByLabel('New password', { exact: true })).toBeEditable();
  });

  test('should link to the settings of each policy, and show a forbidden one as text with the reason', async ({
    page,
  }) => {
    await startLoggedIn(page, USERS.anna);
    await openProfile(page);
    const policies = section(page, 'Policy settings');
    await expect(policies.getByRole('heading', { level: 3 }).first()).toBeVisible();
    const enabled = policies.getByRole('link', { name: 'Change destination address' }).first();
    await expect(enabled).toHaveAttribute('href', /\/en\/insurances\/[^/]+\/address$/);
    // Anna's active policies have started: their start date cannot change any more. Plain text, not a
    // link that cannot be followed (WCAG 1.4.1).
    const started = policies
      .getByRole('listitem')
      // The setting's own item, not the policy's item around it.
      .filter({ hasNot: page.getByRole('list') })
      .filter({ hasText: 'Change start date' })
      .filter({ hasText: 'The start date cannot be changed once the policy has started.' })
      .first();
    await expect(started).toBeVisible();
    await expect(started.getByRole('link')).toHaveCount(0);
    await expect(policies.locator('[aria-disabled]')).toHaveCount(0);
  });

  test('should pass axe-core in English and in Dutch, errors shown too', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.anna);
    await openProfile(page);
    await expect(section(page, 'Policy settings').getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await section(page, 'E-mail address').getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(section(page, 'E-mail address').getByLabel('New e-mail address')).toBeFocused();
    await expectNoAxeViolations(page, consoleGuard);

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profiel' })).toBeVisible();
    const details = section(page, 'Persoonlijke gegevens');
    await expect(details.getByLabel('Land van herkomst')).toHaveValue('België');
    await expect(details.getByRole('radio', { name: 'Vrouw' })).toBeChecked();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should say an invalid confirmation link is invalid, and pass axe-core', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(ACCOUNT_401);
    await page.goto('/en/confirm-email/not-a-real-token-0123456789abcdef/someone%40example.com');
    await expect(page.getByText('Sorry, this link is invalid or expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/confirm-email\//);
    await expectNoAxeViolations(page, consoleGuard);
  });
});

import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { logIn, logOut, mainNavigation } from '../support/portal';
import { DEMO_PASSWORD, USERS } from '../support/origins';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A refused passkey login, and a removal with a wrong password, answer 401, which Chromium logs as a
 * console error.
 */
const PASSKEY_401 = /status of 401 .*\/api\/passkeys\//;

function passkeysSection(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: /^Passkeys$/ });
}

async function openProfile(page: Page): Promise<void> {
  await mainNavigation(page)
    .getByRole('link', { name: /^(Profile|Profiel)$/ })
    .click();
  await expect(passkeysSection(page)).toBeVisible();
}

async function switchLanguage(page: Page, code: 'NL' | 'EN', lang: string): Promise<void> {
  await page
    .getByRole('group', { name: /Language|Taal/ })
    .getByRole('button', { name: code })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function mailsTo(page: Page, address: string): Promise<OutboxMail[]> {
  const response = await page.request.get('/api/dev/outbox');
  expect(response.status()).toBe(200);
  return ((await response.json()) as OutboxMail[]).filter((mail) => mail.to === address);
}

test.describe('passkeys', () => {
  test('should add a passkey in Profile, log in with it without typing, remove it, and then refuse it', async ({
    page,
    consoleGuard,
  }) => {
    // The whole story in one journey (it needs the passkey it made), with two axe runs per language.
    test.setTimeout(240_000);
    consoleGuard.allow(PASSKEY_401);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    await logIn(page, USERS.chen);
    await openProfile(page);
    const passkeys = passkeysSection(page);
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();

    // Add a passkey: the current password first, then the browser creates it.
    await passkeys.getByLabel('Current password').fill(DEMO_PASSWORD);
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('The passkey “Passkey 1” is added.', { exact: false })).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    const item = passkeys.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Date added')).toBeVisible();
    await expect(item.getByText('Not used yet')).toBeVisible();
    await item.getByLabel('Name').fill('Chen’s laptop');
    await item.getByRole('button', { name: 'Save name' }).click();
    await expect(item.getByText('The name is saved.')).toBeVisible();
    await expect(item.getByRole('heading', { name: 'Chen’s laptop' })).toBeVisible();

    const [notice] = await mailsTo(page, USERS.chen);
    expect(notice?.subject).toBe('A passkey was added to your account');
    expect(notice?.text).toContain('Profile > Passkeys');

    await expectNoAxeViolations(page, consoleGuard);
    await switchLanguage(page, 'NL', 'nl');
    await expect(passkeys.getByRole('button', { name: 'Verwijderen' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await switchLanguage(page, 'EN', 'en-GB');

    // Log out; log in with the passkey without typing anything.
    await logOut(page);
    await page.goto('/en/login');
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await expect(page).toHaveURL(/\/en\/insurances/);
    await expect(page.getByLabel('E-mail address')).toHaveCount(0);

    // The Profile shows when it was last used; removing it asks the password.
    await openProfile(page);
    const used = passkeysSection(page).getByRole('listitem');
    await expect(used.getByText('Not used yet')).toHaveCount(0);
    await used.getByRole('button', { name: 'Remove' }).click();
    await expectNoAxeViolations(page, consoleGuard);
    await used.getByLabel('Current password').fill('not-my-password');
    await used.getByRole('button', { name: 'Remove' }).click();
    await expect(used.getByText('Invalid password.', { exact: false })).toBeVisible();
    await used.getByLabel('Current password').fill(DEMO_PASSWORD);
    await used.getByRole('button', { name: 'Remove' }).click();
    // It opened this session: removing it ended the session too.
    await expect(
      page
        .getByRole('link', { name: 'Log in to see your profile' })
        .or(page.getByRole('button', { name: 'Log in with a passkey' })),
    ).toBeVisible();
    expect((await page.request.get('/api/checksession')).status()).toBe(401);

    // The authenticator still holds it; the portal no longer knows it.
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await expect(page.getByText('This passkey is not recognised. Log in with your password.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/login/);
    await expectNoAxeViolations(page, consoleGuard);
    await switchLanguage(page, 'NL', 'nl');
    await page.getByRole('button', { name: 'Inloggen met een passkey' }).click();
    await expect(page.getByText('Deze passkey wordt niet herkend. Log in met je wachtwoord.')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should say so when the student has no passkey for the portal on this device', async ({ page }) => {
    await addVirtualAuthenticator(page);
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await expect(
      page.getByText('No passkey was used. Try again, or log in with your password.'),
    ).toBeVisible();
  });
});

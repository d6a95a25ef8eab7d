import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

// A student on a phone: the usability test's viewport, with touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Today plus `n` days as the forms take it (dd/mm/yyyy). */
function formDay(n: number, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + n);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}

async function xsrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('right the first time on a phone', () => {
  test('a wrong password is said once; an institute policy says why it cannot be renewed or terminated, and whom to ask', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 .*\/api\/login/);
    await page.goto('/en/login');
    await page.getByLabel('E-mail address').fill(USERS.ben);
    await page.getByLabel('Password', { exact: true }).fill('Not-His-Password-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Username and/or password invalid.');

    await startLoggedIn(page, USERS.ben);
    await page.goto('/en/insurances/POL-1002-H/renew');
    const main = page.getByRole('main');
    await expect(main.getByText('This policy cannot be renewed.')).toBeVisible();
    await expect(main.getByText(/Your institution arranges this policy/)).toContainText(
      'please contact University of Amsterdam',
    );
    await expect(main.getByRole('link', { name: 'Questions? Service & Contact' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await page.goto('/en/insurances/POL-1002-H/terminate');
    await expect(main.getByText(/only your institution can terminate or shorten it/)).toContainText(
      'University of Amsterdam',
    );
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('the renewal steps are addresses: Back and Forward move between them, a reload stays', async ({
    page,
  }) => {
    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/insurances/POL-1001-T/renew');
    await expect(page.getByRole('heading', { name: 'Insure an additional period' })).toBeVisible();
    const travelEnd = await page.evaluate(async () => {
      const session = (await (await fetch('/api/checksession')).json()) as { profileId: string };
      const policies = (await (await fetch(`/api/en/profiles/${session.profileId}/policies`)).json()) as {
        policyId: string;
        endDate: string;
      }[];
      return policies.find((policy) => policy.policyId === 'POL-1001-T')?.endDate ?? '';
    });
    const [year, month, day] = travelEnd.split('-').map(Number);
    await page
      .getByLabel('New end date')
      .fill(formDay(0, new Date((year ?? 0) + 1, (month ?? 1) - 1, day ?? 1)));
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('BIC').fill('ABNANL2A');
    await page.getByLabel('Account holder').fill('A. de Vries');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Acceptance questions' })).toBeVisible();
    await expect(page).toHaveURL(/\/renew\?step=acceptance$/);

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Insure an additional period' })).toBeVisible();
    await expect(page).toHaveURL(/\/renew\?step=period$/);
    await expect(page.getByLabel('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Acceptance questions' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Acceptance questions' })).toBeVisible();
  });

  test('payment settings show the account on file and the saved term', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/invoices/payment-settings/POL-1001-T');
    const main = page.getByRole('main');
    await expect(main.getByText('NL•• •••• •••• •••• 4300').first()).toBeVisible();
    await expect(main.getByRole('radio', { name: /^Keep the current account/ })).toBeChecked();
    await expect(main.getByLabel('IBAN')).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);
    // Another journey of this stack may have made the term quarterly already: choose a term she has not.
    const summary = main.locator('dl').first();
    const before = (await summary.textContent()) ?? '';
    const [term, previous] = before.includes('Quarterly')
      ? ['Half-yearly', 'Quarterly']
      : ['Quarterly', 'Monthly'];
    await main.getByRole('radio', { name: term }).check();
    await main.getByRole('button', { name: 'Save payment settings' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'saved' })).toContainText(
      `Payment term: ${term}.`,
    );
    await expect(summary).toContainText(term);
    await expect(summary).not.toContainText(previous);
  });

  test('a refused termination says why', async ({ page, consoleGuard }) => {
    // One tab on the verify step of a termination while the policy goes under review elsewhere.
    // Lucas's policy, not anna's: the renewal journeys need hers renewable and not under review.
    await startLoggedIn(page, USERS.lucas);
    await page.goto('/en/insurances/POL-1007-H/terminate');
    await page.getByLabel('New end date').fill(formDay(30));
    await page.getByLabel('Reason of termination').fill('Going home early');
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Verify changes' })).toBeVisible();
    await expect(page).toHaveURL(/\/terminate\?step=verify$/);
    const moved = await page.request.post('/api/en/policies/POL-1007-H/address', {
      headers: { 'X-XSRF-TOKEN': await xsrf(page) },
      data: {
        id: 'POL-1007-H',
        postalCode: '3011AD',
        houseNumber: '7',
        houseNumberAddition: '',
        street: 'Coolsingel',
        city: 'Rotterdam',
        country: 'NL',
        moveReason: 'Moving in with a friend',
      },
    });
    expect((await moved.json()) as unknown).toEqual({ underReview: true });
    consoleGuard.allow(/status of 409 .*\/terminate/);
    await page.getByRole('button', { name: 'Terminate policy' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your policy was not terminated');
    await expect(alert).toContainText('A change of this policy is under review.');
    await expect(alert).not.toContainText('try again later');
    await expect(alert).toBeInViewport();
  });

  test('a rejected claim says why and how to go on; a new application says it is being reviewed', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.chen);
    await page.goto('/en/claims');
    await page.getByRole('link', { name: 'See why claim CLM-2025-0000C004 was rejected' }).click();
    await expect(page).toHaveURL(/\/en\/claims\/CLM-2025-0000C004$/);
    const why = page.getByRole('region', { name: 'Why your claim was rejected' });
    await expect(why).toContainText('Your policy does not cover this treatment or cost.');
    await expect(why).toContainText('Questions about this decision, or do you disagree with it?');
    await expectNoAxeViolations(page, consoleGuard);
    await why.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/en\/service-contact\/contact$/);
    // Logged in, the contact form knows who she is and that she is a customer.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Chen Li');
    await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(USERS.chen);
    await expect(page.getByRole('group', { name: 'Are you already a customer?' })).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);

    await page.goto('/en/insurances');
    const application = page.getByRole('article').filter({ hasText: 'APP-2026-100307' });
    await expect(application).toContainText('Application under review');
    await expect(application).toContainText(
      'Your application is under review. We will e-mail you our decision within 4 business days',
    );
    await expect(application).not.toContainText('A change is under review');
    await expectNoAxeViolations(page, consoleGuard);

    await page.goto('/en/claims/CLM-2025-0000C004');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
    await expect(page.getByRole('region', { name: 'Waarom je declaratie is afgewezen' })).toContainText(
      'Je polis dekt deze behandeling of deze kosten niet.',
    );
  });

  test('the claims list reads on a 360 px screen without sideways scrolling', async ({
    page,
    consoleGuard,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await startLoggedIn(page, USERS.chen);
    await page.goto('/en/claims');
    const table = page.getByRole('table', { name: /claims/i });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await noSidewaysScroll(page);
    // Every claim's status is on screen, with its label.
    const status = table.locator('td[data-label="Status"]').first();
    await expect(status).toBeInViewport();
    await expectNoAxeViolations(page, consoleGuard);
  });
});

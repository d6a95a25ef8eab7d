import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

/** Today plus `n` days, as the forms show it (dd/mm/yyyy). */
function formDay(n: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}

async function switchToDutch(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
}

function profileSection(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('region', { name });
}

interface WirePolicy {
  policyId: string;
  customerType: string;
  editable: string;
  documents: { id: string; name: string }[];
}

async function sofiasPolicy(page: Page): Promise<WirePolicy> {
  const { profileId } = await currentSession(page.request);
  const response = await page.request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status()).toBe(200);
  const [policy] = (await response.json()) as WirePolicy[];
  expect(policy?.customerType).toBe('INSTITUTE_STUDENT_PAYS');
  expect(policy?.editable).toBe('true');
  return policy as WirePolicy;
}

test.describe('one set of policy rules: an editable policy paid via the institution', () => {
  test('the card and Profile agree, the change pages open, and payment settings are locked', async ({
    page,
    consoleGuard,
  }) => {
    // Card, Profile, three change pages and two languages: more than one default test's time.
    test.setTimeout(150_000);
    await startLoggedIn(page, USERS.sofia);
    const policy = await sofiasPolicy(page);
    await page.goto('/en/insurances');
    const card = page.getByRole('main').getByRole('article', { name: 'Health' });
    // The student's own policy: no "contact your institution" notice, but its changes.
    await expect(card.getByRole('link', { name: 'Terminate or shorten' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Change start date' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Change address' })).toBeVisible();
    await expect(card.getByText(/Please contact your institution to change it\./)).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Payment settings' })).toHaveCount(0);
    await expect(card.getByText(/you pay for this policy via your institution/)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await page.goto('/en/profile');
    const settings = profileSection(page, 'Policy settings');
    await expect(settings.getByRole('link', { name: 'Change destination address' })).toHaveAttribute(
      'href',
      `/en/insurances/${policy.policyId}/address`,
    );
    await expect(settings.getByRole('link', { name: 'Change start date' })).toHaveAttribute(
      'href',
      `/en/insurances/${policy.policyId}/start-date`,
    );
    await expect(settings.getByRole('link', { name: 'Change payment settings' })).toHaveCount(0);
    await expect(
      settings.getByText('You pay through your institution; please contact your institution.'),
    ).toBeVisible();
    // Her personal details are hers to change as well.
    await expect(profileSection(page, 'Personal details').getByLabel('Surname')).toBeEditable();

    await page.goto(`/en/insurances/${policy.policyId}/start-date`);
    await expect(page.getByLabel('New start date')).toBeVisible();
    await page.goto(`/en/insurances/${policy.policyId}/address`);
    await expect(page.getByLabel('Postcode')).toBeVisible();
    await page.goto(`/en/invoices/payment-settings/${policy.policyId}`);
    const main = page.getByRole('main');
    await expect(main.getByText('You pay for this policy via your institution.')).toBeVisible();
    await expect(main.getByRole('radio')).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);

    await switchToDutch(page);
    await expect(main.getByText('Je betaalt deze polis via je onderwijsinstelling.')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('the api allows what the rules allow and refuses what they refuse', async ({ page }) => {
    await startLoggedIn(page, USERS.sofia);
    const policy = await sofiasPolicy(page);
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const post = (change: string, body: Record<string, unknown>) =>
      page.request.post(`/api/en/policies/${policy.policyId}/${change}`, {
        headers: { 'X-XSRF-TOKEN': xsrf },
        data: { id: policy.policyId, ...body },
      });
    const payment = await post('payment', { paymentTerm: 'YEARLY', paymentMethod: 'BANK_TRANSFER' });
    expect(payment.status()).toBe(403);
    expect((await payment.json()).code).toBe('PAYMENT_LOCKED');

    // The start date through the page, as a student does it.
    await page.goto(`/en/insurances/${policy.policyId}/start-date`);
    await page.getByLabel('New start date').fill(formDay(25));
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`The start date of your policy is now`)).toBeVisible();
  });
});

test.describe("ben's institute policy", () => {
  test('Profile shows each locked setting as text with the reason, and passes axe in EN and NL', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.ben);
    await page.goto('/en/profile');
    const settings = profileSection(page, 'Policy settings');
    await expect(settings.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(settings.getByRole('link')).toHaveCount(0);
    await expect(settings.locator('[aria-disabled]')).toHaveCount(0);
    await expect(
      settings
        .getByRole('listitem')
        .filter({ hasText: 'Change destination address' })
        .filter({ hasText: 'Your institution manages this policy; please contact your institution.' })
        .last(),
    ).toBeVisible();
    await expect(
      settings
        .getByRole('listitem')
        .filter({ hasText: 'Change payment settings' })
        .filter({ hasText: 'Your institution pays for this policy.' })
        .last(),
    ).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await switchToDutch(page);
    await expect(
      profileSection(page, 'Polisinstellingen').getByText(
        'Je onderwijsinstelling beheert deze polis; neem contact op met je instelling.',
      ),
    ).toHaveCount(2);
    await expectNoAxeViolations(page, consoleGuard);
  });
});

import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, policiesOf, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

/** The requirements' §8 message for a form sent as it stands. */
const NO_CHANGES = 'No changes found: We did not find any changes.';

async function annasTravelPolicy(page: Page): Promise<string> {
  const { profileId } = await currentSession(page.request);
  const travel = (await policiesOf(page.request, profileId)).find(
    (policy) => policy.insuranceType === 'TRAVEL',
  );
  expect(travel).toBeDefined();
  return travel?.policyId ?? '';
}

test.describe('No changes found', () => {
  test('the address form says so when the address on file is sent again, and nothing goes under review', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const policyId = await annasTravelPolicy(page);
    await page.goto(`/en/insurances/${policyId}/address`);
    await expect(page.getByRole('heading', { name: 'Change your destination address' })).toBeVisible();
    // The address on file (Dam 1, 1012AB Amsterdam, the seeded demo data), typed again as it is.
    await page.getByLabel('Postcode').fill('1012AB');
    await page.getByLabel('House number').pressSequentially('1');
    await expect(page.getByLabel('Street')).toHaveValue('Dam');
    await expect(page.getByLabel('City')).toHaveValue('Amsterdam');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('alert')).toContainText(NO_CHANGES);
    await expectNoAxeViolations(page, consoleGuard);
    const { profileId } = await currentSession(page.request);
    const policy = (await policiesOf(page.request, profileId)).find((item) => item.policyId === policyId);
    expect(policy?.status).toBe('ACTIVE');
  });

  test('the payment settings form says so when the same term, method and account are sent', async ({
    page,
    consoleGuard,
  }) => {
    // The api answers 409 NO_CHANGES for the account on file, which the browser logs.
    consoleGuard.allow(/status of 409 .*\/payment/);
    await startLoggedIn(page, USERS.anna);
    const policyId = await annasTravelPolicy(page);
    const main = page.getByRole('main');
    // Other journeys change this policy's settings too, so the first save sets them (or finds them
    // set already); the second, the same again, is the one that must change nothing.
    const sendMonthlyDirectDebit = async () => {
      await page.goto(`/en/invoices/payment-settings/${policyId}`);
      await expect(main.getByRole('heading', { level: 1, name: 'Payment settings' })).toBeVisible();
      await main.getByRole('radio', { name: 'Monthly' }).check();
      await main.getByRole('radio', { name: 'Direct debit' }).check();
      // An account on file is kept unless she chooses another; without one, she gives it.
      const keep = main.getByRole('radio', { name: /^Keep the current account/ });
      if ((await keep.count()) > 0) await keep.check();
      else {
        await main.getByLabel('IBAN').fill('NL91ABNA0417164300');
        await main.getByLabel('BIC').fill('ABNANL2A');
        await main.getByLabel('Account holder').fill('A. de Vries');
      }
      await main.getByRole('button', { name: 'Save payment settings' }).click();
    };
    await sendMonthlyDirectDebit();
    await expect(
      main.getByText(/Your payment settings have been saved\.|No changes found/).first(),
    ).toBeVisible();
    await sendMonthlyDirectDebit();
    await expect(main.getByRole('alert')).toContainText(NO_CHANGES);
    await expect(main.getByText('Your payment settings have been saved.')).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);
  });
});

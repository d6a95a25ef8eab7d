import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { currentSession, invoicesOf, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

/** Switches the portal to Dutch with the header's language switch. */
async function switchToDutch(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
}

type RawPolicy = { policyId: string; insuranceType: string; paymentTerm: string; paymentMethod: string };

async function policies(page: Page): Promise<RawPolicy[]> {
  const { profileId } = await currentSession(page.request);
  const response = await page.request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RawPolicy[];
}

async function outstandingFlag(page: Page, invoiceNumber: string): Promise<string | undefined> {
  const { profileId } = await currentSession(page.request);
  return (await invoicesOf(page.request, profileId)).find(
    (invoice) => invoice.invoiceNumber === invoiceNumber,
  )?.isOutstanding;
}

function invoiceRow(page: Page, table: 'Open' | 'Paid', invoiceNumber: string) {
  return page
    .getByRole('main')
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: invoiceNumber, exact: true }) });
}

/** From the invoices page to the pay page of one open invoice, through its Pay action. */
async function openPayPage(page: Page, invoiceNumber: string): Promise<void> {
  await page.goto('/en/invoices');
  await invoiceRow(page, 'Open', invoiceNumber)
    .getByRole('link', { name: `Pay invoice ${invoiceNumber}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/en/invoices/${invoiceNumber}/pay$`));
  await expect(page.getByRole('heading', { level: 1, name: `Pay invoice ${invoiceNumber}` })).toBeVisible();
}

test.describe('billing', () => {
  test('anna pays an open invoice by iDeal through the provider page and sees it paid', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    await openPayPage(page, 'INV-100103');
    const main = page.getByRole('main');
    await expect(main.getByText('Amount due')).toBeVisible();
    await expect(main.getByText('€20.00')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await main.getByRole('radio', { name: 'iDeal' }).check();
    await main.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\/[0-9a-f]{32}$/);
    await expect(page.getByRole('heading', { name: 'Payment sandbox' })).toBeVisible();
    expect(await outstandingFlag(page, 'INV-100103'), 'not paid before the provider says so').toBe('J');

    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/en\/invoices\?invoice=INV-100103&payment=paid$/);
    await expect(main.getByText('Payment received')).toBeVisible();
    await expect(invoiceRow(page, 'Paid', 'INV-100103')).toBeVisible();
    await expect(invoiceRow(page, 'Open', 'INV-100103')).toHaveCount(0);
    expect(await outstandingFlag(page, 'INV-100103')).toBe('N');
    await expectNoAxeViolations(page, consoleGuard);

    // A paid invoice cannot be paid again, not even through its address.
    await page.goto('/en/invoices/INV-100103/pay');
    await expect(
      main.getByText('Invoice INV-100103 has been paid. There is nothing left to pay.'),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  });

  test('a cancelled card payment leaves the invoice open and says nothing was charged', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    await openPayPage(page, 'INV-100104');
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Credit card (MasterCard, Visa)' }).check();
    await main.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\/[0-9a-f]{32}$/);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/en\/invoices\?invoice=INV-100104&payment=cancelled$/);
    const alert = main.getByRole('alert');
    await expect(alert).toContainText('Payment cancelled / failed, nothing was charged');
    await expect(invoiceRow(page, 'Open', 'INV-100104')).toBeVisible();
    expect(await outstandingFlag(page, 'INV-100104')).toBe('J');
    await expectNoAxeViolations(page, consoleGuard);

    // The retry leads back to the pay page.
    await alert.getByRole('link', { name: 'Try again to pay invoice INV-100104' }).click();
    await expect(page).toHaveURL(/\/en\/invoices\/INV-100104\/pay$/);
    await expect(main.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  test('the bank transfer choice shows the account, the reference and the amount', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    await openPayPage(page, 'INV-100104');
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Bank transfer' }).check();
    await main.getByRole('button', { name: 'Pay' }).click();
    const details = main.getByRole('region', { name: 'Pay by bank transfer' });
    await expect(details).toBeVisible();
    await expect(details.getByText('NL20INGB0001234567')).toBeVisible();
    await expect(details.getByText('INV-100104', { exact: true })).toBeVisible();
    await expect(details.getByText('€65.00')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Copy Payment reference' })).toBeVisible();
    await expect(details.getByText(/turns paid when the money arrives/)).toBeVisible();
    await expect(page).toHaveURL(/\/en\/invoices\/INV-100104\/pay$/);
    expect(await outstandingFlag(page, 'INV-100104')).toBe('J');
    await expectNoAxeViolations(page, consoleGuard);

    await switchToDutch(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Factuur INV-100104 betalen' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('the pay page works with the keyboard alone, with visible focus', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/invoices');
    const link = invoiceRow(page, 'Open', 'INV-100104').getByRole('link', { name: 'Pay invoice INV-100104' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/invoices\/INV-100104\/pay$/);
    const main = page.getByRole('main');
    const card = main.getByRole('radio', { name: 'Credit card (MasterCard, Visa)' });
    for (
      let presses = 0;
      presses < 30 && !(await card.evaluate((el) => el === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(card).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(main.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    await page.keyboard.press('Tab');
    const pay = main.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeFocused();
    const outline = await pay.evaluate((el) => {
      const style = getComputedStyle(el);
      return { outline: style.outlineStyle, shadow: style.boxShadow };
    });
    expect(
      outline.outline !== 'none' || outline.shadow !== 'none',
      'the focused button shows its focus',
    ).toBe(true);
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: 'Pay by bank transfer' })).toBeFocused();
  });

  test('anna changes her Travel policy to quarterly direct debit with a Dutch IBAN', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const travel = (await policies(page)).find((policy) => policy.insuranceType === 'TRAVEL');
    expect(travel).toBeDefined();
    await page.goto(`/en/invoices/payment-settings/${travel?.policyId}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Payment settings' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await main.getByRole('radio', { name: 'Quarterly' }).check();
    await main.getByRole('radio', { name: 'Direct debit' }).check();
    // Anna pays by direct debit already: the account on file is kept unless she chooses another.
    await main.getByRole('radio', { name: 'Use another bank account' }).check();
    await main.getByLabel('IBAN').fill('NL91ABNA0417164300');
    await main.getByLabel('BIC').fill('ABNANL2A');
    await main.getByLabel('Account holder').fill('Anna de Vries');
    await expectNoAxeViolations(page, consoleGuard);
    await main.getByRole('button', { name: 'Save payment settings' }).click();

    const done = main.getByRole('status').filter({ hasText: 'Your payment settings have been saved.' });
    await expect(done).toContainText('Payment term: Quarterly. Payment method: Direct debit.');
    await expect(done).toContainText(
      'The new payment term takes effect with the invoice for the next payment term.',
    );
    const saved = (await policies(page)).find((policy) => policy.policyId === travel?.policyId);
    expect(saved).toMatchObject({ paymentTerm: 'QUARTERLY', paymentMethod: 'DIRECT_DEBIT' });
  });

  test('a UK IBAN is refused with its message', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.anna);
    const health = (await policies(page)).find((policy) => policy.insuranceType === 'HEALTH');
    await page.goto(`/en/invoices/payment-settings/${health?.policyId}`);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Direct debit' }).check();
    await main.getByRole('radio', { name: 'Use another bank account' }).check();
    const iban = main.getByLabel('IBAN');
    await iban.fill('GB82 WEST 1234 5698 7654 32');
    await iban.blur();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveAccessibleDescription(/UK IBANs are not accepted\./);
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/payment')) posted = true;
    });
    await main.getByRole('button', { name: 'Save payment settings' }).click();
    await expect(iban).toBeFocused();
    expect(posted, 'nothing is sent with a UK IBAN').toBe(false);
    await expectNoAxeViolations(page, consoleGuard);

    await switchToDutch(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Betaalinstellingen' })).toBeVisible();
    await expect(main.getByLabel('IBAN')).toHaveAccessibleDescription(/IBAN/);
    await expectNoAxeViolations(page, consoleGuard);
  });

  test("chen's credit-card policy shows locked settings with the reason", async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.chen);
    const card = (await policies(page)).find((policy) => policy.paymentMethod === 'CREDITCARD');
    expect(card).toBeDefined();
    await page.goto(`/en/invoices/payment-settings/${card?.policyId}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Payment settings cannot be changed online')).toBeVisible();
    await expect(main.getByText('This policy is paid by credit card.')).toBeVisible();
    await expect(main.getByText(/contact us through Service & Contact/)).toBeVisible();
    await expect(main.getByRole('radio')).toHaveCount(0);
    await expect(main.getByRole('textbox')).toHaveCount(0);
    await expect(main.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);

    await switchToDutch(page);
    await expect(main.getByText('Deze polis wordt per creditcard betaald.')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('an institute-paid student is offered no payment', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.ben);
    await page.goto('/en/invoices');
    const main = page.getByRole('main');
    await expect(main.getByText(/paid by your educational institution/)).toBeVisible();
    await expect(main.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);
    await switchToDutch(page);
    await expect(main.getByText(/betaald door je onderwijsinstelling/)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });
});

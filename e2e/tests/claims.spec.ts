import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { appStarted, logOut, logoutEntry, startLoggedIn, submitLogin } from '../support/portal';
import { USERS } from '../support/origins';

const MB = 1024 * 1024;

/** A file as the file chooser hands it over, made here: `size` bytes starting with `head`. */
function receipt(name: string, mimeType: string, head: string | number[], size = 2048) {
  const buffer = Buffer.alloc(size);
  (typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head)).copy(buffer);
  return { name, mimeType, buffer };
}
const pdf = (name: string, size?: number) => receipt(name, 'application/pdf', '%PDF-1.4\n', size);
const png = (name: string) => receipt(name, 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A day relative to today as the form takes it (dd/mm/yyyy). */
function formDate(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

async function openForm(page: Page): Promise<void> {
  await page.goto('/en/service-contact/file-a-claim');
  await expect(page.getByRole('heading', { level: 1, name: 'File a claim' })).toBeVisible();
  // The frame the server paints is a visitor's form; a student's has her policies to choose from.
  await appStarted(page);
  await expect(page.getByLabel('Policy')).toBeVisible();
}

async function fillInClaim(page: Page, description: string): Promise<void> {
  await page.getByLabel('Policy').selectOption({ label: 'TR-2026-100101 – Travel insurance' });
  await page.getByLabel('Claim category').selectOption({ label: 'Medical or other costs' });
  await page.getByLabel('Incident date').fill(formDate(-3));
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Amount claimed (EUR)').fill('125,50');
  await page.getByLabel('IBAN for the payout').fill('NL91 ABNA 0417 1643 00');
}

const addedReceipts = (page: Page) => page.getByRole('list', { name: 'Files added' }).getByRole('listitem');

async function switchToDutch(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
}

test.describe('claims', () => {
  test('anna files a claim with two receipts and finds it on the Claims page as received', async ({
    page,
  }) => {
    await startLoggedIn(page, USERS.anna);
    await openForm(page);
    await fillInClaim(page, 'Doctor visit after a bicycle fall');
    await page
      .getByLabel('Receipts', { exact: true })
      .setInputFiles([pdf('doctor-bill.pdf'), png('pharmacy.png')]);
    await expect(addedReceipts(page)).toHaveCount(2);
    await expect(addedReceipts(page).first()).toContainText('doctor-bill.pdf');
    await expect(addedReceipts(page).first()).toContainText('2 KB');

    await page.getByRole('button', { name: 'Send claim' }).click();
    await expect(page.getByRole('heading', { name: 'Your claim has been received' })).toBeVisible();
    const claimNumber = (await page.locator('.claim-done__number').textContent())?.trim() ?? '';
    expect(claimNumber).toMatch(/^CLM-\d{4}-[0-9A-F]{8}$/);

    await page.getByRole('link', { name: 'View your claim on the Claims page' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/claims/${claimNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Status timeline' });
    await expect(timeline.getByRole('listitem').first()).toContainText('Received');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Not yet');
    await expect(page.getByRole('button', { name: 'Download doctor-bill.pdf' })).toBeVisible();

    // The receipt comes back as it was sent.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download doctor-bill.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('doctor-bill.pdf');

    await page.getByRole('link', { name: 'Back to all claims' }).click();
    await expect(page).toHaveURL(/\/en\/claims$/);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: claimNumber, exact: true }) });
    await expect(row).toContainText('TR-2026-100101');
    await expect(row).toContainText('€125.50');
    await expect(row).toContainText('Received');
  });

  test('a 12 MB file and a sixth file are refused with their messages', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await openForm(page);
    const input = page.getByLabel('Receipts', { exact: true });
    await input.setInputFiles([pdf('scan-12mb.pdf', 12 * MB)]);
    await expect(
      page.getByText('scan-12mb.pdf was not added: Each receipt can be at most 10 MB.'),
    ).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(addedReceipts(page)).toHaveCount(0);

    await input.setInputFiles([1, 2, 3, 4, 5, 6].map((n) => pdf(`receipt-${n}.pdf`)));
    await expect(page.getByText('receipt-6.pdf was not added: Attach at most 5 receipts.')).toBeVisible();
    await expect(addedReceipts(page)).toHaveCount(5);

    // Removing one by keyboard makes room again.
    await page.getByRole('button', { name: 'Remove receipt-1.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect(addedReceipts(page)).toHaveCount(4);
    await expect(input).toBeFocused();
    await page.getByRole('button', { name: 'Discard draft' }).click();
  });

  test('anna types half a claim, reloads, and continues her draft with her files', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await openForm(page);
    await page.getByLabel('Description').fill('Dentist after a fall, half typed');
    await page.getByLabel('Amount claimed (EUR)').fill('80');
    await page.getByLabel('Receipts', { exact: true }).setInputFiles([pdf('dentist.pdf')]);
    // A receipt is listed once the draft on this device holds it.
    await expect(addedReceipts(page)).toHaveCount(1);
    await expect(page.getByText(/Draft saved on this device/)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: /^Continue your draft from .+\?$/ })).toBeVisible();
    await expect(page.getByText('Your draft has 1 receipt attached.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue draft' }).click();
    await expect(page.getByLabel('Description')).toHaveValue('Dentist after a fall, half typed');
    await expect(page.getByLabel('Amount claimed (EUR)')).toHaveValue('80');
    await expect(addedReceipts(page)).toHaveCount(1);
    await expect(addedReceipts(page).first()).toContainText('dentist.pdf');

    // Her files are the real files: the continued draft can be sent.
    await fillInClaim(page, 'Dentist after a fall');
    await page.getByRole('button', { name: 'Send claim' }).click();
    await expect(page.getByRole('heading', { name: 'Your claim has been received' })).toBeVisible();
    await page.goto('/en/service-contact/file-a-claim');
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(page.getByRole('heading', { name: /Continue your draft/ })).toHaveCount(0);
  });

  test('logging out removes the draft from the device', async ({ page }) => {
    await startLoggedIn(page, USERS.anna);
    await openForm(page);
    await page.getByLabel('Description').fill('Typed before logging out');
    await expect(page.getByText(/Draft saved on this device/)).toBeVisible();
    await logoutEntry(page).click();
    await expect(logoutEntry(page)).toHaveCount(0);
    await startLoggedIn(page, USERS.anna);
    await openForm(page);
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(page.getByRole('heading', { name: /Continue your draft/ })).toHaveCount(0);
  });

  test('a visitor who logs in from the claim form is brought back to it with her policies', async ({
    page,
  }) => {
    await page.goto('/en/service-contact/file-a-claim');
    await expect(page.getByLabel('Policy number')).toBeVisible();
    await page.getByRole('link', { name: 'Have an account? Log in to choose from your policies.' }).click();
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fservice-contact%2Ffile-a-claim$/);
    await submitLogin(page, USERS.anna);
    await expect(page).toHaveURL(/\/en\/service-contact\/file-a-claim$/);
    await expect(page.getByRole('heading', { level: 1, name: 'File a claim' })).toBeVisible();
    await expect(page.getByLabel('Policy', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Date of birth')).toHaveCount(0);
  });

  test('chen sees a claim in each status, and a paid claim with every step dated', async ({ page }) => {
    await startLoggedIn(page, USERS.chen);
    await page.goto('/en/claims');
    // Her seeded claims; other journeys of this stack may have filed more.
    const seeded = [
      ['CLM-2026-0000C001', 'Received'],
      ['CLM-2026-0000C002', 'In review'],
      ['CLM-2026-0000C003', 'Approved'],
      ['CLM-2025-0000C004', 'Rejected'],
      ['CLM-2025-0000C005', 'Paid'],
    ] as const;
    for (const [claimNumber, status] of seeded) {
      const row = page.getByRole('table').getByRole('row').filter({ hasText: claimNumber });
      await expect(row.locator('td:last-child')).toHaveText(new RegExp(`^${status}`));
    }
    // A rejected claim links to why.
    await expect(page.getByRole('link', { name: /See why/ })).toHaveCount(1);
    await page.getByRole('link', { name: 'CLM-2025-0000C005' }).click();
    const steps = page.getByRole('list', { name: 'Status timeline' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    for (const [index, status] of ['Received', 'In review', 'Approved', 'Paid'].entries()) {
      await expect(steps.nth(index)).toContainText(status);
      await expect(steps.nth(index)).not.toContainText('Not yet');
    }
  });

  test('another student cannot open anna’s claim or its receipts', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 403/);
    await startLoggedIn(page, USERS.chen);
    const own = await page.request.get('/api/en/claims/CLM-2026-0000C001');
    expect(own.status()).toBe(200);
    await logOut(page);
    await startLoggedIn(page, USERS.anna);
    const others = await page.request.get('/api/en/claims/CLM-2026-0000C001');
    expect(others.status()).toBe(403);
    await page.goto('/en/claims/CLM-2026-0000C001');
    await expect(page.getByText('This claim could not be loaded.')).toBeVisible();
  });

  for (const language of ['EN', 'NL'] as const) {
    test(`axe-core finds no violations on the form and the list in ${language}`, async ({
      page,
      consoleGuard,
    }) => {
      await startLoggedIn(page, USERS.chen);
      if (language === 'NL') await switchToDutch(page);
      await page.goto('/en/service-contact/file-a-claim');
      const policy = page.getByLabel(language === 'NL' ? 'Polis' : 'Policy');
      await expect(policy).toBeVisible();
      // With errors shown and a refused file, as a student sees the form most.
      await page
        .getByRole('button', { name: language === 'NL' ? 'Declaratie versturen' : 'Send claim' })
        .click();
      await page
        .getByLabel(language === 'NL' ? 'Bonnen' : 'Receipts')
        .setInputFiles([pdf('big.pdf', 11 * MB)]);
      await expectNoAxeViolations(page, consoleGuard);

      await page.goto('/en/claims');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, consoleGuard);
      await page.getByRole('link', { name: 'CLM-2025-0000C005' }).click();
      await expect(
        page.getByRole('list', { name: language === 'NL' ? 'Statusverloop' : 'Status timeline' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, consoleGuard);
    });
  }

  test('axe-core finds no violations on the empty claims list', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.ben);
    await page.goto('/en/claims');
    await expect(page.getByText('You have not filed any claims yet.')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });
});

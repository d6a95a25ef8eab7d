import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';

// Anna (born 12/04/2003, seed) holds TR-2026-100101; a visitor who knows both can file a claim on it.
const POLICY_NUMBER = 'TR-2026-100101';
const BIRTH_DATE = '12/04/2003';
const NOT_FOUND = 'We could not find a policy with this policy number and date of birth.';

/** A day relative to today as the form takes it (dd/mm/yyyy). */
function formDate(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const pdf = (name: string) => {
  const buffer = Buffer.alloc(2048);
  Buffer.from('%PDF-1.4\n', 'latin1').copy(buffer);
  return { name, mimeType: 'application/pdf', buffer };
};

async function openAsVisitor(page: Page): Promise<void> {
  await page.goto('/en/service-contact/file-a-claim');
  await expect(page.getByRole('heading', { level: 1, name: 'File a claim' })).toBeVisible();
  await expect(page.getByLabel('Policy number')).toBeVisible();
}

async function fillIn(page: Page, policyNumber: string, birthDate: string): Promise<void> {
  await page.getByLabel('Policy number').fill(policyNumber);
  await page.getByLabel('Date of birth').fill(birthDate);
  await page.getByLabel('Claim category').selectOption({ label: 'Medical or other costs' });
  await page.getByLabel('Incident date').fill(formDate(-2));
  await page.getByLabel('Description').fill('Taxi to the hospital after a fall');
  await page.getByLabel('Amount claimed (EUR)').fill('48,20');
  await page.getByLabel('IBAN for the payout').fill('NL91 ABNA 0417 1643 00');
}

test.describe('a visitor files a claim', () => {
  test('with the policy number, date of birth and one receipt, and sees the claim number', async ({
    page,
  }) => {
    await openAsVisitor(page);
    // No login asked for, and no policies to choose from.
    await expect(page).toHaveURL(/\/en\/service-contact\/file-a-claim$/);
    await expect(page.getByLabel('Policy', { exact: true })).toHaveCount(0);
    await fillIn(page, POLICY_NUMBER, BIRTH_DATE);
    await page.getByLabel('Receipts', { exact: true }).setInputFiles([pdf('taxi.pdf')]);
    await expect(page.getByRole('list', { name: 'Files added' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Send claim' }).click();
    await expect(page.getByRole('heading', { name: 'Your claim has been received' })).toBeVisible();
    const claimNumber = (await page.locator('.claim-done__number').textContent()) ?? '';
    expect(claimNumber).toMatch(/^CLM-\d{4}-[0-9A-F]{8}$/);
    await expect(page.getByText(claimNumber)).toBeVisible();

    // The visitor cannot follow the claim: the list and the claim stay behind the login.
    const read = await page.request.get(`/api/en/claims/${claimNumber}`);
    expect(read.status()).toBe(401);
    await page.goto('/en/claims');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fclaims$/);
  });

  test('a wrong date of birth and a wrong policy number get the same message', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 422/);
    await openAsVisitor(page);
    await fillIn(page, POLICY_NUMBER, '13/04/2003');
    const first = page.waitForResponse((response) => response.url().endsWith('/api/en/visitor-claims'));
    await page.getByRole('button', { name: 'Send claim' }).click();
    const wrongBirthDate = await first;
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    // Everything typed stays for another try.
    await expect(page.getByLabel('Description')).toHaveValue('Taxi to the hospital after a fall');

    await page.getByLabel('Policy number').fill('TR-2026-999999');
    await page.getByLabel('Date of birth').fill(BIRTH_DATE);
    const second = page.waitForResponse((response) => response.url().endsWith('/api/en/visitor-claims'));
    await page.getByRole('button', { name: 'Send claim' }).click();
    const wrongNumber = await second;
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    expect(wrongNumber.status()).toBe(wrongBirthDate.status());
    expect(await wrongNumber.json()).toEqual(await wrongBirthDate.json());
  });

  test('the policyholder is mailed at once, opens the link and refuses the claim, which is then closed', async ({
    page,
    consoleGuard,
  }) => {
    await openAsVisitor(page);
    await fillIn(page, POLICY_NUMBER, BIRTH_DATE);
    await page.getByLabel('Receipts', { exact: true }).setInputFiles([pdf('taxi.pdf')]);
    await page.getByRole('button', { name: 'Send claim' }).click();
    await expect(page.getByRole('heading', { name: 'Your claim has been received' })).toBeVisible();
    const claimNumber = (await page.locator('.claim-done__number').textContent()) ?? '';

    // Anna's mail names the claim and carries the link; the visitor learns nothing more.
    const outbox = await page.request.get('/api/dev/outbox');
    const mails = (await outbox.json()) as { to: string; text: string; links: string[] }[];
    const mail = mails.find(
      (entry) => entry.to === 'anna.devries@example.com' && entry.text.includes(claimNumber),
    );
    expect(mail, 'the policyholder is mailed').toBeTruthy();
    const link = new URL(mail?.links[0] ?? '');
    expect(link.pathname).toMatch(/^\/en\/confirm-claim\/[A-Za-z0-9_-]{43}$/);

    await page.goto(link.pathname);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm a claim on your policy' }),
    ).toBeVisible();
    await expect(page.getByText(claimNumber)).toBeVisible();
    await expect(page.getByText('NL91 **** **** 4300')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bevestig een declaratie op je polis' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('button', { name: 'Declaratie weigeren' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Je hebt deze declaratie geweigerd.' }),
    ).toHaveText('Je hebt deze declaratie geweigerd. Die is gesloten en er wordt niets betaald.');
    await expect(page.getByRole('button', { name: 'Declaratie bevestigen' })).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);
  });

  for (const language of ['EN', 'NL'] as const) {
    test(`axe-core finds no violations on the visitor's form in ${language}`, async ({
      page,
      consoleGuard,
    }) => {
      await openAsVisitor(page);
      if (language === 'NL') {
        await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
        await expect(page.getByLabel('Polisnummer')).toBeVisible();
        await expect(page.getByLabel('Geboortedatum')).toBeVisible();
      }
      await expectNoAxeViolations(page, consoleGuard);
      // With every field's error shown, as a visitor who sends too soon sees it.
      await page
        .getByRole('button', { name: language === 'NL' ? 'Declaratie versturen' : 'Send claim' })
        .click();
      await expect(page.getByLabel(language === 'NL' ? 'Polisnummer' : 'Policy number')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectNoAxeViolations(page, consoleGuard);
    });
  }
});

// Proof of cover: a student makes a letter for a third party, and anyone can check it without a login.
// Making a letter changes nothing about the policy, so the journeys after this file see anna's Travel
// policy as the demo data has it.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, policiesOf, shownDate, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

/** A Chromium log line for the 404 the check answers to a code that no letter has. */
const VERIFY_404 = /status of 404 .*\/api\/verify\//;

/** The fields of a raw policy this journey reads beside those of `RawPolicy`. */
interface WirePolicy {
  policyNumber?: string;
  insuranceType: string;
  startDate: string;
  endDate: string;
}

async function switchLanguage(page: Page, code: 'NL' | 'EN', lang: string): Promise<void> {
  await page
    .getByRole('group', { name: /Language|Taal/ })
    .getByRole('button', { name: code })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

// What the first journey made, for the visitor of the second.
const letter = { link: '', code: '', startDate: '', endDate: '' };

test.describe('proof of cover', () => {
  test.describe.configure({ mode: 'serial' });

  test('anna creates a proof of cover for her Travel policy and downloads a PDF', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const before = await policiesOf(page.request, profileId);
    const travel = (before as unknown as WirePolicy[]).find((policy) => policy.insuranceType === 'TRAVEL');
    expect(travel, 'anna has a Travel policy').toBeDefined();

    const card = page.getByRole('main').getByRole('article', { name: 'Travel' });
    const opener = card.getByRole('button', { name: 'Proof of cover' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Proof of cover: Travel' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
    await expectNoAxeViolations(page, consoleGuard);

    // Escape closes the dialog and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the letter' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`proof-of-cover-${travel?.policyNumber}-en.pdf`);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const status = dialog.getByRole('status');
    await expect(status).toContainText('Your letter has been downloaded.');
    const code = (await status.locator('strong').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const check = status.getByRole('link', { name: 'See what they will see' });
    letter.link = (await check.getAttribute('href')) ?? '';
    expect(letter.link).toBe(`/en/verify/${code}`);
    Object.assign(letter, { code, startDate: travel?.startDate ?? '', endDate: travel?.endDate ?? '' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The same dialog in Dutch: a Dutch letter is offered first.
    await switchLanguage(page, 'NL', 'nl');
    const dutchCard = page.getByRole('main').getByRole('article', { name: 'Reis' });
    await dutchCard.getByRole('button', { name: 'Verzekeringsbewijs' }).click();
    const dutch = page.getByRole('dialog', { name: 'Verzekeringsbewijs: Reis' });
    await expect(dutch).toBeVisible();
    await expect(dutch.getByRole('radio', { name: 'Nederlands' })).toBeChecked();
    await expectNoAxeViolations(page, consoleGuard);
    await dutch.getByRole('button', { name: 'Sluiten' }).click();
    await switchLanguage(page, 'EN', 'en-GB');

    // Making a letter changed nothing about the policies.
    expect(await policiesOf(page.request, profileId)).toEqual(before);
  });

  test('a visitor with no login opens its verification link and sees "valid" with her initials and the period', async ({
    page,
    consoleGuard,
  }) => {
    expect(letter.link, 'the first journey made a letter').not.toBe('');
    await page.goto(letter.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Check a proof of cover' })).toBeVisible();
    const result = page.getByRole('region', { name: 'Valid' });
    await expect(result).toBeVisible();
    await expect(result).toContainText('This letter is genuine and the insurance is in force today.');
    const detail = (term: string) =>
      result.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
    await expect(detail('Insured person (initials)')).toHaveText('A.d.V.');
    await expect(detail('Year of birth')).toHaveText('2003');
    await expect(detail('Insurance')).toHaveText('Travel');
    await expect(detail('Period of cover')).toHaveText(
      `${shownDate(letter.startDate)} to ${shownDate(letter.endDate)}`,
    );
    await expect(detail('Verification code')).toHaveText(letter.code);
    // Only what a third party needs: no name, no policy number.
    await expect(page.getByRole('main')).not.toContainText('Vries');
    await expect(page.getByRole('main')).not.toContainText('TR-');
    await expect(page).toHaveTitle(/Check a proof of cover/);
    await expectNoAxeViolations(page, consoleGuard);

    await switchLanguage(page, 'NL', 'nl');
    const dutch = page.getByRole('region', { name: 'Geldig' });
    await expect(dutch).toContainText('Deze brief is echt en de verzekering loopt vandaag.');
    await expect(dutch).toContainText(
      `${shownDate(letter.startDate, 'nl')} tot ${shownDate(letter.endDate, 'nl')}`,
    );
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('a made-up code says "not valid"', async ({ page, consoleGuard }) => {
    consoleGuard.allow(VERIFY_404);
    await page.goto('/en/verify');
    await expect(page.getByRole('heading', { level: 1, name: 'Check a proof of cover' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Verification code' });
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page, consoleGuard);

    // A well-formed code that no letter has (the letter made above has another one).
    const madeUp = letter.code === 'ABCDE-FGHJK' ? 'ZZZZZ-ZZZZZ' : 'ABCDE-FGHJK';
    await field.fill(madeUp.toLowerCase());
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/en/verify/${madeUp}$`));
    const result = page.getByRole('region', { name: 'Not valid' });
    await expect(result).toContainText('We know no letter with this code.');
    await expectNoAxeViolations(page, consoleGuard);

    await switchLanguage(page, 'NL', 'nl');
    await expect(page.getByRole('region', { name: 'Niet geldig' })).toContainText(
      'Wij kennen geen brief met deze code.',
    );
    await expectNoAxeViolations(page, consoleGuard);
    await switchLanguage(page, 'EN', 'en-GB');
  });
});

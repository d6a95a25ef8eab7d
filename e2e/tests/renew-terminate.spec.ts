import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import type { ConsoleGuard } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, shownDate, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

/** No axe-core violations on the page as it is now, reported as a step named after `what`. */
async function expectAccessible(page: Page, guard: ConsoleGuard, what: string): Promise<void> {
  await test.step(`axe-core on ${what}`, () => expectNoAxeViolations(page, guard));
}

interface ApiPolicy {
  policyId: string;
  policyNumber?: string;
  applicationNumber?: string;
  startDate: string;
  endDate: string;
  status: string;
}

async function policies(request: APIRequestContext): Promise<ApiPolicy[]> {
  const { profileId } = await currentSession(request);
  const response = await request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiPolicy[];
}

async function policy(request: APIRequestContext, policyId: string): Promise<ApiPolicy> {
  const found = (await policies(request)).find((item) => item.policyId === policyId);
  expect(found, policyId).toBeTruthy();
  return found as ApiPolicy;
}

function wireToDate(wire: string): Date {
  const [year, month, day] = wire.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1);
}

const pad = (value: number) => String(value).padStart(2, '0');
/** dd/mm/yyyy, as the forms take dates. */
const formDate = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
const plusDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const plusYears = (date: Date, years: number) =>
  new Date(date.getFullYear() + years, date.getMonth(), date.getDate());

/** The policy card that shows this policy or application number. */
function card(page: Page, number: string): Locator {
  return page.getByRole('article').filter({ hasText: number });
}

async function switchToDutch(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
}

async function answerAcceptance(page: Page, no: string, agreement: RegExp): Promise<void> {
  for (const group of await page.getByRole('group').all()) {
    const option = group.getByRole('radio', { name: no, exact: true });
    if ((await option.count()) === 1) await option.check();
  }
  await page.getByRole('checkbox', { name: agreement }).check();
}

test.describe('renew and terminate', () => {
  // The journeys build on each other's data (a renewal, then one that overlaps it).
  test.describe.configure({ mode: 'serial' });

  test('anna renews her Travel policy through all four steps and sees the application under review', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const travel = await policy(page.request, 'POL-1001-T');
    const newEnd = formDate(plusYears(wireToDate(travel.endDate), 1));

    await card(page, 'TR-2026-100101').getByRole('link', { name: 'Renew' }).click();
    await expect(page).toHaveURL(/\/en\/insurances\/POL-1001-T\/renew$/);
    await expect(page.getByRole('heading', { name: 'Insure an additional period' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page, consoleGuard, 'the period step');

    // A missing end date is an error tied to its field.
    await page.getByRole('button', { name: 'Next' }).click();
    const endDate = page.getByLabel('New end date');
    await expect(endDate).toHaveAttribute('aria-invalid', 'true');
    await expect(endDate).toBeFocused();

    await endDate.fill(newEnd);
    await expect(page.getByText(/Premium for the additional period: €\d/)).toBeVisible();
    // Direct debit is anna's current method: it needs her bank details again.
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('BIC').fill('ABNANL2A');
    await page.getByLabel('Account holder').fill('A. de Vries');
    await page.getByRole('button', { name: 'Next' }).click();

    const acceptance = page.getByRole('heading', { name: 'Acceptance questions' });
    await expect(acceptance).toBeFocused();
    // A reload mid-flow comes back to the same step, and Back still has what was typed.
    await page.reload();
    await expect(acceptance).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('New end date')).toHaveValue(newEnd);
    await expect(page.getByLabel('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: /pre-existing conditions/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await answerAcceptance(page, 'No', /pre-existing conditions are not covered/);
    await expectAccessible(page, consoleGuard, 'the acceptance step');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Summary' })).toBeFocused();
    await expect(page.getByText(new RegExp(` to ${shownDate(newEnd)}$`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(2);
    await expectAccessible(page, consoleGuard, 'the summary step');
    await page.getByRole('button', { name: 'Submit application' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    const thanks = page.getByText(/Your application number is APP-\d{4}-[0-9A-F]{8}\./);
    await expect(thanks).toBeVisible();
    await expect(page.getByText(/within 4 business days/)).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the thank-you step');
    const applicationNumber = /APP-\d{4}-[0-9A-F]{8}/.exec((await thanks.textContent()) ?? '')?.[0] ?? '';

    await page.getByRole('link', { name: 'Back to My Insurance' }).click();
    const application = card(page, applicationNumber);
    await expect(application).toBeVisible();
    // A new application says what is true of an application, not that a change is under review.
    await expect(application.getByText('Application under review', { exact: true })).toBeVisible();
    await expect(
      application.getByText(
        /Your application is under review\. We will e-mail you our decision within 4 business days/,
      ),
    ).toBeVisible();
  });

  test('a renewal overlapping her other policy shows the overlap message naming it', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 409 .*addperiod/);
    await startLoggedIn(page, USERS.anna);
    const all = await policies(page.request);
    const travel = all.find((item) => item.policyId === 'POL-1001-T') as ApiPolicy;
    const pending = all.find((item) => item.status === 'UNDER_REVIEW_NEW' && item.applicationNumber);
    expect(pending, 'the renewal of the journey before').toBeTruthy();
    const other = pending as ApiPolicy;

    await card(page, 'TR-2026-100101').getByRole('link', { name: 'Renew' }).click();
    await page.getByLabel('New end date').fill(formDate(plusYears(wireToDate(travel.endDate), 1)));
    await page.getByLabel('Payment term').selectOption('YEARLY');
    await page.getByRole('radio', { name: 'E-invoice' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await answerAcceptance(page, 'No', /pre-existing conditions are not covered/);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();

    await expect(page.getByRole('heading', { name: 'Insure an additional period' })).toBeFocused();
    const message = `This period overlaps with policy ${other.applicationNumber} (${shownDate(
      other.startDate,
    )} – ${shownDate(other.endDate)}).`;
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel('New end date')).toHaveAttribute('aria-invalid', 'true');
  });

  test('every renewal step has no axe-core violations in Dutch', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.anna);
    const health = await policy(page.request, 'POL-1001-H');
    await switchToDutch(page);
    await card(page, 'HE-2026-100102').getByRole('link', { name: 'Verlengen' }).click();
    await expect(page.getByRole('heading', { name: 'Extra periode verzekeren' })).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the Dutch period step');
    // Half a year later: a short term needs its reason, and a yearly term does not fit.
    const halfYear = new Date(wireToDate(health.endDate));
    halfYear.setMonth(halfYear.getMonth() + 6);
    await page.getByLabel('Nieuwe einddatum').fill(formDate(halfYear));
    await page.getByLabel('Betaaltermijn').selectOption('YEARLY');
    await page.getByRole('radio', { name: 'E-factuur' }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByLabel('Reden voor een korte looptijd')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Betaaltermijn')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, consoleGuard, 'the Dutch period step with errors');
    await page.getByLabel('Reden voor een korte looptijd').fill('Nog één semester');
    await page.getByLabel('Betaaltermijn').selectOption('MONTHLY');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByRole('heading', { name: 'Acceptatievragen' })).toBeFocused();
    await answerAcceptance(page, 'Nee', /bestaande aandoeningen/);
    await expectAccessible(page, consoleGuard, 'the Dutch acceptance step');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByRole('heading', { name: 'Overzicht' })).toBeFocused();
    await expectAccessible(page, consoleGuard, 'the Dutch summary step');
    await page.getByRole('button', { name: 'Wijzigen' }).first().click();
    await expect(page.getByLabel('Nieuwe einddatum')).toHaveValue(formDate(halfYear));
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expect(page.getByRole('heading', { name: 'Bedankt' })).toBeVisible();
    await expect(page.getByText(/Je aanvraagnummer is APP-/)).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the Dutch thank-you step');
  });

  test('anna shortens her Health policy with refund details and downloads the updated certificate', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const health = await policy(page.request, 'POL-1001-H');
    const currentEnd = wireToDate(health.endDate);
    const newEnd = plusDays(currentEnd, -100);

    await card(page, 'HE-2026-100102').getByRole('link', { name: 'Terminate or shorten' }).click();
    await expect(page).toHaveURL(/\/en\/insurances\/POL-1001-H\/terminate$/);
    await expect(page.getByRole('heading', { name: 'Terminate', exact: true })).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the termination form');

    // The end date must come before the current one.
    await page.getByLabel('New end date').fill(formDate(plusDays(currentEnd, 1)));
    await page.getByLabel('Reason of termination').fill('I finish my studies early');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('The end date must be before the current end date.')).toBeVisible();

    await page.getByLabel('New end date').fill(formDate(newEnd));
    await page
      .getByRole('group', { name: /refund to a bank account/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    // A credit card number is not a bank account.
    await page.getByLabel('Account number').fill('4111 1111 1111 1111');
    await page.getByLabel('Account holder name').fill('Anna de Vries');
    await page.getByLabel('Account holder postcode').fill('1012AB');
    await page.getByLabel('Account holder address').fill('Dam 1');
    await page.getByLabel('Account holder city').fill('Amsterdam');
    await page.getByLabel('Account holder country').fill('Netherlands');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('A refund cannot be paid to a credit card.')).toBeVisible();
    await page.getByLabel('Account number').fill('NL91ABNA0417164300');
    await page.getByLabel('BIC of the bank').fill('ABNANL2A');
    await expectAccessible(page, consoleGuard, 'the termination form with refund details');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Verify changes' })).toBeFocused();
    await expect(page.getByText('100 days', { exact: true })).toBeVisible();
    await expect(page.getByText('NL91ABNA0417164300')).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the verify step');
    await page.getByRole('button', { name: 'Terminate policy' }).click();

    await expect(page.getByRole('heading', { name: 'Terminated' })).toBeVisible();
    await expect(page.getByText(`Policy HE-2026-100102 now ends on ${shownDate(newEnd)}.`)).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the terminated step');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the updated certificate' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/certificate.*\.pdf$/);

    await page.getByRole('link', { name: 'Back to My Insurance' }).click();
    const healthCard = card(page, 'HE-2026-100102');
    await expect(healthCard.getByText(new RegExp(`to ${shownDate(newEnd)}`))).toBeVisible();
    await expect(healthCard.getByRole('link', { name: 'Renew' })).toHaveCount(0);
  });

  test('every termination step has no axe-core violations in Dutch, and the flow works by keyboard alone', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const travel = await policy(page.request, 'POL-1001-T');
    await switchToDutch(page);
    const offer = card(page, 'TR-2026-100101').getByRole('link', { name: 'Beëindigen of inkorten' });
    await offer.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Beëindigen', exact: true })).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the Dutch termination form');

    const endDate = page.getByLabel('Nieuwe einddatum');
    await endDate.focus();
    await page.keyboard.type(formDate(plusDays(wireToDate(travel.endDate), -30)));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Reden van beëindiging')).toBeFocused();
    await page.keyboard.type('Ik stop eerder');
    // Enter in the date field sends the form, as in any form.
    await page.keyboard.press('Shift+Tab');
    await expect(endDate).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Wijzigingen controleren' })).toBeFocused();
    await expect(page.getByText('30 dagen', { exact: true })).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the Dutch verify step');
    const terminate = page.getByRole('button', { name: 'Polis beëindigen' });
    for (let presses = 0; presses < 20; presses += 1) {
      if (await terminate.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(terminate).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Beëindigd' })).toBeVisible();
    await expectAccessible(page, consoleGuard, 'the Dutch terminated step');
  });

  test('chen’s under-review and expired policies offer nothing and say why', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.chen);
    const underReview = card(page, 'HE-2026-100302');
    await expect(underReview.getByText(/A change is under review; this takes 4 business days/)).toBeVisible();
    const expired = card(page, 'HE-2025-100304');
    await expect(expired.getByText('This policy has expired, so it can no longer be changed.')).toBeVisible();
    const application = card(page, 'APP-2026-100307');
    await expect(application.getByText(/Your application is under review/)).toBeVisible();
    for (const item of [underReview, expired, application]) {
      await expect(item.getByRole('link', { name: 'Renew' })).toHaveCount(0);
      await expect(item.getByRole('link', { name: 'Terminate or shorten' })).toHaveCount(0);
    }
    await expect(card(page, 'HE-2026-100301').getByText(/Please contact your institution/)).toBeVisible();
    await expectAccessible(page, consoleGuard, 'My Insurance with chen’s policies');

    // Straight to the address of a flow: the page says it is not possible.
    await page.goto('/en/insurances/POL-1003-2/renew');
    await expect(page.getByText('This policy cannot be renewed.')).toBeVisible();
    await page.goto('/en/insurances/POL-1003-4/terminate');
    await expect(page.getByText('This policy cannot be terminated or shortened.')).toBeVisible();
  });
});

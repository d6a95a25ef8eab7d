import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import type { ConsoleGuard } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

// A student on a phone: what she types works at the first try. Nothing here is saved for good (the
// other journeys share the demo data): each form is walked up to the step that shows the rule.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface ApiPolicy {
  policyId: string;
  policyNumber?: string;
  insuranceType: string;
  startDate: string;
  endDate: string;
  status: string;
  totalAmount: number;
  paymentTerm: string;
}

async function travelPolicy(request: APIRequestContext): Promise<ApiPolicy> {
  const { profileId } = await currentSession(request);
  const response = await request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status()).toBe(200);
  const travel = ((await response.json()) as ApiPolicy[]).find((policy) => policy.policyId === 'POL-1001-T');
  expect(travel).toBeDefined();
  return travel as ApiPolicy;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const localDay = (wire: string) => {
  const [year, month, day] = wire.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1);
};
const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS);
/** A day from today as digits only (ddmmyyyy) and as the form shows it (dd/mm/yyyy). */
function dayFromToday(offset: number): { digits: string; shown: string; date: Date } {
  const date = new Date();
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() + offset);
  const parts = [pad(date.getDate()), pad(date.getMonth() + 1), String(date.getFullYear())];
  return { digits: parts.join(''), shown: parts.join('/'), date };
}

async function expectAccessible(page: Page, guard: ConsoleGuard, what: string): Promise<void> {
  await test.step(`axe-core on ${what}`, () => expectNoAxeViolations(page, guard));
}

/** `element` lies between `above` and `below` on the page. */
async function expectBetween(element: Locator, above: Locator, below: Locator): Promise<void> {
  const [top, middle, bottom] = await Promise.all([above, element, below].map((item) => item.boundingBox()));
  expect(top && middle && bottom).toBeTruthy();
  expect(middle?.y ?? 0).toBeGreaterThan(top?.y ?? 0);
  expect(middle?.y ?? 0).toBeLessThan(bottom?.y ?? 0);
}

async function switchToDutch(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
}

test.describe('right the first time on a phone', () => {
  test('terminate: digits become a date, the refund account is checked, the verify step says what comes back', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const travel = await travelPolicy(page.request);

    // My Insurance: the instalment the invoices bill, beside its term; the year's total apart.
    const card = page.getByRole('article').filter({ hasText: 'TR-2026-100101' });
    await card.getByRole('button', { name: 'Show details' }).click();
    const terms: Record<string, [string, number]> = {
      MONTHLY: ['per month', 12],
      QUARTERLY: ['per quarter', 4],
    };
    const [label, count] = terms[travel.paymentTerm] ?? ['', 1];
    const instalment = `€${(travel.totalAmount / count).toFixed(2)}, ${label}`;
    await expect(card.getByText(instalment)).toBeVisible();
    await expect(card.getByText(`€${travel.totalAmount.toFixed(2)}`, { exact: true })).toBeVisible();

    await page.goto('/en/insurances/POL-1001-T/terminate');
    await expect(page.getByRole('heading', { name: 'Terminate', exact: true })).toBeVisible();
    // Step 1 says which policy: Travel and Health share their dates.
    await expect(page.getByText('Travel TR-2026-100101')).toBeVisible();

    // Digits alone, on the keypad that has a separator key; the slashes come as she types.
    const endDate = page.getByLabel('New end date');
    await expect(endDate).toHaveAttribute('inputmode', 'decimal');
    const newEnd = dayFromToday(30);
    await endDate.pressSequentially(newEnd.digits);
    await expect(endDate).toHaveValue(newEnd.shown);
    // Other separators are read too, and written as dd/mm/yyyy when she leaves the field.
    await endDate.fill(newEnd.shown.replaceAll('/', '-').replace(/^0/, ''));
    await page.getByLabel(/Reason of termination/).fill('My exchange ends early');
    await expect(endDate).toHaveValue(newEnd.shown);

    // A refund: the holder's address is what the portal knows.
    await page.getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByLabel(/Account holder postcode/)).toHaveValue('1012AB');
    await expect(page.getByLabel(/Account holder city/)).toHaveValue('Amsterdam');
    await expect(page.getByLabel(/Account holder country/)).toHaveValue('Netherlands');
    await page.getByLabel(/Account holder name/).fill('Anna de Vries');

    const account = page.getByLabel(/Account number/);
    const refused: [string, string][] = [
      ['hello 123', 'Enter a valid IBAN.'],
      ['GB82 WEST 1234 5698 7654 32', 'UK IBANs are not accepted.'],
    ];
    for (const [typed, message] of refused) {
      await account.fill(typed);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(account).toHaveAccessibleDescription(message);
      await expect(account).toBeFocused();
    }
    await expectAccessible(page, consoleGuard, 'the termination form with a refund');
    await account.fill('NL91 ABNA 0417 1643 00');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Verify changes' })).toBeFocused();
    await expect(page.getByText('Travel TR-2026-100101')).toBeVisible();
    const notCovered = daysBetween(newEnd.date, localDay(travel.endDate));
    const covered = daysBetween(localDay(travel.startDate), localDay(travel.endDate)) + 1;
    const refund = Math.round(((notCovered * travel.totalAmount) / covered) * 100) / 100;
    await expect(page.getByText(`${notCovered} days`)).toBeVisible();
    await expect(
      page.locator('.definition').filter({ hasText: 'Premium refunded for these days' }).locator('dd'),
    ).toHaveText(`€${refund.toFixed(2)}`);
    await expectAccessible(page, consoleGuard, 'the verify step with the refund');
    // Not terminated: the other journeys need this policy as it is.
    expect((await travelPolicy(page.request)).endDate).toBe(travel.endDate);

    // In Dutch, the date field takes digits the same way.
    await page.getByRole('button', { name: 'Back' }).click();
    await switchToDutch(page);
    const dutchEnd = page.getByLabel('Nieuwe einddatum');
    await dutchEnd.fill('');
    await dutchEnd.pressSequentially(newEnd.digits);
    await expect(dutchEnd).toHaveValue(newEnd.shown);
  });

  test('address: the lookup speaks under House number and takes back what it filled in; a long reason is not cut', async ({
    page,
    consoleGuard,
  }) => {
    // The lookup answers an unknown house number with 404, which Chromium logs.
    consoleGuard.allow(/status of 404 .*\/pacos\?pc=1012AB&nr=99/);
    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/insurances/POL-1001-T/address');
    await page.getByLabel('Postcode').fill('1012AB');
    const houseNumber = page.getByLabel('House number');
    await houseNumber.fill('5');
    await expect(page.getByLabel('Street')).toHaveValue('Dam');
    await expect(page.getByLabel('City')).toHaveValue('Amsterdam');

    await houseNumber.fill('99');
    const invalid = page.getByText('Invalid house number.');
    await expect(invalid).toBeVisible();
    await expectBetween(invalid, houseNumber, page.getByLabel('Addition'));
    await expect(page.getByLabel('Street')).toHaveValue('');
    await expect(page.getByLabel('City')).toHaveValue('');

    // 5,000 characters pasted stay whole; the counter says by how much they are over, and the form
    // refuses them instead of sending a cut text that would put the policy under review.
    await houseNumber.fill('5');
    await expect(page.getByLabel('Street')).toHaveValue('Dam');
    const reason = page.getByLabel(/Reason for moving/);
    await expect(reason).toHaveAccessibleDescription(/0 of 500 characters/);
    await reason.fill('x'.repeat(5000));
    await expect(reason).toHaveValue('x'.repeat(5000));
    await expect(page.getByText('5000 of 500 characters: 4500 too many')).toBeVisible();
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(reason).toHaveAccessibleDescription(/Enter at most 500 characters\./);
    await expectAccessible(page, consoleGuard, 'the address form with its counter and errors');
    expect((await travelPolicy(page.request)).status).toBe('ACTIVE');

    await switchToDutch(page);
    await expect(page.getByText('5000 van 500 tekens: 4500 te veel')).toBeVisible();
  });

  test('a visitor’s refused claim is scrolled into view with the focus; a name with an emoji is refused with a reason', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 422/);
    await page.goto('/en/service-contact/file-a-claim');
    await expect(page.getByRole('heading', { level: 1, name: 'File a claim' })).toBeVisible();
    await page.getByLabel('Policy number').fill('TR-2026-100101');
    // Her date of birth as digits, and a wrong one: 13/04/2003 instead of 12/04/2003.
    await page.getByLabel('Date of birth').pressSequentially('13042003');
    await expect(page.getByLabel('Date of birth')).toHaveValue('13/04/2003');
    await page.getByLabel('Claim category').selectOption({ label: 'Medical or other costs' });
    await page.getByLabel('Incident date').pressSequentially(dayFromToday(-2).digits);
    await page.getByLabel('Description').fill('Taxi to the hospital after a fall');
    await page.getByLabel('Amount claimed (EUR)').fill('48,20');
    await page.getByLabel('IBAN for the payout').fill('NL91 ABNA 0417 1643 00');
    const send = page.getByRole('button', { name: 'Send claim' });
    await send.scrollIntoViewIfNeeded();
    await send.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your claim was not sent' });
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();

    await startLoggedIn(page, USERS.anna);
    await page.goto('/en/profile');
    const details = page.getByRole('main').getByRole('region', { name: 'Personal details' });
    const firstName = details.getByLabel('First name');
    await firstName.fill('Ånna 🌷');
    await details.getByRole('button', { name: 'Save personal details' }).click();
    await expect(firstName).toHaveAccessibleDescription(
      /no emoji or other symbols, which documents cannot print/,
    );
    await expect(firstName).toBeFocused();
  });
});

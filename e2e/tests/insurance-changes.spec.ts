import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, shownDate, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

interface WirePolicy {
  policyId: string;
  insuranceType: 'TRAVEL' | 'HEALTH' | 'STAY';
  startDate: string;
  status: string;
}

/** The day `n` days from today, as the forms show it (dd/mm/yyyy) and as the wire carries it. */
function day(n: number): { form: string; wire: string } {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  const two = (value: number) => String(value).padStart(2, '0');
  const [y, m, d] = [date.getFullYear(), two(date.getMonth() + 1), two(date.getDate())];
  return { form: `${d}/${m}/${y}`, wire: `${y}-${m}-${d}` };
}

async function policyOf(page: Page, type: WirePolicy['insuranceType']): Promise<WirePolicy> {
  const { profileId } = await currentSession(page.request);
  const response = await page.request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status()).toBe(200);
  const policy = ((await response.json()) as WirePolicy[]).find((item) => item.insuranceType === type);
  expect(policy, `a ${type} policy`).toBeDefined();
  return policy as WirePolicy;
}

async function switchToDutch(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
}

/** The card of one insurance type on My Insurance. */
function card(page: Page, name: string) {
  return page.getByRole('main').getByRole('article', { name });
}

test.describe('changing a policy and requesting insurance', () => {
  test('should move anna’s Stay start date 7 days later and refuse 20 days later', async ({
    page,
    consoleGuard,
  }) => {
    // The api's answer to a date beyond 14 days of the original start date is a 400 with its rule.
    consoleGuard.allow(/status of 400 .*\/api\/en\/policies\/[^/]+\/calculate/);
    await startLoggedIn(page, USERS.anna);
    const stay = await policyOf(page, 'STAY');
    expect(stay.startDate).toBe(day(10).wire);

    await page.goto(`/en/insurances/${stay.policyId}/start-date`);
    await expect(page.getByRole('heading', { name: 'Change the start date' })).toBeVisible();
    const field = page.getByLabel('New start date');
    await expect(field).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    // 20 days later than the start date: the browser refuses it with the postponing message.
    await field.fill(day(30).form);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByText('You can postpone the start date by at most 14 days.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // 7 days later: fewer covered days and a refund, then confirmed.
    await field.fill(day(17).form);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(
      page.getByText(/Your policy covers 7 fewer days\. You will be refunded €\d+\.\d{2}\./),
    ).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText(`The start date of your policy is now ${shownDate(day(17).wire)}.`),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Back to My Insurance' }).click();
    await expect(page).toHaveURL(/\/en\/insurances$/);
    await expect(card(page, 'Stay').getByText(new RegExp(`^${shownDate(day(17).wire)} to `))).toBeVisible();

    // 20 days after the original start date is only 13 after the new one: the api still refuses it,
    // because the 14 days count from the start date the policy was created with.
    await page.goto(`/en/insurances/${stay.policyId}/start-date`);
    await page.getByLabel('New start date').fill(day(30).form);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByText('You can postpone the start date by at most 14 days.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    expect((await policyOf(page, 'STAY')).startDate).toBe(day(17).wire);

    await switchToDutch(page);
    await expect(page.getByRole('heading', { name: 'Ingangsdatum wijzigen' })).toBeVisible();
    await expect(page.getByLabel('Nieuwe ingangsdatum')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should fill in street and city for 1012AB 5 and put the address change under review', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    // The Stay policy: the renewal and termination journeys need the Travel and Health policies open
    // to changes, and a change under review stays under review.
    const stay = await policyOf(page, 'STAY');
    await page.goto(`/en/insurances/${stay.policyId}/address`);
    await expect(page.getByRole('heading', { name: 'Change your destination address' })).toBeVisible();
    await expect(page.getByLabel('Postcode')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await page.getByLabel('Postcode').fill('1012AB');
    await page.getByLabel('House number').pressSequentially('5');
    await expect(page.getByLabel('Street')).toHaveValue('Dam');
    await expect(page.getByLabel('City')).toHaveValue('Amsterdam');
    await page.getByLabel('Addition').fill('B');
    await page.getByLabel(/Reason for moving/).fill('Closer to my university');
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText(/Your address change is under review/)).toBeVisible();

    await page.getByRole('link', { name: 'Back to My Insurance' }).click();
    await expect(card(page, 'Stay').getByText('Under review', { exact: true })).toBeVisible();
    expect((await policyOf(page, 'STAY')).status).toBe('UNDER_REVIEW');

    // Under review, the policy offers no further change.
    await page.goto(`/en/insurances/${stay.policyId}/address`);
    await expect(page.getByText(/This policy is under review/)).toBeVisible();
    await expect(page.getByLabel('Postcode')).toHaveCount(0);

    const travel = await policyOf(page, 'TRAVEL');
    await page.goto(`/en/insurances/${travel.policyId}/address`);
    await switchToDutch(page);
    await expect(page.getByRole('heading', { name: 'Je verblijfadres wijzigen' })).toBeVisible();
    await expect(page.getByLabel('Huisnummer')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should let a visitor request Health insurance, keeping the form across a reload', async ({
    page,
    consoleGuard,
  }) => {
    await page.goto('/en/request');
    await expect(page.getByRole('heading', { name: 'Request new insurance' })).toBeVisible();
    await expect(
      page.getByLabel('Destination country').getByRole('option', { name: 'Brazil' }),
    ).toBeAttached();
    await expectNoAxeViolations(page, consoleGuard);

    await page.getByRole('radio', { name: 'Health' }).check();
    await page.getByLabel('Start date').fill(day(30).form);
    await page.getByLabel('End date').fill(day(395).form);
    await page.getByLabel('Destination country').selectOption({ label: 'Netherlands' });
    await page.getByLabel('Country of origin').selectOption({ label: 'Brazil' });
    await page.getByLabel('First name').fill('Lucia');
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Lucia');
    await expect(page.getByRole('radio', { name: 'Health' })).toBeChecked();
    await expect(page.getByLabel('Start date')).toHaveValue(day(30).form);

    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Surname').fill('Souza');
    await page.getByLabel('Date of birth').fill('03/03/2004');
    await page.getByLabel('Nationality').selectOption({ label: 'Brazil' });
    await page.getByLabel('E-mail address').fill('lucia.souza@example.com');
    await page.getByLabel(/Educational institution/).fill('Utrecht University');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText(/Your application number is APP-\d{4}-[0-9A-F]{8}\./)).toBeVisible();
    await expect(page.getByText(/e-mail with a link to activate your account/)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    // A confirmation with the application number is mailed to the address given.
    const applicationNumber = /APP-\d{4}-[0-9A-F]{8}/.exec(
      (await page.getByText(/Your application number is/).textContent()) ?? '',
    )?.[0];
    const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
      to: string;
      text: string;
    }[];
    expect(
      outbox.some(
        (mail) => mail.to === 'lucia.souza@example.com' && mail.text.includes(`${applicationNumber ?? '?'}.`),
      ),
      'the confirmation mail',
    ).toBe(true);

    // Sent: the next visit starts with an empty form.
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('');
  });

  test("should refuse a request for the home country with We can't insure your situation", async ({
    page,
    request,
    consoleGuard,
  }) => {
    await page.goto('/en/request');
    await expect(
      page.getByLabel('Destination country').getByRole('option', { name: 'Brazil' }),
    ).toBeAttached();
    await page.getByLabel('Destination country').selectOption({ label: 'Netherlands' });
    await page.getByLabel('Country of origin').selectOption({ label: 'Netherlands' });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText("We can't insure your situation.")).toBeVisible();
    await expect(page.getByLabel('Destination country')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Destination country')).toHaveAccessibleDescription(
      "We can't insure your situation. The destination is your country of origin, and we insure students who go abroad.",
    );

    // The api applies the same rule to whoever calls it directly (a fresh client, with the anti-forgery
    // token the api gave it: one it picks itself is refused).
    await request.get('/api/checksession');
    const token = (await request.storageState()).cookies.find(
      (cookie) => cookie.name === 'XSRF-TOKEN',
    )?.value;
    const direct = await request.post('/api/en/requests', {
      headers: { 'X-XSRF-TOKEN': token ?? '' },
      data: {
        insuranceType: 'HEALTH',
        startDate: day(30).wire,
        endDate: day(395).wire,
        destination: 'NL',
        countryOfOrigin: 'NL',
        person: {
          gender: 'FEMALE',
          firstName: 'Lucia',
          surname: 'Souza',
          birthDate: '2004-03-03',
          nationality: 'BR',
          email: 'lucia.souza@example.com',
        },
      },
    });
    expect(direct.status()).toBe(422);
    expect(await direct.json()).toMatchObject({
      code: 'HOME_COUNTRY',
      message: "We can't insure your situation.",
    });

    await switchToDutch(page);
    await expect(page.getByRole('heading', { name: 'Nieuwe verzekering aanvragen' })).toBeVisible();
    await expect(page.getByLabel('Land van bestemming')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should offer ben’s institute policy no change and send him to his institution', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.ben);
    const response = await page.request.get(
      `/api/en/profiles/${(await currentSession(page.request)).profileId}/policies`,
    );
    const [policy] = (await response.json()) as WirePolicy[];
    expect(policy).toBeDefined();
    await page.goto(`/en/insurances/${policy?.policyId ?? ''}/start-date`);
    await expect(page.getByText(/Please contact your institution to change its start date\./)).toBeVisible();
    await expect(page.getByLabel('New start date')).toHaveCount(0);
    await page.goto(`/en/insurances/${policy?.policyId ?? ''}/address`);
    await expect(page.getByText(/Please contact your institution to change its address\./)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should link Request new insurance from the login page and My Insurance to /request', async ({
    page,
  }) => {
    await page.goto('/en/login');
    await page.getByRole('link', { name: 'Request new insurance' }).click();
    await expect(page).toHaveURL(/\/en\/request$/);
    await expect(page.getByRole('heading', { name: 'Request new insurance' })).toBeVisible();
    await startLoggedIn(page, USERS.anna);
    await page.getByRole('main').getByRole('link', { name: 'Request new insurance' }).click();
    await expect(page).toHaveURL(/\/en\/request$/);
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { appStarted, startLoggedIn } from '../support/portal';
import { OPS_TOKEN, ORIGINS, USERS } from '../support/origins';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

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

/** The mails of the development outbox to `to` whose subject names `claimNumber`, oldest first. */
async function claimMails(page: Page, to: string, claimNumber: string): Promise<OutboxMail[]> {
  const response = await page.request.get('/api/dev/outbox');
  expect(response.status(), 'GET /api/dev/outbox').toBe(200);
  const mails = (await response.json()) as OutboxMail[];
  return mails.filter((mail) => mail.to === to && mail.subject.includes(claimNumber)).reverse();
}

/** The claims handler moves the claim on, as the insurer's system would: on the api, never through the host. */
async function setStatus(request: APIRequestContext, claimNumber: string, status: string, note?: string) {
  const response = await request.post(`${ORIGINS.api}/api/ops/claims/${claimNumber}/status`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    data: { status, ...(note ? { note } : {}) },
  });
  expect(response.status(), `${claimNumber} → ${status}: ${await response.text()}`).toBe(200);
}

async function switchTo(page: Page, language: 'EN' | 'NL'): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/mail-preferences') && response.request().method() === 'PUT',
  );
  await page
    .getByRole('group', { name: /^(Language|Taal)$/ })
    .getByRole('button', { name: language })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'NL' ? /^nl/ : /^en/);
  expect((await saved).status()).toBe(200);
}

test.describe('claim updates', () => {
  test('chen files a claim in Dutch and is mailed in Dutch; asked for more documents, she adds one from the claim page and the claim is in review again', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.chen);
    // Her language follows the switch while she is logged in, and her mails follow it.
    await switchTo(page, 'NL');
    await page.goto('/en/service-contact/file-a-claim');
    await appStarted(page);
    await page.getByLabel('Polis', { exact: true }).selectOption('HE-2026-100301');
    await page.getByLabel('Soort declaratie').selectOption('CLAIMS');
    await page.getByLabel('Datum van het incident').fill(formDate(-2));
    await page.getByLabel('Omschrijving').fill('Emergency room visit after a fall');
    await page.getByLabel('Gevraagd bedrag (EUR)').fill('212,40');
    await page.getByLabel('IBAN voor de uitbetaling').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('Bonnen', { exact: true }).setInputFiles([pdf('hospital.pdf')]);
    await page.getByRole('button', { name: 'Declaratie versturen' }).click();
    await expect(page.getByRole('heading', { name: 'Je declaratie is ontvangen' })).toBeVisible();
    const claimNumber = (await page.locator('.claim-done__number').textContent())?.trim() ?? '';
    expect(claimNumber).toMatch(/^CLM-\d{4}-[0-9A-F]{8}$/);

    const [received] = await claimMails(page, USERS.chen, claimNumber);
    expect(received?.subject).toBe(`We hebben je declaratie ${claimNumber} ontvangen`);
    expect(received?.text).toMatch(/€\s212,40/);
    expect(received?.text).toContain('binnen 10 werkdagen');
    expect(received?.links[0]).toMatch(new RegExp(`/en/claims/${claimNumber}$`));

    // The host never forwards the handler's route, with or without the key.
    const throughHost = await page.request.post(`/api/ops/claims/${claimNumber}/status`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      data: { status: 'IN_REVIEW' },
    });
    expect(throughHost.status()).toBe(404);
    await setStatus(page.request, claimNumber, 'IN_REVIEW');
    await setStatus(
      page.request,
      claimNumber,
      'DOCUMENTS_REQUESTED',
      'Please add the itemised hospital bill',
    );
    const asked = (await claimMails(page, USERS.chen, claimNumber)).at(-1);
    expect(asked?.subject).toBe(`Je declaratie ${claimNumber}: documenten gevraagd`);
    expect(asked?.text).toContain('Please add the itemised hospital bill');

    await page.goto(`/en/claims/${claimNumber}`);
    await appStarted(page);
    await expect(page.getByRole('heading', { name: 'We hebben meer documenten nodig' })).toBeVisible();
    await expect(page.getByText('Please add the itemised hospital bill')).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    await switchTo(page, 'EN');
    await expect(page.getByRole('heading', { name: 'We need more documents' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Status timeline' })).toContainText('Documents requested');
    await page.getByLabel('Documents', { exact: true }).setInputFiles([pdf('itemised-bill.pdf')]);
    // The chosen file is kept on the device as the claim form keeps its draft.
    await page.reload();
    await appStarted(page);
    await expect(page.getByRole('list', { name: 'Files added' })).toContainText('itemised-bill.pdf');
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('button', { name: 'Add documents' }).click();

    await expect(page.getByRole('heading', { name: 'We need more documents' })).toHaveCount(0);
    const timeline = page.getByRole('list', { name: 'Status timeline' });
    await expect(timeline.locator('[aria-current="step"]')).toContainText('In review');
    await expect(page.getByRole('button', { name: 'Download itemised-bill.pdf' })).toBeVisible();
    await expect
      .poll(async () => (await claimMails(page, USERS.chen, claimNumber)).at(-1)?.subject)
      .toBe(`Your claim ${claimNumber}: in review`);
  });
});

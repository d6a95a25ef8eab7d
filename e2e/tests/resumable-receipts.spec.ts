import { createHash } from 'node:crypto';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { appStarted, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

const MB = 1024 * 1024;
const UPLOADS = /\/api\/en\/receipt-uploads(\/|$)/;
/** What Chromium logs for a request the offline emulation stopped. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to load resource/;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PDF of `size` bytes whose every byte depends on its place, so a piece sent twice or lost shows. */
function bigPdf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from('%PDF-1.7\n', 'latin1').copy(bytes);
  for (let i = 9; i < size; i += 1) bytes[i] = (i * 31 + (i >> 11)) % 253;
  return bytes;
}

/** A day relative to today as the form takes it (dd/mm/yyyy). */
function formDate(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const TEXT = {
  EN: {
    policy: 'Policy',
    category: 'Claim category',
    date: 'Incident date',
    description: 'Description',
    amount: 'Amount claimed (EUR)',
    iban: 'IBAN for the payout',
    receipts: 'Receipts',
    send: 'Send claim',
    progress: 'Upload progress',
    lost: 'Connection lost — we will continue when you are back online',
    received: 'Your claim has been received',
    smaller: /^Photo made smaller: \d+(\.\d)? MB → \d+(\.\d)? (KB|MB)$/,
  },
  NL: {
    policy: 'Polis',
    category: 'Soort declaratie',
    date: 'Datum van het incident',
    description: 'Omschrijving',
    amount: 'Gevraagd bedrag (EUR)',
    iban: 'IBAN voor de uitbetaling',
    receipts: 'Bonnen',
    send: 'Declaratie versturen',
    progress: 'Voortgang van het uploaden',
    lost: 'Verbinding verbroken — we gaan verder zodra je weer online bent',
    received: 'Je declaratie is ontvangen',
    smaller: /^Foto verkleind: \d+(,\d)? MB → \d+(,\d)? (KB|MB)$/,
  },
} as const;
type Language = keyof typeof TEXT;

async function fillInClaim(page: Page, language: Language, description: string): Promise<void> {
  const text = TEXT[language];
  await page.goto('/en/service-contact/file-a-claim');
  await appStarted(page);
  await page.getByLabel(text.policy, { exact: true }).selectOption('TR-2026-100101');
  await page.getByLabel(text.category).selectOption('CLAIMS');
  await page.getByLabel(text.date).fill(formDate(-2));
  await page.getByLabel(text.description).fill(description);
  await page.getByLabel(text.amount).fill('88,20');
  await page.getByLabel(text.iban).fill('NL91 ABNA 0417 1643 00');
}

/**
 * Slows the browser's uploads to about `bytesPerSecond` (Chromium's network emulation), so that "about
 * half" of a receipt is a moment a person could see; the offline emulation replaces it when it is cut.
 */
async function slowUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * The uploads' PATCH requests as they go: the offset each one starts from, and the bytes of those the api
 * accepted (204).
 */
function watchUploads(page: Page): { offsets: number[]; accepted: () => number } {
  const offsets: number[] = [];
  let bytes = 0;
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && UPLOADS.test(request.url()))
      offsets.push(Number(request.headers()['upload-offset']));
  });
  page.on('requestfinished', (request: Request) => {
    if (request.method() !== 'PATCH' || !UPLOADS.test(request.url())) return;
    void Promise.all([request.response(), request.sizes()]).then(([response, sizes]) => {
      if (response?.status() === 204) bytes += sizes.requestBodySize;
    });
  });
  return { offsets, accepted: () => bytes };
}

/**
 * Sends the claim, cuts the network once about half of the receipts has arrived, checks the bar and
 * the message while it is cut (and axe, in `language`), then restores it: the claim is received.
 */
async function sendThroughABreak(
  page: Page,
  context: BrowserContext,
  language: Language,
  axe: () => Promise<void>,
): Promise<void> {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.send }).click();
  const bar = page.getByRole('progressbar', { name: text.progress });
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000, intervals: [50] })
    .toBeGreaterThanOrEqual(40);
  await context.setOffline(true);
  await expect(page.getByText(text.lost, { exact: true })).toBeVisible();
  const atBreak = Number(await bar.getAttribute('value'));
  expect(atBreak).toBeGreaterThanOrEqual(40);
  expect(atBreak).toBeLessThan(100);
  await axe();
  // Nothing moves while offline, and the claim is not sent.
  await page.waitForTimeout(1000);
  expect(Number(await bar.getAttribute('value'))).toBe(atBreak);
  await expect(page.getByRole('heading', { name: text.received })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: text.received })).toBeVisible({ timeout: 30_000 });
}

test.describe('receipts that survive a bad connection', () => {
  // Uploads slowed to a phone's pace, a break of a few seconds, and axe while it lasts: more than the
  // 45 s of a journey on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('anna sends a 6 MB receipt, loses the connection at about half, and the claim arrives with the whole receipt once, byte for byte', async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(OFFLINE_ERRORS);
    const receipt = bigPdf(6 * MB);
    await startLoggedIn(page, USERS.anna);
    await fillInClaim(page, 'EN', 'Hospital bill sent from the train');
    await page
      .getByLabel(TEXT.EN.receipts, { exact: true })
      .setInputFiles([{ name: 'hospital-bill.pdf', mimeType: 'application/pdf', buffer: receipt }]);
    // A PDF is sent as it is.
    await expect(page.getByRole('list', { name: 'Files added' }).getByRole('listitem')).toContainText(
      'hospital-bill.pdf6 MB',
    );
    const uploads = watchUploads(page);
    await slowUploads(page, 3 * MB);
    await sendThroughABreak(page, context, 'EN', () => expectNoAxeViolations(page, consoleGuard));
    const claimNumber = (await page.locator('.claim-done__number').textContent())?.trim() ?? '';
    expect(claimNumber).toMatch(/^CLM-\d{4}-[0-9A-F]{8}$/);

    // What arrived before the break was not sent again: no piece starts before the one before it (the
    // api keeps what arrived of the piece the break cut, and the next one starts after that), and the
    // pieces the api answered add up to the file less what it kept of the cut one (one piece at most).
    expect(uploads.offsets[0]).toBe(0);
    for (const [index, offset] of uploads.offsets.slice(1).entries())
      expect(offset, `piece ${index + 1} of ${uploads.offsets.join(', ')}`).toBeGreaterThanOrEqual(
        uploads.offsets[index]!,
      );
    await expect.poll(uploads.accepted).toBeGreaterThanOrEqual(receipt.length - 512 * 1024);
    expect(uploads.accepted()).toBeLessThanOrEqual(receipt.length);
    const claim = await page.request.get(`/api/en/claims/${claimNumber}`);
    expect(claim.status()).toBe(200);
    const { receipts } = (await claim.json()) as {
      receipts: { id: string; name: string; contentType: string; size: number }[];
    };
    expect(receipts).toEqual([
      {
        id: expect.stringMatching(/^RCT-/),
        name: 'hospital-bill.pdf',
        contentType: 'application/pdf',
        size: receipt.length,
      },
    ]);
    // The receipt as the student downloads it from her claim: the same bytes.
    const download = await page.request.get(`/api/en/claims/${claimNumber}/receipts/${receipts[0]!.id}`);
    expect(download.status()).toBe(200);
    expect(sha256(await download.body())).toBe(sha256(receipt));
  });

  test('in Dutch, a large photo is made smaller before it is sent, and the claim page passes axe while the connection is lost', async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(OFFLINE_ERRORS);
    await startLoggedIn(page, USERS.anna);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
    await fillInClaim(page, 'NL', 'Foto van de apotheekbon');
    // A phone photo: a large JPEG of noise (which compresses badly), made by the browser itself.
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 1600;
        canvas.height = 1200;
        const context2d = canvas.getContext('2d')!;
        const image = context2d.createImageData(canvas.width, canvas.height);
        for (let i = 0; i < image.data.length; i += 1)
          image.data[i] = i % 4 === 3 ? 255 : Math.random() * 256;
        context2d.putImageData(image, 0, 0);
        const blob = await new Promise<Blob>((resolve) =>
          canvas.toBlob((made) => resolve(made!), 'image/jpeg', 1),
        );
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      }),
      'base64',
    );
    expect(photo.length).toBeGreaterThan(1.5 * MB);
    await page
      .getByLabel(TEXT.NL.receipts, { exact: true })
      .setInputFiles([{ name: 'apotheek.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    const item = page.getByRole('list', { name: 'Toegevoegde bestanden' }).getByRole('listitem');
    await expect(item.locator('.receipts__size')).toHaveText(TEXT.NL.smaller);
    await expectNoAxeViolations(page, consoleGuard);

    await slowUploads(page, 200 * 1024);
    await sendThroughABreak(page, context, 'NL', () => expectNoAxeViolations(page, consoleGuard));
    const claimNumber = (await page.locator('.claim-done__number').textContent())?.trim() ?? '';
    const claim = (await (await page.request.get(`/api/en/claims/${claimNumber}`)).json()) as {
      receipts: { name: string; contentType: string; size: number }[];
    };
    expect(claim.receipts).toHaveLength(1);
    expect(claim.receipts[0]).toMatchObject({ name: 'apotheek.jpg', contentType: 'image/jpeg' });
    expect(claim.receipts[0]!.size).toBeLessThanOrEqual(1 * MB);
  });
});

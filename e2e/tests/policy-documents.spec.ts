import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { currentSession, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

interface WirePolicy {
  policyId: string;
  policyNumber?: string;
  insuranceType: string;
  documents: { id: string; name: string }[];
}

async function annasTravelPolicy(page: Page): Promise<WirePolicy> {
  const { profileId } = await currentSession(page.request);
  const response = await page.request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status()).toBe(200);
  const policy = ((await response.json()) as WirePolicy[]).find((item) => item.insuranceType === 'TRAVEL');
  expect(policy?.documents.length, 'a seeded policy has named documents').toBeGreaterThan(0);
  return policy as WirePolicy;
}

async function openTravelDocuments(page: Page) {
  await page.goto('/en/insurances');
  const card = page.getByRole('main').getByRole('article', { name: 'Travel' });
  await card.getByRole('button', { name: 'Show details' }).click();
  return card;
}

test.describe('policy documents', () => {
  test('should download every named document and both conditions from the card', async ({
    page,
    consoleGuard,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const policy = await annasTravelPolicy(page);
    const card = await openTravelDocuments(page);
    const downloads: [string, RegExp][] = [
      ['Conditions at the start of your policy', /^conditions-travel\.pdf$/],
      ['Latest conditions', /^conditions-travel-latest\.pdf$/],
      ...policy.documents.map((document): [string, RegExp] => [
        document.name,
        new RegExp(`-${document.id}\\.pdf$`),
      ]),
    ];
    for (const [name, fileName] of downloads) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name, exact: true }).click(),
      ]);
      expect(download.suggestedFilename(), name).toMatch(fileName);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(path)).subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
    }
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page, consoleGuard);

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('button', { name: 'Voorwaarden bij de start van je polis' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nieuwste voorwaarden' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('should serve PDFs with their content type, and refuse another student’s document', async ({
    page,
  }) => {
    await startLoggedIn(page, USERS.anna);
    const policy = await annasTravelPolicy(page);
    for (const path of [
      `/api/en/policies/${policy.policyId}/conditions`,
      `/api/en/policies/${policy.policyId}/conditions?latest=true`,
      `/api/en/documents/${policy.documents[0]?.id ?? ''}`,
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toBe('application/pdf');
      expect(response.headers()['content-disposition'], path).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    }
    // Ben's document, asked for by Anna: refused with the contract's error body.
    const other = await page.request.get('/api/en/documents/DOC-POL-1002-H-W');
    expect(other.status()).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    const unknown = await page.request.get('/api/en/documents/DOC-none');
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).code).toBe('NOT_FOUND');
  });

  test('should say which document failed when the api cannot serve it', async ({ page, consoleGuard }) => {
    await startLoggedIn(page, USERS.anna);
    const policy = await annasTravelPolicy(page);
    const name = policy.documents[0]?.name ?? '';
    await page.route('**/api/en/documents/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Try later.' }),
      }),
    );
    consoleGuard.allow(/503/);
    const card = await openTravelDocuments(page);
    await card.getByRole('button', { name, exact: true }).click();
    await expect(card.getByRole('alert')).toHaveText(
      `${name} could not be downloaded. Please try again later.`,
    );
  });
});

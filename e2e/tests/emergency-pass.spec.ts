import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { test, expect } from '../support/fixtures';
import type { ConsoleGuard } from '../support/fixtures';
import { currentSession, logoutEntry, mainNavigation, policiesOf, startLoggedIn } from '../support/portal';
import { USERS } from '../support/origins';

const EMERGENCY = '/en/service-contact/emergency';

// Offline, every call the page still makes (the session check, the content, the tag manager) fails,
// and Chromium logs each as a console error; those are what this journey provokes.
const OFFLINE_ERRORS = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /NetworkError/, /Load failed/];

/** The Emergency Pass section of the page. */
const passSection = (page: Page) => page.getByRole('region', { name: /^(Emergency Pass|Noodpas)$/ });

/** Waits for the service worker to control the page, as it must before the network goes. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The 24/7 number the emergency page shows now (from the content endpoint). */
async function emergencyNumber(page: Page): Promise<string> {
  const call = page.getByRole('main').locator('.emergency-contacts a[href^="tel:"]');
  await expect(call).toBeVisible();
  return ((await call.textContent()) ?? '').trim();
}

/** Logs anna in, opens the emergency page and keeps her pass; returns her policy number and the 24/7 number. */
async function keepAnnasPass(page: Page): Promise<{ policyNumber: string; phone: string }> {
  await startLoggedIn(page, USERS.anna);
  const { profileId } = await currentSession(page.request);
  const policyNumber = (await policiesOf(page.request, profileId))[0]?.policyNumber ?? '';
  expect(policyNumber).not.toBe('');

  await page.goto(EMERGENCY);
  const phone = await emergencyNumber(page);
  await serviceWorkerReady(page);
  await passSection(page).getByRole('button', { name: 'Keep on this device' }).click();
  await expect(passSection(page).getByRole('status')).toHaveText(
    'Your Emergency Pass is kept on this device. This page opens without a network.',
  );
  await expect(passSection(page).getByText(/^Saved on /)).toBeVisible();
  await expect(passSection(page).getByText(policyNumber, { exact: true })).toBeVisible();
  return { policyNumber, phone };
}

async function goOffline(context: BrowserContext, guard: ConsoleGuard): Promise<void> {
  guard.allow(...OFFLINE_ERRORS);
  await context.setOffline(true);
}

test.describe('Emergency Pass', () => {
  test('anna keeps her pass on the device, it opens offline, and logging out removes it', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const { policyNumber, phone } = await keepAnnasPass(page);
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
    await expect(
      passSection(page).getByRole('button', { name: 'Werk de pas op dit apparaat bij' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);

    // No network: the page, its code and the pass come from the device.
    await goOffline(context, consoleGuard);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Je bent offline. Dit is de noodpas' }),
    ).toBeVisible();
    await expect(passSection(page).getByText(policyNumber, { exact: true })).toBeVisible();
    await expect(passSection(page).getByRole('link', { name: phone })).toHaveAttribute('href', /^tel:\+/);
    await expect(passSection(page).getByText(/^Bewaard op /)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    await page.getByRole('group', { name: 'Taal' }).getByRole('button', { name: 'EN' }).click();
    // The page was kept with its English content (the host sends it with the page): offline, the
    // emergency details show beside the pass.
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency abroad' })).toBeVisible();
    await expect(page.getByRole('main').locator('a.emergency-call').first()).toBeVisible();
    await expect(passSection(page).getByText(/^Saved on /)).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
    // Nothing personal came from the worker's caches: it keeps no API response.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => request.url));
      }
      return urls;
    });
    expect(kept.filter((url) => /\/api\/|\/pacos|\/sitecore\//.test(url))).toEqual([]);

    // Back online: logging out takes the pass off the device.
    await context.setOffline(false);
    await page.reload();
    await expect(logoutEntry(page)).toBeVisible();
    await logoutEntry(page).click();
    await expect(logoutEntry(page)).toHaveCount(0);
    expect((await page.request.get('/api/checksession')).status()).toBe(401);
    // Whatever page the logout leads to has loaded before the network goes.
    await page.waitForLoadState('networkidle');

    await goOffline(context, consoleGuard);
    await page.goto(EMERGENCY);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').locator('a.emergency-call').first()).toBeVisible();
    await expect(page.getByText(policyNumber, { exact: true })).toHaveCount(0);
    await expect(page.getByText(/^Saved on /)).toHaveCount(0);
  });

  test('a page that started offline shows the student’s navigation once the network is back, without a reload', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const { policyNumber } = await keepAnnasPass(page);
    // Started without a network: the session cannot be checked, so the header is a visitor's.
    await goOffline(context, consoleGuard);
    await page.reload();
    await expect(passSection(page).getByText(policyNumber, { exact: true })).toBeVisible();
    await expect(logoutEntry(page)).toHaveCount(0);
    // Back online, the session is checked again: her navigation returns on the same page.
    await context.setOffline(false);
    await expect(logoutEntry(page)).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'My Insurance' })).toBeVisible();
    await expectNoAxeViolations(page, consoleGuard);
  });

  test('the pass still opens offline after the browser restarts', async ({
    playwright,
    consoleGuard,
  }, info) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'portal-emergency-pass-'));
    const { baseURL, locale, viewport, userAgent, launchOptions } = info.project.use;
    const launch = async () => {
      const context = await playwright.chromium.launchPersistentContext(userDataDir, {
        ...launchOptions,
        baseURL,
        locale,
        viewport,
        userAgent,
      });
      // As the fixture does for its own context: the tag manager's script is not on the internet here.
      await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
      );
      return context;
    };
    try {
      const first = await launch();
      const before = first.pages()[0] ?? (await first.newPage());
      consoleGuard.watch(before);
      const { policyNumber, phone } = await keepAnnasPass(before);
      await first.close();

      // A new browser on the same profile, without a network from its very first request.
      const second = await launch();
      await goOffline(second, consoleGuard);
      const after = second.pages()[0] ?? (await second.newPage());
      consoleGuard.watch(after);
      await after.goto(EMERGENCY);
      // The page was kept with its content: the emergency details, and the pass beside them.
      await expect(after.getByRole('heading', { level: 1, name: 'Emergency abroad' })).toBeVisible();
      await expect(passSection(after).getByText(policyNumber, { exact: true })).toBeVisible();
      await expect(passSection(after).getByRole('link', { name: phone })).toBeVisible();
      await second.close();
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});

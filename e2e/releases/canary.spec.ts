// The canary check of scripts/check-releases.mjs: a remote team releases to a share of students, and the
// host watches what the release does in their browsers. Served by the journey stack's canary host
// (scripts/journey-stacks.mjs), which reads its remotes from CANARY_REMOTES_FILE and judges a canary
// from 3 page views; the broken build is CANARY_BILLING_DIST_DIR (its invoices page throws).
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, APIRequestContext } from '@playwright/test';
import { localOrigin } from '../../configs/topology.cjs';
import { test, expect } from '../support/fixtures';
import { OPS_TOKEN, PORTS, USERS } from '../support/origins';
import { appStarted, logIn } from '../support/portal';

const HOST = localOrigin(PORTS.canaryHost);
const STABLE = localOrigin(PORTS.billing);
const HEALTHY = localOrigin(PORTS.healthyBillingCanary);
const BROKEN = localOrigin(PORTS.brokenBillingCanary);
const REMOTES_FILE = process.env.CANARY_REMOTES_FILE ?? '';

type Release = { url: string; release: string | null; pageViews: number; errors: number };
type BillingStatus = {
  stable: Release;
  canary: (Release & { percent: number; rolledBack: boolean }) | null;
  rollback: { canaryUrl: string; at: string; reason: string } | null;
};

async function billingStatus(request: APIRequestContext): Promise<BillingStatus> {
  const answer = await request.get(`${HOST}/ops/releases`, {
    headers: { Authorization: `Bearer ${OPS_TOKEN}` },
  });
  expect(answer.status()).toBe(200);
  const { remotes } = (await answer.json()) as { remotes: Array<BillingStatus & { remote: string }> };
  const billing = remotes.find((remote) => remote.remote === 'billing');
  if (!billing) throw new Error('/ops/releases names no billing remote');
  return billing;
}

/** What `pnpm release:canary remote-billing <url> --percent <n>` writes; the host takes it within a second. */
async function releaseCanary(request: APIRequestContext, origin: string, percent: number) {
  const url = `${origin}/mf-manifest.json`;
  writeFileSync(REMOTES_FILE, JSON.stringify({ CANARY_BILLING_URL: url, CANARY_BILLING_PERCENT: percent }));
  await expect.poll(async () => (await billingStatus(request)).canary?.url, { timeout: 10_000 }).toBe(url);
}

/** A browser that has never seen the portal (no release group yet), with the analytics choice made. */
async function freshBrowser(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: HOST, locale: 'en-GB' });
  await context.addCookies([{ name: 'portal_consent', value: 'denied', url: HOST }]);
  return context;
}

/** The origins the billing remote's entry was fetched from on a page. */
function billingEntries(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/remoteEntry.js' && [STABLE, HEALTHY, BROKEN].includes(url.origin))
      origins.add(url.origin);
  });
  return origins;
}

/** Billing's page views counted so far, on both releases. */
async function billingViews(request: APIRequestContext): Promise<number> {
  const { stable, canary } = await billingStatus(request);
  return stable.pageViews + (canary?.pageViews ?? 0);
}

/**
 * Opens the invoices page as a student does, and stays until the host has counted the view: the page
 * sends its field data a moment after it shows (or when it is left).
 */
async function viewInvoices(page: Page, request: APIRequestContext, heading: string): Promise<Set<string>> {
  const before = await billingViews(request);
  const entries = billingEntries(page);
  await page.goto('/en/invoices');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await appStarted(page);
  await expect.poll(() => billingViews(request), { timeout: 15_000 }).toBeGreaterThan(before);
  return entries;
}

/** The billing remote's manifest URL the host gives this browser, asked twice (it must not change). */
async function billingRelease(page: Page): Promise<string> {
  const ask = () =>
    page.evaluate(async () => {
      const config = (await (await fetch('/en/remotes.json')).json()) as { remotes: { billing?: string } };
      return config.remotes.billing ?? '';
    });
  const first = await ask();
  expect(await ask(), 'one browser, one release').toBe(first);
  return first;
}

test.describe.configure({ mode: 'serial' });

test('should serve a healthy canary on 50% to about half of twenty fresh browsers, and keep it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const canaryUrl = `${HEALTHY}/mf-manifest.json`;
  await releaseCanary(request, HEALTHY, 50);
  const onCanary: BrowserContext[] = [];
  const onStable: BrowserContext[] = [];
  // Twenty fresh browsers, five at a time.
  for (let batch = 0; batch < 4; batch += 1)
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const context = await freshBrowser(browser);
        const page = await context.newPage();
        await page.goto('/en/login');
        const release = await billingRelease(page);
        expect([canaryUrl, `${STABLE}/mf-manifest.json`]).toContain(release);
        (release === canaryUrl ? onCanary : onStable).push(context);
      }),
    );
  expect(onCanary.length).toBeGreaterThanOrEqual(4);
  expect(onCanary.length).toBeLessThanOrEqual(16);

  // Students on each release use the invoices page: each gets the build of her release, and the canary,
  // as good as the stable release, is judged (3 page views) and kept.
  for (const [context, origin] of [
    ...onCanary.slice(0, 3).map((context) => [context, HEALTHY] as const),
    ...onStable.slice(0, 1).map((context) => [context, STABLE] as const),
  ]) {
    const page = context.pages()[0] as Page;
    await logIn(page, USERS.anna);
    expect([...(await viewInvoices(page, request, 'Invoices'))]).toEqual([origin]);
  }
  for (const context of [...onCanary, ...onStable]) await context.close();
  const status = await billingStatus(request);
  expect(status.canary).toMatchObject({ url: canaryUrl, rolledBack: false, errors: 0 });
  expect(status.canary?.pageViews).toBeGreaterThanOrEqual(3);
  expect(status.rollback).toBeNull();
});

test('should show the stable release when the canary cannot be loaded, and roll the canary back', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const unreachable = localOrigin(PORTS.closed);
  await releaseCanary(request, unreachable, 100);
  const context = await freshBrowser(browser);
  const page = await context.newPage();
  await logIn(page, USERS.anna);
  // Each page view tries the canary, falls back to the stable release, and reports the failure.
  for (let view = 0; view < 3; view += 1)
    expect([...(await viewInvoices(page, request, 'Invoices'))]).toEqual([STABLE]);
  await expect
    .poll(async () => (await billingStatus(request)).rollback?.canaryUrl ?? '', { timeout: 20_000 })
    .toBe(`${unreachable}/mf-manifest.json`);
  expect((await billingStatus(request)).canary?.errors).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('should roll a broken canary on 100% back by itself, and show the invoices from the stable release', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await releaseCanary(request, BROKEN, 100);
  const context = await freshBrowser(browser);
  const page = await context.newPage();
  await logIn(page, USERS.anna);
  // Three students' page views of the broken invoices page: each fails, and each is reported.
  for (let view = 0; view < 3; view += 1)
    expect([...(await viewInvoices(page, request, 'Something went wrong.'))]).toEqual([BROKEN]);
  await expect
    .poll(async () => (await billingStatus(request)).rollback?.reason ?? '', { timeout: 20_000 })
    .toContain('Errors per page view');
  const status = await billingStatus(request);
  expect(status.canary).toMatchObject({
    url: `${BROKEN}/mf-manifest.json`,
    release: process.env.CANARY_BILLING_VERSION,
    rolledBack: true,
  });
  expect(status.canary?.errors).toBeGreaterThanOrEqual(3);
  // The host's metrics count the errors by remote, the broken build's release and the canary.
  const metrics = await request.get(`${HOST}/metrics`, { headers: { Authorization: `Bearer ${OPS_TOKEN}` } });
  expect(await metrics.text()).toContain(
    `host_rum_errors_total{remote="billing",release="${process.env.CANARY_BILLING_VERSION}",variant="canary",kind="boundary"`,
  );
  expect(await metrics.text()).toMatch(/host_canary_rollbacks_total\{remote="billing"[^}]*\} [1-9]/);

  // The next page load gets the stable release, whatever the browser's release group.
  expect([...(await viewInvoices(page, request, 'Invoices'))]).toEqual([STABLE]);
  await context.close();
});

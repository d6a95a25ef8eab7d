import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { currentSession, logIn, policiesOf } from '../support/portal';
import { USERS } from '../support/origins';

/**
 * The api paths the page asks the network for, in order, as Chromium's own network log has them: a
 * request answered by a preload that was already under way is not a request of its own there (the
 * page's `request` events would name it twice).
 */
async function apiRequests(page: Page): Promise<Array<{ path: string; by: string }>> {
  const seen: Array<{ path: string; by: string }> = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const url = new URL(request.url);
    // `by`: "script" for the app's own call, "other" for a preload the page's header named.
    if (url.pathname.startsWith('/api/')) seen.push({ path: url.pathname, by: initiator.type });
  });
  return seen;
}

test.describe("a student's data comes with the page", () => {
  // A first load, as a student opening the portal again: no service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('My Insurance is opened with the session check and her policies already on their way, each fetched once', async ({
    page,
  }) => {
    await logIn(page, USERS.anna);
    const { profileId } = await currentSession(page.request);
    const policies = await policiesOf(page.request, profileId);

    const response = await page.request.get('/en/insurances', { headers: { Accept: 'text/html' } });
    expect(response.headers()['link']).toContain(
      `</api/en/profiles/${profileId}/policies>; rel=preload; as=fetch; crossorigin=anonymous`,
    );
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    expect(await response.text()).not.toContain(profileId);

    const requests = await apiRequests(page);
    await page.goto('/en/insurances');
    const first = policies[0]?.policyNumber ?? policies[0]?.applicationNumber ?? '';
    await expect(page.getByRole('main').getByText(first, { exact: false }).first()).toBeVisible();
    // Fetched once each, by the page's header rather than by the scripts: the app took those answers.
    expect(requests.filter(({ path }) => path === `/api/en/profiles/${profileId}/policies`)).toEqual([
      { path: `/api/en/profiles/${profileId}/policies`, by: 'other' },
    ]);
    expect(requests.filter(({ path }) => path === '/api/checksession')).toEqual([
      { path: '/api/checksession', by: 'other' },
    ]);
  });

  test('a visitor’s page names no api read', async ({ page }) => {
    const response = await page.request.get('/en/insurances', { headers: { Accept: 'text/html' } });
    expect(response.headers()['link'] ?? '').not.toContain('/api/');
  });
});

import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './origins';

/** The raw policy fields the journeys compare with the page. */
export interface RawPolicy {
  policyId: string;
  policyNumber?: string;
  applicationNumber?: string;
}

/** The host's main navigation. */
export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The Logout entry of the host navigation. */
export function logoutEntry(page: Page): Locator {
  return mainNavigation(page)
    .getByRole('button', { name: /log ?out/i })
    .or(mainNavigation(page).getByRole('link', { name: /log ?out/i }));
}

/** Fill in and send the login form of remote-account on the current page. */
export async function submitLogin(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Open /en/login and log in through the form; waits for My Insurance. */
export async function logIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/en/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/en\/insurances/);
}

/** The session as the api sees it, using the page's own cookies. */
export async function currentSession(
  request: APIRequestContext,
): Promise<{ profileId: string; firstName: string }> {
  const response = await request.get('/api/checksession');
  expect(response.status(), 'GET /api/checksession').toBe(200);
  return (await response.json()) as { profileId: string; firstName: string };
}

/** The policies the api returns for the logged-in student. */
export async function policiesOf(request: APIRequestContext, profileId: string): Promise<RawPolicy[]> {
  const response = await request.get(`/api/en/profiles/${profileId}/policies`);
  expect(response.status(), 'GET policies').toBe(200);
  return (await response.json()) as RawPolicy[];
}

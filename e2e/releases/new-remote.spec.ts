// The new-remote check of scripts/check-releases.mjs: a fifth remote, made by `pnpm create-remote` in a
// worktree and built alone there (ADDED_REMOTE_NAME), joins a running host through its remotes file
// (CANARY_REMOTES_FILE, read by the journey stack's canary host). The host is today's build: nothing
// of it is built again or restarted.
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { localOrigin } from '../../configs/topology.cjs';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { PORTS, USERS } from '../support/origins';
import { appStarted, submitLogin } from '../support/portal';

const HOST = localOrigin(PORTS.canaryHost);
const NAME = process.env.ADDED_REMOTE_NAME ?? '';
const TITLE = NAME.charAt(0).toUpperCase() + NAME.slice(1);
const REMOTES_FILE = process.env.CANARY_REMOTES_FILE ?? '';
const MANIFEST = `${localOrigin(PORTS.addedRemote)}/mf-manifest.json`;

test.use({ baseURL: HOST });
test.describe.configure({ mode: 'serial' });

async function composedRemotes(page: Page): Promise<Record<string, string>> {
  const answer = await page.request.get(`${HOST}/en/remotes.json`);
  return ((await answer.json()) as { remotes: Record<string, string> }).remotes;
}

test.beforeAll(() => {
  expect(NAME, 'ADDED_REMOTE_NAME names the remote the check made').toMatch(/^[a-z][a-z0-9]+$/);
  // The host as it was deployed: the portal's four remotes, nothing added.
  writeFileSync(REMOTES_FILE, '{}\n');
});

test('the running host composes a remote it learns of from its remotes file alone', async ({ page }) => {
  await expect.poll(async () => Object.keys(await composedRemotes(page))).not.toContain(NAME);
  await page.goto(`/en/${NAME}`);
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);

  // What the remote's team writes into the host's remotes file (docs/operations.md).
  writeFileSync(
    REMOTES_FILE,
    JSON.stringify({ ADDED_REMOTES: NAME, [`REMOTE_${NAME.toUpperCase()}_URL`]: MANIFEST }),
  );
  await expect.poll(async () => (await composedRemotes(page))[NAME], { timeout: 10_000 }).toBe(MANIFEST);

  await page.goto(`/en/${NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(`This page comes from the ${NAME} remote.`, { exact: false })).toBeVisible();
  await expect(page.getByText('You are not logged in.')).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE} | Student Insurance Portal`);
});

test('its page shares the portal session and language, and axe-core finds no violations', async ({
  page,
  consoleGuard,
}) => {
  await page.goto('/en/login');
  await submitLogin(page, USERS.anna);
  await expect(page).toHaveURL(/\/en\/insurances/);
  await page.goto(`/en/${NAME}`);
  await expect(page.getByText("You are logged in: this remote shares the portal's session.")).toBeVisible();
  await expectNoAxeViolations(page, consoleGuard);

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
  await expect(page.getByText('U bent ingelogd: deze remote deelt de sessie van het portaal.')).toBeVisible();
  await expectNoAxeViolations(page, consoleGuard);
});

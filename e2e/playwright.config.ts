import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ORIGINS, PORTS, CLOSED_PORT, GTM_ID } from './support/origins';

const isCI = process.env.CI === 'true';

/**
 * The journeys always start their own servers (the production build, fresh data, the GTM id
 * below), never reuse what already runs: a dev build or an old database on these ports would make
 * the results mean nothing. So a busy port stops the run at once with a clear message. Workers
 * re-read this file while the servers run: only the first read checks.
 */
function assertPortsFree(): void {
  if (process.env.E2E_PORTS_CHECKED) return;
  const ports = {
    host: PORTS.host,
    'remote-account': PORTS.account,
    'remote-insurance': PORTS.insurance,
    'remote-billing': PORTS.billing,
    'remote-service': PORTS.service,
    'host with billing down': PORTS.billingDownHost,
    'host with content down': PORTS.contentDownHost,
    'host without billing': PORTS.billingOffHost,
    api: PORTS.api,
  };
  const check = spawnSync(
    process.execPath,
    [
      join(__dirname, '..', 'scripts', 'check-ports.mjs'),
      ...Object.entries(ports).map(([name, port]) => `${name}=${port}`),
    ],
    { encoding: 'utf8' },
  );
  if (check.status !== 0) {
    throw new Error(
      `The browser journeys start their own portal, but:\n${check.stderr || check.error?.message || ''}`,
    );
  }
  process.env.E2E_PORTS_CHECKED = '1';
}
assertPortsFree();

// One fresh database folder per run. Workers re-read this file, so keep the first value.
process.env.E2E_API_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));

// The same production stack as `npm start`, without install and build (`npm test` builds first).
const startCommand = 'node ../scripts/start.mjs --no-install --no-build';
// The start script stops its children on SIGTERM; a SIGKILL would leave them running.
const gracefulShutdown = { signal: 'SIGTERM', timeout: 20_000 } as const;
const closed = `http://localhost:${CLOSED_PORT}`;

export default defineConfig({
  testDir: './tests',
  forbidOnly: isCI,
  // Two shared cores: one browser at a time keeps timings stable.
  workers: 1,
  fullyParallel: false,
  // On CI a journey that fails runs once more, so that one slow moment on a shared machine does not
  // fail the whole run; `npm test` names every journey that needed it (scripts/lib/journey-report.mjs),
  // so a flaky journey is seen and fixed, not hidden.
  retries: isCI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    // Read by `npm test` for its summary: the failed and the flaky journeys with their errors.
    ['json', { outputFile: 'test-results/journeys.json' }],
    ...(isCI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL: ORIGINS.host,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      // api, the four remotes and the host on the product ports.
      command: startCommand,
      // Through the host to the api (the outbox is on here): ready only when both are.
      url: `${ORIGINS.host}/api/dev/outbox`,
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown,
      stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
      stderr: 'pipe',
      env: {
        API_RESET: '1',
        API_DEV_OUTBOX: '1',
        // Card and iDeal journeys pay through the sandbox provider page.
        API_PAYMENT_SANDBOX: '1',
        API_DATA_DIR: process.env.E2E_API_DATA_DIR,
        // The journeys log in and ask for reset mails many times from one address; production keeps
        // the strict defaults (see api/README.md).
        API_RATE_LIMIT_AUTH: '10000',
        API_RATE_LIMIT_CONTENT: '100000',
        API_MAIL_LIMIT_PER_HOUR: '10000',
        // Each browser's journeys file visitor claims, right and wrong, from one address.
        API_RATE_LIMIT_VISITOR_CLAIM: '10000',
        API_RATE_LIMIT_LETTERS: '10000',
        API_RATE_LIMIT_ANONYMOUS: '10000',
        API_CLAIMS_PER_DAY: '10000',
        GTM_ID,
        // The remotes also serve the extra hosts below.
        HOST_ORIGIN: [
          ORIGINS.host,
          ORIGINS.billingDownHost,
          ORIGINS.contentDownHost,
          ORIGINS.billingOffHost,
        ].join(','),
      },
    },
    {
      // A second host whose billing remote points at a closed port: a remote that is down.
      command: `${startCommand} --only=host`,
      url: `${ORIGINS.billingDownHost}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown,
      env: {
        HOST_PORT: String(PORTS.billingDownHost),
        REMOTE_BILLING_URL: `${closed}/mf-manifest.json`,
      },
    },
    {
      // A third host whose content endpoint is down: the page tree cannot load.
      command: `${startCommand} --only=host`,
      url: `${ORIGINS.contentDownHost}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown,
      env: {
        HOST_PORT: String(PORTS.contentDownHost),
        CONTENT_ORIGIN: closed,
      },
    },
    {
      // A fourth host deployed without the billing remote: its pages are not available.
      command: `${startCommand} --only=host`,
      url: `${ORIGINS.billingOffHost}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown,
      env: {
        HOST_PORT: String(PORTS.billingOffHost),
        REMOTE_BILLING_URL: 'off',
      },
    },
  ],
});

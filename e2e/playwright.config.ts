import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { journeysNeedingStack, PORTAL_URL } from './support/deployed';
import { GTM_ID, ORIGINS } from './support/origins';

const isCI = process.env.CI === 'true';

/**
 * Parallel workers, each with a stack of its own (support/origins.ts). By default one fewer than the
 * machine's cores, at least two and at most four: on two cores, one worker's browser renders while the
 * other's waits for its servers; a bigger machine runs more at once. E2E_WORKERS moves it.
 */
export const WORKERS = Math.max(
  1,
  Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, os.availableParallelism() - 1))) || 1,
);

/** Every stack's servers, in one process: scripts/journey-stacks.mjs. */
const journeyStacks = {
  command: `node ../scripts/journey-stacks.mjs --stacks=${WORKERS} --gtm-id=${GTM_ID}`,
  // Printed once every process of every stack answers.
  wait: { stdout: /Journey stacks ready/ },
  timeout: 180_000,
  // The script stops its children on SIGTERM; a SIGKILL would leave them running.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
  stderr: 'pipe',
} as const;

const testDir = './tests';

/** Against a running portal (PORTAL_URL), the journeys that control their stack are left out, by name. */
const needingStack = PORTAL_URL ? journeysNeedingStack(path.join(__dirname, testDir)) : [];
if (PORTAL_URL)
  console.log(
    `Journeys against ${PORTAL_URL}: SKIPPING ${needingStack.length} journey files that need control of the ` +
      `stack (its api, the development outbox, the payment sandbox, backends taken down): ${needingStack.join(', ')}`,
  );

/** The core journeys that run on a phone as well (the `phone` project). */
const PHONE_JOURNEYS = /phone\.spec\.ts$/;

export default defineConfig({
  testDir,
  testIgnore: needingStack,
  forbidOnly: isCI,
  // A file's journeys run in order, in one worker; the files are shared out between the workers.
  workers: WORKERS,
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
  projects: [
    { name: 'desktop', testIgnore: [PHONE_JOURNEYS, ...needingStack] },
    // Chromium with a phone's size, touch and user agent.
    { name: 'phone', testMatch: PHONE_JOURNEYS, use: { ...devices['Pixel 7'] } },
  ],
  use: {
    baseURL: PORTAL_URL ?? ORIGINS.host,
    // Recording a trace (a DOM snapshot and a screenshot at every step) took a third of each journey's
    // time on two cores. On CI a failed journey runs again with its trace recorded, and the HTML
    // report keeps it; a run here records every journey and keeps the traces of those that failed.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
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
  // A running portal needs no stacks of its own.
  ...(PORTAL_URL ? {} : { webServer: journeyStacks }),
});

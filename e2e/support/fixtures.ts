import { test as base, expect } from '@playwright/test';
import type { ConsoleMessage, Page } from '@playwright/test';
import { ORIGINS } from './origins';

/**
 * Collects console errors and uncaught page errors; the test fails on any that it did not
 * announce with `allow(...)`.
 */
export class ConsoleGuard {
  private readonly problems: string[] = [];
  private readonly allowed: RegExp[] = [];

  /** Announce errors this test provokes on purpose (matched against "text @ url"). */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  /** Watch one page (the fixture watches the default page). */
  watch(page: Page): void {
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      this.problems.push(`console error: ${message.text()} @ ${message.location().url}`);
    });
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.name}: ${error.message}`));
  }

  /** The errors nobody announced. */
  unexpected(): string[] {
    return this.problems.filter((problem) => !this.allowed.some((pattern) => pattern.test(problem)));
  }
}

/**
 * An anonymous visit asks `GET /api/checksession`, which answers 401 by contract; Chromium
 * logs every non-2xx fetch as a console error, so that one is expected everywhere.
 */
const SESSION_CHECK_401 = /status of 401 .*@ https?:\/\/[^/\s]+\/api\/checksession/;

type Fixtures = {
  consoleGuard: ConsoleGuard;
  /**
   * The analytics choice the browser starts with (the `portal_consent` cookie): most journeys are not
   * about cookies and start as a student who already chose, so the banner does not cover the page.
   * `null` starts as a first visit. `test.use({ analyticsConsent: ... })` changes it.
   */
  analyticsConsent: 'granted' | 'denied' | null;
};

export const test = base.extend<Fixtures>({
  analyticsConsent: ['denied', { option: true }],
  consoleGuard: [
    async ({ page, context, analyticsConsent }, use) => {
      if (analyticsConsent)
        await context.addCookies([{ name: 'portal_consent', value: analyticsConsent, url: ORIGINS.host }]);
      // The tag manager's own script comes from the internet, which the test machines cannot
      // reach; answer it with an empty script so the portal's dataLayer is what gets tested.
      await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
      );
      const guard = new ConsoleGuard();
      guard.allow(SESSION_CHECK_401);
      guard.watch(page);
      await use(guard);
      expect(guard.unexpected(), 'console errors or page errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

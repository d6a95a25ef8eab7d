import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { ConsoleGuard } from './fixtures';

/** The WCAG 2.2 A and AA rules (and the 2.0/2.1 rules they include) that every page must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe-core on the page once its animations have finished and expects no violation, listing any
 * it finds. Some of axe's checks set inline styles, which the portal's CSP refuses and Chromium reports
 * as a console error: that one is axe's own, so the guard lets it pass.
 */
export async function expectNoAxeViolations(page: Page, guard: ConsoleGuard): Promise<void> {
  guard.allow(/Applying inline style violates the following Content Security Policy directive/);
  // The page as it settles: an alert fading in measured half-transparent fails colour contrast that
  // it passes once shown (a journey saw that once).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          // A spinner turns for ever: only what ends is waited for, and for 2 s at most.
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found, 'axe-core violations').toEqual([]);
}

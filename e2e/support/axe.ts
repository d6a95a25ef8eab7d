import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { ConsoleGuard } from './fixtures';

/** The WCAG 2.2 A and AA rules (and the 2.0/2.1 rules they include) that every page must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe-core on the page as it is now and expects no violation, listing any it finds. Some of axe's
 * checks set inline styles, which the portal's CSP refuses and Chromium reports as a console error:
 * that one is axe's own, so the guard lets it pass.
 */
export async function expectNoAxeViolations(page: Page, guard: ConsoleGuard): Promise<void> {
  guard.allow(/Applying inline style violates the following Content Security Policy directive/);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found, 'axe-core violations').toEqual([]);
}

import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';

test.describe('accessibility statement', () => {
  test('a visitor reaches it from the footer and finds how to report a problem', async ({ page }) => {
    await page.goto('/en/service-contact');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
    await expect(page).toHaveURL(/\/en\/accessibility$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
    await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Known exceptions' })).toBeVisible();
    await page.getByRole('link', { name: 'Report a problem through the contact form' }).click();
    await expect(page).toHaveURL(/\/en\/service-contact\/contact$/);
  });

  for (const language of ['EN', 'NL'] as const) {
    test(`it opens from the footer in ${language}, and axe-core finds no violations`, async ({
      page,
      consoleGuard,
    }) => {
      await page.goto('/en/service-contact');
      let name = 'Accessibility statement';
      if (language === 'NL') {
        await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'NL' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
        name = 'Toegankelijkheidsverklaring';
      }
      // By keyboard: the footer link is reached and followed without a mouse.
      const link = page.getByRole('contentinfo').getByRole('link', { name });
      // Focus it once it is on screen (the frame's link or the working page's).
      await expect(async () => {
        await link.focus();
        await expect(link).toBeFocused({ timeout: 500 });
      }).toPass();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/en\/accessibility$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expectNoAxeViolations(page, consoleGuard);
    });
  }
});

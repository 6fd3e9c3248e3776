import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until React has hydrated it, so clicks reach their handlers instead of
 * the server-rendered markup. React marks hydrated DOM nodes with `__reactProps$...` keys.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  // The site header, or the main area of pages in the empty layout (sign-in forms, maintenance).
  await page.waitForFunction(() => {
    const anchor = document.querySelector('[data-testid="site-header"]') ?? document.querySelector('main');
    return !!anchor && Object.keys(anchor).some((key) => key.startsWith('__reactProps'));
  });
  return response;
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')})`);
}

/** Deposits `amount` (major units, the site's currency) through the demo provider's hosted page, paid; `base`: another site than the test server (two processes). */
export async function depositThroughDemo(page: Page, amount: string, base = '') {
  await gotoHydrated(page, `${base}/cashier/deposit`);
  await page.getByTestId('amount-input').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/psp\/demo\/pay\/dp_/);
  await page.locator('button[data-outcome="success"]').click();
  await expect(page).toHaveURL(/\/cashier\//, { timeout: 15_000 });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/**
 * axe-core on the pages every visitor meets: no serious or critical violation of WCAG 2.1 A/AA
 * rules (colour contrast included), in both languages, at phone and desktop widths.
 */
const PAGES = ['/', '/fr', '/gamehall', '/forms/sign_in', '/fr/forms/sign_up', '/about', '/no-such-page'];

for (const width of [375, 1440]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PAGES) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await gotoHydrated(page, path);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')})`);
        expect(serious).toEqual([]);
      });
    }
  });
}

import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until React has hydrated it, so clicks reach their handlers instead of
 * the server-rendered markup. React marks hydrated DOM nodes with `__reactProps$...` keys.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => {
    const header = document.querySelector('[data-testid="site-header"]');
    return !!header && Object.keys(header).some((key) => key.startsWith('__reactProps'));
  });
  return response;
}

import type { Page } from '@playwright/test';

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

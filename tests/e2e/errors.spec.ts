import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support.ts';

test.describe('not found', () => {
  test('an unknown address shows the 404 page inside the site layout', async ({ page }) => {
    const response = await page.goto('/no-such-page-xyz');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /no-such-page-xyz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This table is closed');
  });

  test('a deep unknown French address is a French 404', async ({ page }) => {
    const response = await page.goto('/fr/nope/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /fr/nope/deeper');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cette table est fermée');
  });
});

test.describe('api and site configuration', () => {
  test('/api/nope answers 404 MethodNotFoundException', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect((await response.json()).error).toMatchObject({ type: 'MethodNotFoundException' });
  });

  test('/nfx/cms-config/fr answers the French document', async ({ request }) => {
    const response = await request.get('/nfx/cms-config/fr');
    expect(response.status()).toBe(200);
    const document = await response.json();
    expect(document.seo.default.title).toContain('casino en ligne');
  });

  test('/nfx/cms-config/xx answers 404', async ({ request }) => {
    const response = await request.get('/nfx/cms-config/xx');
    expect(response.status()).toBe(404);
  });
});

test.describe('page health', () => {
  for (const path of ['/', '/fr']) {
    test(`${path} loads without errors in the console`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('HTML pages carry a Content-Security-Policy with a script nonce', async ({ request }) => {
    for (const path of ['/', '/fr', '/no-such-page-xyz']) {
      const response = await request.get(path);
      const csp = response.headers()['content-security-policy'];
      expect(csp, path).toContain("default-src 'self'");
      const scriptSrc = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src'));
      expect(scriptSrc, path).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9_-]{22}'$/);
    }
  });

  test('a guest page shared from the cache still carries its own response’s nonce, in the header and on every script', async ({ request }) => {
    const pages = [];
    for (let i = 0; i < 3; i++) {
      const response = await request.get('/about', { headers: { accept: 'text/html' } });
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'])?.[1];
      const body = await response.text();
      pages.push({ cache: response.headers()['x-page-cache'], nonce, body });
    }
    expect(pages.some((page) => page.cache === 'hit')).toBe(true);
    expect(new Set(pages.map((page) => page.nonce)).size).toBe(3);
    for (const page of pages) {
      const scriptNonces = [...page.body.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([page.nonce]));
    }
  });
});

import { expect, test } from '@playwright/test';
import { SAMPLES, backofficePatterns, guardTarget, inFrench, routePatterns } from './route-table.ts';

/** A browser's document request, in English unless the address says otherwise. */
const DOCUMENT = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-GB,en;q=0.9' };

test('every route of the route table has a sample in both locales', () => {
  const patterns = routePatterns();
  const english = patterns.filter((pattern) => pattern !== 'fr' && !pattern.startsWith('fr/'));
  const french = patterns.filter((pattern) => pattern === 'fr' || pattern.startsWith('fr/'));
  expect(english.filter((pattern) => !(pattern in SAMPLES))).toEqual([]);
  expect(french.map((pattern) => pattern.replace(/^fr\/?/, '')).sort()).toEqual([...english].sort());
});

test('every back-office route answers its page, not indexed, without a French twin', async ({ request }) => {
  const patterns = backofficePatterns();
  expect(patterns).toContain('backoffice');
  for (const pattern of patterns) {
    // Parameters get a sample; the pages themselves ask the back office's API who is signed in.
    const path = `/${pattern.replace(':id', '1').replace(':userId', '1').replace('*', 'no-such-screen')}`;
    const response = await request.get(path, { headers: DOCUMENT, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }
  expect((await request.get('/fr/backoffice', { headers: DOCUMENT, maxRedirects: 0 })).status()).toBe(404);
});

for (const locale of ['en', 'fr'] as const) {
  test.describe(`route table (${locale})`, () => {
    for (const [pattern, samples] of Object.entries(SAMPLES)) {
      test(`/${pattern}`, async ({ request }) => {
        for (const [englishPath, expected] of samples) {
          const path = locale === 'fr' ? inFrench(englishPath) : englishPath;
          const response = await request.get(path, { headers: DOCUMENT, maxRedirects: 0 });
          if (expected === 'guarded') {
            expect(response.status(), path).toBe(302);
            expect(response.headers().location, path).toBe(guardTarget(path, locale));
          } else {
            expect(response.status(), path).toBe(expected);
            expect(response.headers()['content-type'], path).toContain('text/html');
          }
        }
      });
    }
  });
}

test.describe('redirect rules of the site configuration', () => {
  for (const [from, to] of [
    ['/casino', '/gamehall'],
    ['/fr/casino', '/fr/gamehall'],
    ['/slots/anything', '/gamehall?category=slot'],
    ['/fr/slots/book-of-dead', '/fr/gamehall?category=slot'],
  ]) {
    test(`${from} -> ${to}`, async ({ request }) => {
      const response = await request.get(from, { headers: DOCUMENT, maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(to);
    });
  }

  test('a player following /casino ends up on the game hall', async ({ page }) => {
    await page.goto('/casino');
    await expect(page).toHaveURL('/gamehall');
  });
});

test('a guest opening /profile/settings lands home with the address to come back to', async ({ page }) => {
  await page.goto('/profile/settings');
  await expect(page).toHaveURL('/?redirectUrl=%2Fprofile%2Fsettings');
  await expect(page.getByTestId('home')).toBeVisible();
});

test('a guest opening /cashier is sent home, with redirectUrl=%2Fcashier', async ({ request }) => {
  const response = await request.get('/cashier', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/?redirectUrl=%2Fcashier');
});

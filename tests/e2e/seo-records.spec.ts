import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerByApi, uniqueEmail } from './auth-support.ts';
import { gotoHydrated } from './support.ts';

/**
 * SEO from the content service in the server's HTML (docs/seo.md): the seeded SEO record of
 * /providers in both locales, `noindex, follow` under the robots Disallow rules, `noindex` on an
 * error page; the game hall's category redirects; icons given by address (inline, else an object).
 */
async function html(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  return response.text();
}
const jsonLdTypes = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => [JSON.parse(match[1])].flat() as Array<Record<string, unknown>>);

test("a page's SEO record gives its title, description, Open Graph title and FAQ, in each locale", async ({ request }) => {
  for (const [path, title, question] of [
    ['/providers', 'Game studios at Croupier: slots, table games and fast games', 'Which studios can I play at Croupier?'],
    ['/fr/providers', 'Les studios de jeux de Croupier : machines à sous, jeux de table et jeux rapides', 'Quels studios puis-je jouer chez Croupier ?'],
  ]) {
    const page = await html(request, path);
    expect(/<title>([^<]*)<\/title>/.exec(page)?.[1], path).toBe(title.replaceAll("'", '&#x27;'));
    expect(page, path).toMatch(/<meta name="description" content="[^"]*Croupier[^"]*"/);
    expect(page, path).toMatch(/<meta property="og:title" content="[^"]*Croupier[^"]*"/);
    expect(page, path).not.toContain('{brand}');
    expect(page, path).not.toContain('name="robots"');
    const records = jsonLdTypes(page);
    expect(records.map((record) => record['@type']), path).toEqual(['BreadcrumbList', 'FAQPage']);
    const faq = records[1] as { mainEntity: Array<{ name: string }> };
    expect(faq.mainEntity[0].name, path).toBe(question);
  }
});

test('pages under a robots Disallow rule say noindex, follow; an error page says noindex; public pages say nothing', async ({ request }) => {
  // The cashier and the profile are a player's pages.
  await registerByApi(request, uniqueEmail('robots'));
  for (const path of ['/cashier/deposit', '/fr/profile/settings']) {
    const response = await request.get(path);
    expect(new URL(response.url()).pathname, path).toMatch(/^(\/fr)?\/(cashier|profile|forms)/);
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex, follow"/>');
  }
  const missing = await html(request, '/no-such-page-at-all', 404);
  expect(missing).toContain('<meta name="robots" content="noindex"/>');
  expect(await html(request, '/gamehall')).not.toContain('name="robots"');
});

test('/gamehall/{id} answers at its one address: lower case, /gamehall for all, the hall filtered by a studio', async ({ request }) => {
  const providers = ((await (await request.get('/api/games/getProviders')).json()) as { data: Array<{ sysname: string }> }).data;
  const studio = providers[0].sysname;
  for (const [from, to] of [
    ['/gamehall/SLOT', '/gamehall/slot'],
    ['/fr/gamehall/Live?providers=x', '/fr/gamehall/live?providers=x'],
    ['/gamehall/all', '/gamehall'],
    [`/fr/gamehall/${studio}`, `/fr/gamehall?providers=${studio}`],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
  }
  expect((await request.get('/gamehall/poker-night', { maxRedirects: 0 })).status()).toBe(404);
});

test('an icon given by address is drawn inline, cleaned of scripts; a failed fetch falls back to an object embed', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await gotoHydrated(page, '/_icons');
  const [inline, missing] = [page.getByTestId('external-icon').nth(0), page.getByTestId('external-icon').nth(1)];
  await expect(inline.locator('[data-external-icon="inline"] > svg')).toHaveAttribute('width', '28');
  await expect(missing.locator('object[data-external-icon="object"]')).toHaveAttribute('data', '/brand/missing-icon.svg');

  // A hostile SVG at the icon's address: drawn, without its script, handler or outside link.
  await page.route('**/brand/logo-mark.svg', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><circle cx="12" cy="12" r="10" fill="currentColor" onclick="alert(4)"/></a><foreignObject><iframe src="https://example.com"/></foreignObject></svg>',
    }),
  );
  await page.reload();
  const svg = page.getByTestId('external-icon').nth(0).locator('[data-external-icon="inline"] > svg');
  await expect(svg.locator('circle')).toHaveCount(1);
  const markup = await svg.evaluate((node) => node.outerHTML);
  expect(markup).not.toMatch(/script|onload|onclick|javascript:|foreignObject|iframe/i);
  await svg.locator('circle').click();
  expect(dialogs).toEqual([]);
});

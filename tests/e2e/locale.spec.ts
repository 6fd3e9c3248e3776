import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support.ts';

const homeCopy = (locale: 'en' | 'fr') =>
  JSON.parse(readFileSync(new URL(`../../app/locales/${locale}/home.json`, import.meta.url), 'utf8')) as { hero: { title: string } };

test.describe('language of the page', () => {
  test('/ is English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeCopy('en').hero.title);
  });

  test('/fr is French', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeCopy('fr').hero.title);
    expect(homeCopy('fr').hero.title).not.toBe(homeCopy('en').hero.title);
  });

  test('content page /about in both languages, unknown slug 404', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Croupier');
    await page.goto('/fr/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de Croupier');
    const missing = await page.goto('/not-a-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /not-a-page');
  });
});

test.describe('locale choice', () => {
  test('the i18n_locale=fr cookie sends /gamehall to /fr/gamehall', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_locale', value: 'fr', url: baseURL! }]);
    await page.goto('/gamehall');
    await expect(page).toHaveURL('/fr/gamehall');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test.describe('a French browser without the cookie', () => {
    test.use({ locale: 'fr-FR' });

    test('opening / lands on /fr', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL('/fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeCopy('fr').hero.title);
    });
  });

  test('an English browser stays on /', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/');
  });

  test('the footer language switcher moves /gamehall to /fr/gamehall and remembers fr', async ({ page, context }) => {
    await gotoHydrated(page, '/gamehall');
    const switcher = page.getByTestId('site-footer').getByTestId('language-switcher');
    await expect(switcher).toHaveValue('en');
    await switcher.selectOption('fr');
    await expect(page).toHaveURL('/fr/gamehall');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('site-footer').getByTestId('language-switcher')).toHaveValue('fr');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_locale');
    expect(cookie?.value).toBe('fr');
  });
});

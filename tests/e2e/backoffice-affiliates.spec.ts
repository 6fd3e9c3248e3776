import { expect, test } from '@playwright/test';
import { fillSignUp, openAuthPopup, uniqueEmail } from './auth-support.ts';
import { createStaff, shootBackoffice } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Affiliates end to end (docs/affiliates.md): a marketing member creates an affiliate and its
 * link; a visitor lands through the link, the page's /hit (3 s after load) gives the browser its
 * first touch; the visitor signs up in another tab and deposits through the demo provider; the
 * affiliate's report shows the sign-up and the first deposit.
 */
test('a visitor brought by an affiliate link signs up in another tab and deposits: the report shows both', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const marketing = await createStaff(page, 'marketing');
  expect(marketing.role).toBe('marketing');
  const name = `Partner ${Date.now().toString(36)}`;
  const code = `e2e${Date.now().toString(36)}`;

  await page.goto('/backoffice/affiliates');
  const create = page.getByTestId('affiliate-create');
  // A bad form first: each field says what is wrong.
  await create.getByLabel('Name').fill('X');
  await create.getByLabel('Contact e-mail').fill('deals@partner.example');
  await create.getByLabel('Revenue share (% of NGR)').fill('140');
  await create.getByRole('button', { name: 'Create affiliate' }).click();
  await expect(create.getByText('A name of 2 to 80 characters')).toBeVisible();
  await expect(create.getByText('A percentage from 0 to 100, like 25 or 25.5')).toBeVisible();
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Revenue share (% of NGR)').fill('30');
  await create.getByLabel('CPA per first-time depositor').fill('40');
  await create.getByLabel('CPA currency').selectOption('EUR');
  // No postback URL: the site under test must call nothing outside this machine (postbacks are tested in-process).
  await create.getByRole('button', { name: 'Create affiliate' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const linkForm = page.getByTestId('link-create');
  await linkForm.getByLabel('Code').fill(code);
  await linkForm.getByLabel('Landing path').fill('/gamehall');
  await linkForm.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByTestId('links-table')).toContainText(`/go/${code}`);

  // The visitor, in a browser of their own: lands through the link.
  const visitorContext = await browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const landing = await visitorContext.newPage();
  const hit = landing.waitForResponse((response) => new URL(response.url()).pathname === '/hit', { timeout: 15_000 });
  const started = Date.now();
  await landing.goto(`/go/${code}?td_sub1=banner`);
  await expect(landing).toHaveURL(new RegExp(`/gamehall\\?td_sub1=banner&track_id=${code}$`));
  const answer = await hit;
  expect(answer.status()).toBe(204);
  // Sent about 3 s after the page loaded, with what the landing address carried.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  expect(new URL(answer.url()).searchParams.get('track_id')).toBe(code);
  const firstTouch = (await visitorContext.cookies()).find((cookie) => cookie.name === 'first_touch');
  expect(firstTouch?.httpOnly).toBe(true);

  // Another tab of the same browser signs up: only the cookie carries the attribution.
  const otherTab = await visitorContext.newPage();
  await gotoHydrated(otherTab, '/');
  const email = uniqueEmail('affiliate');
  await fillSignUp(await openAuthPopup(otherTab, 'sign-up'), email);
  await expect(otherTab.getByTestId('header-balance')).toContainText('0.00');
  await depositThroughDemo(otherTab, '25');
  await visitorContext.close();

  // The affiliate's report for this month shows the sign-up and the first deposit.
  await page.getByRole('link', { name: 'Its monthly report' }).click();
  const row = page.getByTestId('affiliate-report').locator(`tr[data-affiliate="${name}"]`);
  await expect(row.locator('[data-cell="signups"]')).toHaveText('1', { timeout: 15_000 });
  await expect(row.locator('[data-cell="first_deposits"]')).toHaveText('1');
  await expect(row.locator('[data-cell="deposits"]')).toContainText('25.00');
  await expect(row.locator('[data-cell="cpa_owed"]')).toHaveText('40.00 EUR');
  await shootBackoffice(page, 'affiliate-report');

  await page.getByRole('link', { name }).first().click();
  await expect(page.getByTestId('links-table').locator('tbody tr').first().locator('td').nth(3)).toHaveText('1');
  await shootBackoffice(page, 'affiliate');
  await page.goto('/backoffice/affiliates');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await shootBackoffice(page, 'affiliates');

  // The player page says where the player came from.
  await page.goto(`/backoffice/players?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: email }).click();
  const cameFrom = page.getByTestId('player-attribution');
  await expect(cameFrom).toContainText(name);
  await expect(cameFrom).toContainText(`/go/${code}`);
  await expect(cameFrom).toContainText('td_sub1=banner');
  await expect(cameFrom).toContainText('25.00 EUR');
  await shootBackoffice(page, 'player-came-from');
});

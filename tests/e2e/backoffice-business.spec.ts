import { expect, test, type Page } from '@playwright/test';
import { fillSignUp, openAuthPopup, uniqueEmail } from './auth-support.ts';
import { createStaff } from './backoffice-support.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';

/**
 * Issue 30's whole business day in one journey, as a manager watches it: a visitor arrives through
 * an affiliate's link, signs up in another tab and deposits 2,500 EUR; on the open live dashboard
 * the large-deposit alert appears with its compliance case, and the day's deposits and the open
 * cases move, all pushed (the dashboard is read once); the affiliate's report shows the first
 * deposit. The parts are proven on their own in backoffice-affiliates, backoffice-risk and
 * backoffice-live.
 */
test('an affiliate visitor deposits 2,500: the alert, its case and the counters reach the live dashboard, the report the deposit', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await createStaff(page, 'manager');
  const name = `Business ${Date.now().toString(36)}`;
  const code = `biz${Date.now().toString(36)}`;
  await createAffiliateLink(page, name, code);

  let dashboardReads = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/reports/live')) dashboardReads++;
  });
  await gotoHydrated(page, '/backoffice/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
  const alerts = page.getByTestId('live-alerts');
  const openCases = page.getByTestId('live-queues').locator('[data-queue="risk_cases"] .bo-live-count');
  const depositsToday = page.getByTestId('live-today-EUR').locator('[data-kpi="deposits"] dd').first();
  const eurDeposits = async () => ((await depositsToday.count()) ? Number((await depositsToday.innerText()).replace(/[^\d.]/g, '')) : 0);
  const casesBefore = Number(await openCases.innerText());
  const depositsBefore = await eurDeposits();

  // The visitor: lands through the link, then signs up and deposits in another tab.
  const visitor = await browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const landing = await visitor.newPage();
  const hit = landing.waitForResponse((response) => new URL(response.url()).pathname === '/hit', { timeout: 15_000 });
  await landing.goto(`/go/${code}`);
  expect((await hit).status()).toBe(204);
  const tab = await visitor.newPage();
  await gotoHydrated(tab, '/');
  const email = uniqueEmail('business');
  await fillSignUp(await openAuthPopup(tab, 'sign-up'), email);
  await expect(tab.getByTestId('header-balance')).toContainText('0.00');
  await depositThroughDemo(tab, '2500');
  await visitor.close();

  // The alert and its case arrive as the alert commits; the figures with the next pushes.
  // (Every journey's browser has the same fingerprint, so a shared-device alert may come too.)
  const alert = alerts.locator('li[data-alert="large_deposit"]').filter({ hasText: email });
  await expect(alert).toContainText('Large single deposit', { timeout: 20_000 });
  await expect(alert).toContainText('2500 EUR deposited');
  await expect(alert.getByRole('link', { name: /^Case #\d+$/ })).toBeVisible();
  await expect(alert).toContainText('open');
  await expect(async () => {
    expect((await eurDeposits()) - depositsBefore).toBeCloseTo(2500, 2);
    expect(Number(await openCases.innerText())).toBeGreaterThan(casesBefore);
  }).toPass({ timeout: 45_000, intervals: [1_000] });
  expect(dashboardReads).toBe(1);

  // The case the alert opened holds the deposit's alert.
  await alert.getByRole('link', { name: /^Case #\d+$/ }).click();
  await expect(page.getByTestId('risk-case-alerts')).toContainText('Large single deposit');

  // The affiliate's monthly report: the sign-up and the first deposit.
  await page.goto('/backoffice/affiliates');
  await page.getByRole('link', { name }).first().click();
  await page.getByRole('link', { name: 'Its monthly report' }).click();
  const row = page.getByTestId('affiliate-report').locator(`tr[data-affiliate="${name}"]`);
  await expect(row.locator('[data-cell="signups"]')).toHaveText('1', { timeout: 15_000 });
  await expect(row.locator('[data-cell="first_deposits"]')).toHaveText('1');
  await expect(row.locator('[data-cell="deposits"]')).toContainText(/2,?500\.00/);
});

/** An affiliate on revenue share with one link to the home page. */
async function createAffiliateLink(page: Page, name: string, code: string) {
  await page.goto('/backoffice/affiliates');
  const create = page.getByTestId('affiliate-create');
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Contact e-mail').fill('deals@business.example');
  await create.getByLabel('Revenue share (% of NGR)').fill('25');
  await create.getByRole('button', { name: 'Create affiliate' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const link = page.getByTestId('link-create');
  await link.getByLabel('Code').fill(code);
  await link.getByLabel('Landing path').fill('/');
  await link.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByTestId('links-table')).toContainText(`/go/${code}`);
}

import { expect, test } from '@playwright/test';
import { completeSetup, createStaff, shootBackoffice, signInStaff } from './backoffice-support.ts';

/**
 * The back office's core as operators meet it (docs/backoffice.md): the first owner from the
 * ops command, members invited from the staff screen, each seeing only what their role may do,
 * the API refusing what the interface hides, and the interface in French.
 */
test('the owner invites a finance and a support member, who see only their screens', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await createStaff(page, 'owner');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await shootBackoffice(page, 'overview');

  const invite = async (email: string, name: string, role: string) => {
    await page.goto('/backoffice/staff');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByTestId('setup-link')).toBeVisible();
    await expect(page.getByText(`Set-up link for ${email}`)).toBeVisible();
    const link = (await page.getByTestId('setup-link').textContent())!.trim();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('invited');
    return link.replace(/^https?:\/\/[^/]+/, '');
  };
  const financeEmail = `fiona.${Date.now()}@staff.example`;
  const supportEmail = `sam.${Date.now()}@staff.example`;
  const financeLink = await invite(financeEmail, 'Fiona Finance', 'finance');
  const supportLink = await invite(supportEmail, 'Sam Support', 'support');

  const financePage = await (await browser.newContext()).newPage();
  await completeSetup(financePage, financeLink, financeEmail, 'finance');
  const financeNav = financePage.getByRole('navigation', { name: 'Back office' });
  await expect(financeNav.getByRole('link', { name: 'Withdrawals' })).toBeVisible();
  await expect(financeNav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(financeNav.getByRole('link', { name: 'Support chat' })).toHaveCount(0);

  const supportPage = await (await browser.newContext()).newPage();
  await completeSetup(supportPage, supportLink, supportEmail, 'support');
  const supportNav = supportPage.getByRole('navigation', { name: 'Back office' });
  await expect(supportNav.getByRole('link', { name: 'Support chat' })).toBeVisible();
  await expect(supportNav.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);

  // Both are active now, and the trail shows who invited them.
  await page.goto('/backoffice/staff');
  await expect(page.getByRole('row', { name: new RegExp(financeEmail) })).toContainText('active');
  await page.goto('/backoffice/audit?action=staff.invite');
  await expect(page.getByRole('row', { name: /staff\.invite/ }).filter({ hasText: owner.email }).first()).toBeVisible();
});

test('an analyst reads but cannot change, and the API refuses them too', async ({ page }) => {
  await createStaff(page, 'analyst');
  await page.goto('/backoffice/audit');
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const answer = await fetch('/backoffice/api/staff/invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@staff.example', display_name: 'X', role: 'owner' }),
    });
    return { status: answer.status, body: (await answer.json()) as { error: { type: string } } };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error.type).toBe('AccessDeniedException');
});

test('a member signs out and in again with a new code, and reads the interface in French', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await createStaff(page, 'compliance');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/backoffice\/sign-in/);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await shootBackoffice(page, 'sign-in');
  await page.goto('/backoffice/audit');
  await expect(page).toHaveURL(/\/backoffice\/sign-in\?next=%2Fbackoffice%2Faudit/);
  await signInStaff(page, member);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Joueurs' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Players' })).toBeVisible();
});

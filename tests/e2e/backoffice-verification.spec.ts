import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { completeSetup, shootBackoffice as shoot } from './backoffice-support.ts';
import { startIsolatedServer } from './isolated-server.ts';
import { depositThroughDemo, gotoHydrated } from './support.ts';
import { idPhoto, withdraw } from './verification-support.ts';

/**
 * The back office's protection screens in Chromium (docs/backoffice.md), on a site of its own
 * where every withdrawal needs an approved identity verification (kycWithdrawalThreshold 0): a
 * compliance member watches the verification queue while a player uploads documents and sends
 * them; the case appears without a reload; the player's withdrawal is refused; the member opens
 * the case from the keyboard, sees the photo and the PDF, approves with `a`; the player's open page
 * turns verified and the same withdrawal goes through. Then responsible gaming: a looser limit is
 * refused naming the amount, a stricter one and an operator exclusion are taken. Screenshots at
 * 1440 and 1024 px go to BACKOFFICE_SHOTS_DIR (BACKOFFICE_SHOTS_DIR=docs/backoffice refreshes the docs;
 * by default under test-results, so a test run leaves the tree clean).
 */

const PORT = Number(process.env.E2E_BO_PROTECTION_PORT ?? 3187);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 420 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n4 0 obj << /Length 105 >> stream\nBT /F1 20 Tf 30 240 Td (Electricity bill) Tj 0 -40 Td /F1 14 Tf (Ann Lee, 12 rue de la Paix, Paris) Tj ET\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** The member's set-up link from `ops staff:create`, which reaches the running site (it holds the embedded database). */
function staffLink(dataDir: string, role: string): { email: string; link: string } {
  const email = `${role}.${Date.now().toString(36)}@staff.example`;
  const ops = spawnSync(process.execPath, ['scripts/ops.ts', 'staff:create', email, role, 'Cora Compliance'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (ops.status !== 0) throw new Error(`staff:create failed: ${ops.stderr}${ops.stdout}`);
  const link = /https?:\/\/\S+#token=\S+/.exec(ops.stdout)?.[0];
  if (!link) throw new Error(`no set-up link in: ${ops.stdout}`);
  return { email, link };
}


test('compliance approves a verification in the back office and the withdrawal it held goes through; responsible gaming only gets stricter', async ({ browser }) => {
  test.setTimeout(420_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bo-protection-'));
  const site = await startIsolatedServer({
    name: 'bo-protection',
    port: PORT,
    ops: ['site:set', 'kycWithdrawalThreshold', '0'],
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '20' },
    startSeconds: 180,
  });
  try {
    // The compliance member, signed in, watching the queue.
    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const staff = await staffContext.newPage();
    const { email: staffEmail, link } = staffLink(dataDir, 'compliance');
    await completeSetup(staff, link, staffEmail, 'compliance');
    await staff.goto(`${site.base}/backoffice/verification`);
    await expect(staff.getByRole('heading', { name: 'Identity verification' })).toBeVisible();
    await expect(staff.getByText('Nothing here.')).toBeVisible();

    // The player: a deposit, a refused withdrawal, the documents sent.
    const playerContext = await browser.newContext({ reducedMotion: 'reduce' });
    const player = await playerContext.newPage();
    const email = uniqueEmail('bo-kyc');
    await registerByApi(player.request, email, PASSWORD, site.base);
    await depositThroughDemo(player, '50', site.base);
    await withdraw(player, site.base, '20');
    await expect(player.getByTestId('withdraw-alert')).toHaveAttribute('data-type', 'KycWithdrawalException');
    await gotoHydrated(player, `${site.base}/profile/verification`);
    await player.getByTestId('verification-file-identity_front').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await idPhoto() });
    await expect(player.getByTestId('verification-doc-identity_front')).toHaveAttribute('data-doc-status', 'draft');
    await player.getByTestId('verification-file-proof_of_address').setInputFiles({ name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(player.getByTestId('verification-doc-proof_of_address')).toContainText('electricity-bill.pdf');
    await player.getByTestId('verification-submit').click();
    await expect(player.getByTestId('verification-status')).toHaveAttribute('data-status', 'pending');

    // The queue hears of it live: no reload.
    const row = staff.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('Waiting for review');
    await expect(row).toContainText('ID (front), Proof of address');
    await shoot(staff, 'verification-queue');

    // Still refused while the documents are reviewed.
    const pendingPage = await playerContext.newPage();
    await withdraw(pendingPage, site.base, '20');
    await expect(pendingPage.getByTestId('withdraw-alert')).toContainText('Your documents are being reviewed');
    await pendingPage.close();

    // From the keyboard: focus the row, Enter opens the case.
    await row.focus();
    await staff.keyboard.press('Enter');
    await expect(staff).toHaveURL(/\/backoffice\/verification\/\d+$/);
    await expect(staff.getByRole('heading', { name: `Verification of ${email}` })).toBeVisible();
    const photo = staff.getByTestId('bo-doc-identity_front').getByRole('img');
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const frame = staff.getByTestId('bo-doc-proof_of_address').locator('iframe');
    await expect(frame).toBeVisible();
    // The PDF is served inline to the member, and to nobody without a back-office session.
    const src = `${site.base}${await frame.getAttribute('src')}`;
    const served = await staff.request.get(src);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^inline; /);
    expect((await player.request.get(src)).status()).toBe(401);
    await expect(staff.getByTestId('bo-verification-history')).toContainText('Sent for review');
    await shoot(staff, 'verification-case', 1500);

    // `a` asks to approve, Enter confirms (the confirmation has the focus).
    await staff.keyboard.press('a');
    await expect(staff.getByRole('group', { name: 'Approve' })).toBeVisible();
    await staff.keyboard.press('Enter');
    await expect(staff.getByText('Decision saved: Approved.')).toBeVisible();
    await expect(staff.getByTestId('bo-verification-history')).toContainText('verification.approve');

    // The player's open page hears of it, and the same withdrawal goes through.
    await expect(player.getByTestId('verification-status')).toHaveAttribute('data-status', 'approved', { timeout: 15_000 });
    await withdraw(player, site.base, '20');
    await expect(player.getByTestId('withdrawal-requested')).toContainText('€20.00');

    // Audited once, with the member as the actor.
    await staff.goto(`${site.base}/backoffice/audit?action=verification.`);
    await expect(staff.getByRole('row', { name: /verification\.approve/ })).toHaveCount(1);

    // Responsible gaming: the player's own daily loss limit of €100; another player takes a time-out.
    expect((await player.request.post(`${site.base}/api/responsibleGaming/setLimit`, { form: { kind: 'loss', period: 'day', amount: '100' } })).ok()).toBe(true);
    const otherContext = await browser.newContext();
    await registerByApi(otherContext.request, uniqueEmail('bo-rg-break'), PASSWORD, site.base);
    expect((await otherContext.request.post(`${site.base}/api/responsibleGaming/exclude`, { form: { kind: 'time_out', length: '7d', confirm: '1' } })).ok()).toBe(true);
    await otherContext.close();

    await staff.goto(`${site.base}/backoffice/responsible-gaming?view=player&player=${encodeURIComponent(email)}`);
    const limits = staff.getByTestId('bo-rg-limits');
    await expect(limits).toContainText('100.00 EUR');
    const amount = staff.getByLabel('Amount (EUR)');
    await amount.fill('150');
    await staff.getByRole('button', { name: 'Set the limit' }).click();
    await expect(staff.getByRole('alert').filter({ hasText: 'Only a stricter limit can be set here: enter less than the current 100.00' })).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('40');
    await staff.getByLabel('Why (kept in the audit trail)').first().fill('Deposits doubled this week');
    await staff.getByRole('button', { name: 'Set the limit' }).click();
    await expect(staff.getByText('Limit saved.')).toBeVisible();
    await expect(limits).toContainText('40.00 EUR');

    await staff.getByLabel('Length').selectOption('7d');
    await staff.getByLabel('Why (kept in the audit trail)').last().fill('Affordability check failed');
    await staff.getByRole('button', { name: 'Exclude the player' }).click();
    await staff.getByRole('group', { name: 'Exclude the player' }).getByRole('button', { name: 'Exclude the player' }).click();
    await expect(staff.getByText(/^Exclusion started, until /)).toBeVisible();
    await expect(staff.getByText('Operator exclusion · 7 days')).toBeVisible();
    await shoot(staff, 'responsible-gaming-player');

    // The player is signed out by it, and the running exclusions list both breaks.
    await expect.poll(async () => (await (await player.request.get(`${site.base}/api/getInfo`)).json()).data?.uid ?? 0).toBe(0);
    await staff.getByRole('tab', { name: 'Exclusions running' }).click();
    await expect(staff.getByRole('row', { name: /Operator exclusion/ })).toBeVisible();
    await expect(staff.getByRole('row', { name: /Time-out/ })).toBeVisible();
    await shoot(staff, 'responsible-gaming-exclusions');

    await playerContext.close();
    await staffContext.close();
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

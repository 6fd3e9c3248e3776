import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { completeSetup } from './backoffice-support.ts';
import { startIsolatedServer } from './isolated-server.ts';
import { gotoHydrated } from './support.ts';
import { createSkrillStandIn } from '../../server/modules/payments/skrill-stand-in.ts';

/**
 * Skrill end to end (issue 34), on a server of its own whose SKRILL_* point at the local Skrill
 * stand-in: the player deposits with Skrill on the stand-in's hosted page (its signed status
 * notice credits the balance), asks for a Skrill withdrawal, a finance member approves it in the
 * back office, and the payout reaches the stand-in's money-transfer API.
 */
const PORT = Number(process.env.E2E_SKRILL_PORT ?? 3198);
const MERCHANT = { merchantEmail: 'merchant@croupier.test', merchantId: '100005', secretWord: 'e2e-stand-in-secret', mqiPassword: 'e2e-stand-in-mqi-password' };

test('a Skrill deposit through the stand-in, then a Skrill payout approved in the back office reaching it', async ({ browser }) => {
  test.setTimeout(300_000);
  // Notices go to the server's IPv4 address (it listens on 0.0.0.0).
  const skrill = createSkrillStandIn({
    ...MERCHANT,
    deliver: async (url, body) => {
      const response = await fetch(url.replace('//localhost:', '//127.0.0.1:'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return { status: response.status };
    },
  });
  const urls = await skrill.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-skrill-'));
  const site = await startIsolatedServer({
    name: 'skrill',
    port: PORT,
    ops: [],
    env: {
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '20',
      SKRILL_MERCHANT_EMAIL: MERCHANT.merchantEmail,
      SKRILL_MERCHANT_ID: MERCHANT.merchantId,
      SKRILL_SECRET_WORD: MERCHANT.secretWord,
      SKRILL_MQI_PASSWORD: MERCHANT.mqiPassword,
      SKRILL_CHECKOUT_URL: urls.checkoutUrl,
      SKRILL_API_URL: urls.apiUrl,
    },
    startSeconds: 180,
  });
  try {
    // The player deposits 100 with Skrill: the stand-in's hosted page, then back to the site.
    const player = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
    const email = uniqueEmail('skrill');
    await registerByApi(player.request, email, PASSWORD, site.base);
    await gotoHydrated(player, `${site.base}/cashier/deposit`);
    await player.getByTestId('method-skrill').click();
    await player.getByTestId('amount-input').fill('100');
    await player.getByTestId('requisite-wallet_email').fill('player@example.com');
    await player.getByTestId('deposit-submit').click();
    await expect(player).toHaveURL(new RegExp(`^${urls.checkoutUrl}\\?sid=[0-9a-f]{32}$`));
    await expect(player.getByTestId('skrill-amount')).toHaveText('100.00 EUR');
    await player.locator('button[data-outcome="pay"]').click();
    await expect(player).toHaveURL(/\/cashier\/paysuccess\/dep_/, { timeout: 15_000 });
    await gotoHydrated(player, `${site.base}/cashier/wallet`);
    await expect(player.getByTestId('cashier-balance-main')).toHaveText('100.00 EUR');

    // A Skrill withdrawal of 40.
    await gotoHydrated(player, `${site.base}/cashier/withdraw`);
    await player.getByTestId('method-skrill').click();
    await player.getByTestId('amount-input').fill('40');
    await player.getByTestId('requisite-wallet_email').fill('winner@example.com');
    await player.getByTestId('withdraw-submit').click();
    await expect(player.getByTestId('withdrawal-requested')).toContainText('€40.00');

    // A finance member approves it: the payout goes to Skrill's money-transfer API.
    const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' })).newPage();
    const staffEmail = `finance.${Date.now().toString(36)}@staff.example`;
    const ops = spawnSync(process.execPath, ['scripts/ops.ts', 'staff:create', staffEmail, 'finance', 'Fiona Finance'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
    const link = /https?:\/\/\S+#token=\S+/.exec(ops.stdout)?.[0];
    if (!link) throw new Error(`no set-up link in: ${ops.stdout}${ops.stderr}`);
    await completeSetup(staff, link, staffEmail, 'finance');
    await staff.goto(`${site.base}/backoffice/withdrawals`);
    const row = staff.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('40.00 EUR');
    await row.getByRole('button', { name: 'Approve' }).click();
    await staff.locator('.money-decision').getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Paid out' })).toBeVisible();

    expect(skrill.transfers).toEqual([expect.objectContaining({ bnfEmail: 'winner@example.com', amount: '40.00', currency: 'EUR', frnTrnId: expect.stringMatching(/^wd_/) })]);
    await gotoHydrated(player, `${site.base}/cashier/history?tab=withdrawal`);
    await expect(player.getByTestId('history-row').first().getByTestId('status-badge')).toHaveText('Paid out');
    await gotoHydrated(player, `${site.base}/cashier/wallet`);
    await expect(player.getByTestId('cashier-balance-main')).toHaveText('60.00 EUR');
  } finally {
    await site.stop();
    await skrill.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

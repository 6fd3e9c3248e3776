import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, uniqueEmail } from './auth-support.ts';
import { startIsolatedServer } from './isolated-server.ts';
import { gotoHydrated } from './support.ts';
import { createNowPaymentsStandIn } from '../../server/modules/payments/nowpayments-stand-in.ts';

/**
 * Crypto end to end (issue 34), on a server of its own whose NOWPAYMENTS_* point at the local
 * NOWPayments stand-in: the player deposits with Bitcoin, pays on the stand-in's hosted invoice,
 * comes back to the site while the payment is still unconfirmed, and the header balance moves
 * live once the stand-in's IPNs have gone through the confirmations to `finished`.
 */
const PORT = Number(process.env.E2E_CRYPTO_PORT ?? 3199);
const ACCOUNT = { apiKey: 'e2e-stand-in-api-key', ipnSecret: 'e2e-stand-in-ipn-secret', email: 'merchant@croupier.test', password: 'e2e-stand-in-password', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

test('a Bitcoin deposit through the NOWPayments stand-in, credited live after its confirmations', async ({ browser }) => {
  test.setTimeout(240_000);
  // IPNs go to the server's IPv4 address (it listens on 0.0.0.0).
  const np = createNowPaymentsStandIn({
    ...ACCOUNT,
    deliver: async (url, body, headers) => {
      const response = await fetch(url.replace('//localhost:', '//127.0.0.1:'), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      return { status: response.status };
    },
  });
  np.state.stepDelayMs = 400;
  np.state.confirmations = 2;
  const { apiUrl } = await np.start();
  const site = await startIsolatedServer({
    name: 'crypto',
    port: PORT,
    ops: [],
    env: { RATE_LIMIT_MULTIPLIER: '20', NOWPAYMENTS_API_KEY: ACCOUNT.apiKey, NOWPAYMENTS_IPN_SECRET: ACCOUNT.ipnSecret, NOWPAYMENTS_API_URL: apiUrl },
    startSeconds: 180,
  });
  try {
    const player = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
    await registerByApi(player.request, uniqueEmail('crypto'), PASSWORD, site.base);
    await gotoHydrated(player, `${site.base}/cashier/deposit`);
    await player.getByTestId('method-crypto_btc').click();
    // Choosing a method loads its own address: the deposit goes out with it only once that has.
    await expect(player).toHaveURL(/\/cashier\/deposit\/crypto_btc$/);
    await expect(player.getByTestId('method-crypto_btc')).toHaveAttribute('aria-checked', 'true');
    await player.getByTestId('amount-input').fill('100');
    await expect(player.getByTestId('method-crypto_btc')).toHaveAttribute('aria-checked', 'true');
    await player.getByTestId('deposit-submit').click();

    // The stand-in's hosted invoice: the price in the account currency, converted to BTC at its rate.
    await expect(player).toHaveURL(new RegExp(`^${apiUrl}/invoice\\?iid=[0-9]+$`));
    await expect(player.getByTestId('nowpayments-price')).toHaveText('100 EUR');
    await expect(player.getByTestId('nowpayments-pay')).toHaveText('Send 0.002 btc');
    // The chain has not moved yet when the player comes back.
    np.state.paused = true;
    await player.locator('button[data-outcome="pay"]').click();
    await expect(player).toHaveURL(/\/cashier\/paysuccess\/dep_/, { timeout: 15_000 });
    await gotoHydrated(player, `${site.base}/gamehall`);
    await expect(player.getByTestId('header-balance-amount')).toHaveText('0.00 EUR');
    await expect.poll(() => player.evaluate(() => document.documentElement.dataset.live ?? null)).toBe('open');

    // Now the confirmations come in; nothing is credited before `finished`, then the header moves without a reload.
    np.state.paused = false;
    await expect.poll(() => np.notices.map((notice) => notice.body.payment_status).join(','), { timeout: 20_000 }).toBe('waiting,confirming,confirming,confirmed,sending,finished');
    expect(np.notices.every((notice) => notice.answer === 200)).toBe(true);
    await expect(player.getByTestId('header-balance-amount')).toHaveText('100.00 EUR', { timeout: 15_000 });
  } finally {
    await site.stop();
    await np.stop();
  }
});

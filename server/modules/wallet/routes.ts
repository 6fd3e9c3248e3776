import { Hono } from 'hono';
import { SIGNATURE_HEADER } from '../payments/index.ts';
import { WALLET_ENDPOINTS, type Wallet, type WalletEndpoint } from './service.ts';

/**
 * `POST /platform/wallet/{balance|bet|win|rollback}`: the seamless wallet game providers call
 * (docs/wallet-api.md). The body is read raw, because the signature covers it; the answer is
 * signed back with the provider's secret.
 */
export function walletRoutes(wallet: Wallet) {
  const app = new Hono();
  for (const endpoint of WALLET_ENDPOINTS) {
    app.post(`/${endpoint}`, async (c) => {
      const answer = await wallet.handleHttp(endpoint as WalletEndpoint, await c.req.text(), c.req.header(SIGNATURE_HEADER));
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', 'application/json');
      if (answer.signature) c.header('X-Signature', answer.signature);
      return c.body(answer.text, answer.status as 200);
    });
  }
  return app;
}

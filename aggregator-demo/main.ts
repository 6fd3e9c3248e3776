/**
 * `npm run aggregator:demo`: the demo game aggregator as its own process (docs/aggregator.md).
 *
 *   AGGREGATOR_DEMO_PORT      its port (default 3300)
 *   AGGREGATOR_PUBLIC_URL     its address as browsers reach it (default http://127.0.0.1:<port>)
 *   AGGREGATOR_SECRET         the secret shared with the site (at least 32 characters; required)
 *   AGGREGATOR_OPERATOR_ID    the site's operator id here (default croupier)
 *   AGGREGATOR_PROVIDER       the wallet's provider name for its calls (default aggregator)
 *   SITE_URL                  the site, whose /platform/wallet/* it calls (default http://localhost:3000)
 */
import { serve } from '@hono/node-server';
import { createDemoAggregator } from './app.ts';

const port = Number(process.env.AGGREGATOR_DEMO_PORT ?? 3300);
const secret = process.env.AGGREGATOR_SECRET ?? '';
if (secret.length < 32) {
  console.error('AGGREGATOR_SECRET must be set, at least 32 characters (the same value as the site\'s)');
  process.exit(1);
}
const publicUrl = process.env.AGGREGATOR_PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const aggregator = createDemoAggregator({
  operatorId: process.env.AGGREGATOR_OPERATOR_ID ?? 'croupier',
  secret,
  provider: process.env.AGGREGATOR_PROVIDER ?? 'aggregator',
  siteUrl: process.env.SITE_URL ?? 'http://localhost:3000',
  publicUrl,
});

const server = serve({ fetch: aggregator.app.fetch, port, hostname: process.env.AGGREGATOR_DEMO_HOST ?? '127.0.0.1' }, () => {
  console.log(`Demo game aggregator on ${publicUrl} (wallet: ${process.env.SITE_URL ?? 'http://localhost:3000'})`);
});
const retry = setInterval(() => void aggregator.retryPending(), 5000);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(retry);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}

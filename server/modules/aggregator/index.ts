/**
 * The aggregator module: third-party games through a game aggregator speaking Hub88's operator
 * API (game list sync into the catalogue, game URLs for real and demo play). The aggregator's
 * games call the seamless wallet (server/modules/wallet) like any provider. docs/aggregator.md.
 */
export { createAggregator, type Aggregator, type AggregatorConfig, type ThirdPartyLaunch, type ThirdPartyViewer } from './service.ts';
export { syncGameList, toSysname, typeOf, type SyncSummary } from './sync.ts';
export {
  AggregatorError,
  createOperatorClient,
  DEMO_CURRENCY,
  GAME_LIST_PATH,
  GAME_URL_PATH,
  listedGameSchema,
  PLATFORMS,
  type GameUrlRequest,
  type ListedGame,
  type OperatorClient,
  type Platform,
} from './operator-api.ts';

import type { Env } from '../../platform/env.ts';
import type { AggregatorConfig } from './service.ts';

/** The aggregator's configuration from the environment, or null when it is not configured. */
export function aggregatorFromEnv(env: Env): AggregatorConfig | null {
  if (!env.AGGREGATOR_URL || !env.AGGREGATOR_OPERATOR_ID || !env.AGGREGATOR_SECRET) return null;
  return {
    provider: env.AGGREGATOR_PROVIDER,
    baseUrl: env.AGGREGATOR_URL,
    operatorId: env.AGGREGATOR_OPERATOR_ID,
    secret: env.AGGREGATOR_SECRET,
    timeoutMs: env.AGGREGATOR_TIMEOUT_MS,
    syncCron: env.AGGREGATOR_SYNC_CRON,
  };
}

import { and, eq } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ScheduledJob } from '../../platform/jobs/index.ts';
import type { CacheInvalidator } from '../../platform/cache-invalidation.ts';
import { aggregatorGames } from '../../db/schema/aggregator.ts';
import { CATALOGUE_CACHE, type Catalogue } from '../catalogue/index.ts';
import type { Wallet } from '../wallet/index.ts';
import { AggregatorError, createOperatorClient, DEMO_CURRENCY, type OperatorClient, type Platform } from './operator-api.ts';
import { syncGameList, type SyncSummary } from './sync.ts';
import { aggregatorText } from './texts.ts';

export type AggregatorConfig = {
  /** The aggregator's name as the wallet knows it (AGGREGATOR_PROVIDER). */
  provider: string;
  baseUrl: string;
  operatorId: string;
  secret: string;
  timeoutMs: number;
  syncCron: string;
};

export type ThirdPartyLaunch = {
  /** The aggregator's address of the game session, to open in the game page's frame. */
  url: string;
  mode: 'real' | 'demo';
  /** The wallet session's currency; null in demo (the aggregator's own play money). */
  currency: string | null;
};

export type ThirdPartyViewer = { userId: number | null };

/**
 * Third-party games through a game aggregator (docs/aggregator.md). Without a configuration
 * (AGGREGATOR_URL and its fellows unset) the module is off: no sync, no job, and no game is
 * third-party.
 */
export function createAggregator(deps: {
  db: Db;
  catalogue: Catalogue;
  wallet: Pick<Wallet, 'openSession'>;
  logger: Logger;
  invalidator?: CacheInvalidator;
  config: AggregatorConfig | null;
  /** Tests hand the demo aggregator's in-process handler here instead of the network. */
  fetch?: typeof fetch;
}) {
  const { db, config, logger } = deps;
  const client: OperatorClient | null = config
    ? createOperatorClient({ baseUrl: config.baseUrl, operatorId: config.operatorId, secret: config.secret, timeoutMs: config.timeoutMs, fetch: deps.fetch })
    : null;

  /** Reads the aggregator's game list into the catalogue (idempotent); the hall shows the change at once. */
  async function sync(): Promise<SyncSummary | null> {
    if (!config || !client) return null;
    const list = await client.gameList();
    const summary = await syncGameList(db, { aggregator: config.provider, list, logger });
    await deps.invalidator?.invalidate(CATALOGUE_CACHE);
    logger.info({ aggregator: config.provider, ...summary, skipped: summary.skipped.length }, 'aggregator game list synced');
    return summary;
  }

  /** The aggregator's game code of a catalogue game it lists, or null for any other game. */
  async function gameCodeOf(sysname: string): Promise<string | null> {
    if (!config) return null;
    const [row] = await db
      .select({ code: aggregatorGames.gameCode })
      .from(aggregatorGames)
      .where(and(eq(aggregatorGames.game, sysname), eq(aggregatorGames.aggregator, config.provider), eq(aggregatorGames.listed, true)));
    return row?.code ?? null;
  }

  /**
   * Opens a third-party game: in real money, a wallet session whose calls the aggregator will
   * make (signed with its secret), handed to it as the token of a `game/url` request; in demo,
   * Hub88's demo launch (currency XXX, no token), played with the aggregator's own fun money.
   * A guest gets demos only (the wallet refuses them a real session).
   */
  async function launch(
    viewer: ThirdPartyViewer,
    input: { sysname: string; mode: 'real' | 'demo'; platform: Platform; lobbyUrl: string; depositUrl: string },
    locale: LocaleCode,
  ): Promise<ThirdPartyLaunch> {
    const code = await gameCodeOf(input.sysname);
    if (!config || !client || !code) {
      throw new AppError('InvalidParameterException', `${input.sysname} is no third-party game`, { fields: { sysname: aggregatorText(locale, 'notThirdParty') }, status: 404 });
    }
    const game = await deps.catalogue.requireGame(input.sysname, locale);
    const common = { platform: input.platform, lang: locale, lobby_url: input.lobbyUrl, game_code: code };
    if (input.mode === 'demo') {
      if (!game.hasDemo) throw new AppError('InvalidParameterException', `${input.sysname} has no demo mode`, { fields: { mode: aggregatorText(locale, 'noDemo') } });
      return { url: await ask(() => client.gameUrl({ ...common, currency: DEMO_CURRENCY }), locale), mode: 'demo', currency: null };
    }
    // Checks the player (signed in, active, not blocked in their country) and opens the session.
    const session = await deps.wallet.openSession({ game: input.sysname, mode: 'real', userId: viewer.userId, partner: config.provider }, locale);
    const url = await ask(
      () => client.gameUrl({ ...common, user: String(viewer.userId), token: session.token, currency: session.currency, deposit_url: input.depositUrl }),
      locale,
    );
    return { url, mode: 'real', currency: session.currency };
  }

  async function ask<T>(call: () => Promise<T>, locale: LocaleCode): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof AggregatorError)) throw error;
      logger.warn({ err: error, aggregator: config?.provider }, 'aggregator game url refused');
      throw new AppError('ApplicationUnavailableException', aggregatorText(locale, 'unavailable'), { fields: { sysname: aggregatorText(locale, 'unavailable') } });
    }
  }

  /** The sync on a schedule; it reads the network, then writes in its own transaction. */
  const job: ScheduledJob | null = config
    ? {
        name: 'aggregator.sync-games',
        cron: config.syncCron,
        maxAttempts: 1,
        ownTransactions: true,
        run: async () => void (await sync()),
      }
    : null;

  return { enabled: config !== null, provider: config?.provider ?? null, sync, launch, gameCodeOf, job };
}

export type Aggregator = ReturnType<typeof createAggregator>;

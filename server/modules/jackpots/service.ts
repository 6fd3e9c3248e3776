import type { GameRef, JackpotView, LeaderboardEntry, WinnerView } from '../../../contract/jackpots.ts';
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, type CurrencyCode } from '../../../contract/money.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { games, jackpotContributions, jackpotPools, jackpotWins } from '../../db/schema.ts';
import type { Catalogue, GameItem } from '../catalogue/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { PublicNames } from '../accounts/index.ts';
import type { PaidWin, RealBet, WinsReader } from '../wallet/index.ts';
import { jackpotText } from './texts.ts';
import { createJackpotsAdmin } from './admin.ts';

/** A wallet win of at least this many major units, and BIG_WIN_MULTIPLIER times its bet, shows among the recent big wins. */
export const BIG_WIN_MAJOR = 50;
export const BIG_WIN_MULTIPLIER = 2;
export const LEADERBOARD_PERIODS = { day: 1, week: 7, month: 30 } as const;
export type LeaderboardPeriod = keyof typeof LEADERBOARD_PERIODS;
export const LEADERBOARD_SORTS = ['amount', 'multiplier'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];
export const WINNER_TYPES = ['jackpot', 'big_win', 'all'] as const;
export type WinnerType = (typeof WINNER_TYPES)[number];

/** Draws a whole number in [0, below): the CSPRNG in production; tests pass their own. */
export type Draw = (below: bigint) => bigint;
export const cryptoDraw: Draw = (below) => BigInt(randomInt(Number(below)));

type PoolRow = typeof jackpotPools.$inferSelect;

export type { GameRef, JackpotView, LeaderboardEntry, WinnerView } from '../../../contract/jackpots.ts';

/** What a real bet feeds and wins, drawn before its statement (planRealBet). */
export type JackpotPlan = {
  /** Eligible pools with the share of the bet each gets (minor units; may be 0). */
  pools: Array<{ id: number; bps: number; trigger: bigint; share: bigint }>;
  /** The pools the bet wins. */
  hits: number[];
};

export type JackpotsDeps = {
  db: Db;
  ledger: Ledger;
  catalogue: Catalogue;
  logger: Logger;
  publicNames: PublicNames;
  wins: WinsReader;
  draw?: Draw;
};

const fmt = (minor: bigint, currency: string) => formatMinor(minor, currency as CurrencyCode);
const minorOf = (major: number, currency: CurrencyCode) => BigInt(major) * 10n ** BigInt(CURRENCIES[currency].exponent);

export function createJackpots(deps: JackpotsDeps) {
  const { db, ledger, catalogue } = deps;
  const draw = deps.draw ?? cryptoDraw;

  const nameOf = (pool: Pick<PoolRow, 'names' | 'jackpot'>, locale: LocaleCode) => {
    const names = (pool.names ?? {}) as Record<string, string | undefined>;
    return names[locale] ?? names.en ?? pool.jackpot;
  };

  // --- money: funding, contributions, wins ------------------------------------------------------

  /** Puts a cycle's seed into the pool (game_house -> jackpot_pool), once: a repeat is a replay. */
  async function fundSeed(tx: Tx, pool: { id: number; currency: string }, cycle: number, seed: bigint) {
    if (seed <= 0n) return;
    await ledger.transfer(
      {
        key: `jackpot-seed:${pool.id}:${cycle}`,
        kind: 'jackpot_seed',
        currency: pool.currency as CurrencyCode,
        legs: [
          { account: { house: 'game_house' }, amount: -seed },
          { account: { house: 'jackpot_pool' }, amount: seed },
        ],
        metadata: { pool: pool.id, cycle },
      },
      tx,
    );
  }

  /** Funds the current cycle of every pool whose seed is not in the ledger yet (at start; idempotent). */
  async function fundSeeds(): Promise<void> {
    const pools = await db.select({ id: jackpotPools.id }).from(jackpotPools).orderBy(asc(jackpotPools.id));
    for (const { id } of pools) {
      await db.transaction(async (tx) => {
        const [pool] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, id)).for('update');
        if (pool) await fundSeed(tx, pool, pool.cycle, pool.cycleSeed);
      });
    }
  }

  /** What a cycle of a pool has collected so far (contributions of committed bets). */
  async function contributed(tx: Db | Tx, poolId: number, cycle: number): Promise<bigint> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${jackpotContributions.amount}), 0)::text` })
      .from(jackpotContributions)
      .where(and(eq(jackpotContributions.poolId, poolId), eq(jackpotContributions.cycle, cycle)));
    return BigInt(row?.total ?? '0');
  }

  /** Whether a game runs on one of the platform's engines (the default eligibility of a pool). */
  async function hasEngine(tx: Tx, game: string): Promise<boolean> {
    // Read inside the bet's transaction (PGlite has one connection): the catalogue's column, read only.
    const [row] = await tx.select({ sysname: games.sysname }).from(games).where(and(eq(games.sysname, game), isNotNull(games.engine)));
    return !!row;
  }

  // --- the pools a bet feeds, from memory ----------------------------------------------------------

  /**
   * Active pools per currency and which games run on an engine, kept for a few seconds: a bet
   * plans its shares and draws from them without a query (planRealBet). The wallet's statement
   * checks the plan against the locked pool rows (active, share, odds, minimum bet, games) and
   * takes the general path when anything changed; a pool created meanwhile is fed from the next
   * refresh on. A win clears them (its pool starts a new cycle).
   */
  const POOL_CACHE_MS = 5_000;
  const poolCache = new Map<string, { at: number; pools: Promise<PoolRow[]> }>();
  const engineCache = new Map<string, { at: number; engine: Promise<boolean> }>();
  const clearPlans = () => {
    poolCache.clear();
    engineCache.clear();
  };
  function activePools(currency: string): Promise<PoolRow[]> {
    const hit = poolCache.get(currency);
    if (hit && Date.now() - hit.at < POOL_CACHE_MS) return hit.pools;
    // `.then` turns Drizzle's query builder (which runs its query again on every await) into a
    // promise of one result: without it every bet re-read the pools.
    const pools = db
      .select()
      .from(jackpotPools)
      .where(and(eq(jackpotPools.currency, currency), eq(jackpotPools.isActive, true)))
      .orderBy(asc(jackpotPools.id))
      .then((rows) => rows);
    poolCache.set(currency, { at: Date.now(), pools });
    pools.catch(() => poolCache.delete(currency));
    return pools;
  }
  function runsOnEngine(game: string): Promise<boolean> {
    const hit = engineCache.get(game);
    if (hit && Date.now() - hit.at < POOL_CACHE_MS) return hit.engine;
    if (engineCache.size > 5_000) engineCache.clear();
    const engine = db
      .select({ sysname: games.sysname })
      .from(games)
      .where(and(eq(games.sysname, game), isNotNull(games.engine)))
      .then((rows) => rows.length > 0);
    engineCache.set(game, { at: Date.now(), engine });
    engine.catch(() => engineCache.delete(game));
    return engine;
  }

  /**
   * Before a real bet's statement: the pools it feeds with their shares, and the pools it wins,
   * drawn now (the CSPRNG, once per bet and pool). A bet that wins nothing settles in the wallet's
   * one statement with these shares; one that wins takes the general path, which is handed these
   * very draws (onRealBet), so a bet is never drawn twice.
   */
  async function planRealBet(bet: Pick<RealBet, 'currency' | 'game' | 'amount'>): Promise<JackpotPlan> {
    const pools = (await activePools(bet.currency)).filter((pool) => pool.minBet <= bet.amount);
    if (!pools.length) return { pools: [], hits: [] };
    const engine = pools.some((pool) => !pool.games) ? await runsOnEngine(bet.game) : false;
    const eligible = pools.filter((pool) => (pool.games ? pool.games.includes(bet.game) : engine));
    return {
      pools: eligible.map((pool) => ({ id: pool.id, bps: pool.contributionBps, trigger: pool.triggerStake, share: (bet.amount * BigInt(pool.contributionBps)) / 10_000n })),
      hits: eligible.filter((pool) => draw(pool.triggerStake) < (bet.amount < pool.triggerStake ? bet.amount : pool.triggerStake)).map((pool) => pool.id),
    };
  }

  /** The ledger movement of a bet's shares (game_house -> jackpot_pool), or null when they are nothing. */
  function shareTransfer(bet: Pick<RealBet, 'provider' | 'transactionUuid' | 'game' | 'currency'>, total: bigint) {
    if (total <= 0n) return null;
    return {
      key: `jackpot-share:${bet.provider}:${bet.transactionUuid}`,
      kind: 'jackpot_contribution',
      currency: bet.currency,
      legs: [
        { account: { house: 'game_house' as const }, amount: -total },
        { account: { house: 'jackpot_pool' as const }, amount: total },
      ],
      metadata: { provider: bet.provider, transaction: bet.transactionUuid, game: bet.game },
    };
  }

  /**
   * The wallet's hook, inside the bet's transaction (the general path): for each active pool of
   * the bet's currency the bet is eligible for (game, minimum bet), adds the pool's share of the
   * bet and, unless the caller drew already (`drawn`: planRealBet's hits), draws whether the bet
   * wins the pool.
   *
   * Draws come first (they depend on nothing stored), then the pools are locked in id order: a
   * pool the bet wins takes its row lock (FOR UPDATE), the others only a key-share lock, which
   * bets never wait on among themselves. A win therefore waits for the bets in flight on its pool
   * to commit, and sees all their contributions; bets arriving meanwhile wait for the win and feed
   * the next cycle. No lock is ever upgraded, so pools cannot deadlock each other.
   */
  async function onRealBet(tx: Tx, bet: RealBet, drawn?: number[]): Promise<boolean> {
    const pools = await tx
      .select()
      .from(jackpotPools)
      .where(and(eq(jackpotPools.currency, bet.currency), eq(jackpotPools.isActive, true), sql`${jackpotPools.minBet} <= ${bet.amount.toString()}::bigint`))
      .orderBy(asc(jackpotPools.id));
    if (!pools.length) return false;
    const engine = pools.some((pool) => !pool.games) ? await hasEngine(tx, bet.game) : false;
    const eligible = pools.filter((pool) => (pool.games ? pool.games.includes(bet.game) : engine));
    if (!eligible.length) return false;

    const hits = drawn
      ? new Set(drawn)
      : new Set(eligible.filter((pool) => draw(pool.triggerStake) < (bet.amount < pool.triggerStake ? bet.amount : pool.triggerStake)).map((pool) => pool.id));
    let total = 0n;
    const won: Array<{ pool: PoolRow }> = [];
    for (const candidate of eligible) {
      const [pool] = await tx
        .select()
        .from(jackpotPools)
        .where(eq(jackpotPools.id, candidate.id))
        .for(hits.has(candidate.id) ? 'update' : 'key share');
      const share = (bet.amount * BigInt(pool.contributionBps)) / 10_000n;
      if (share > 0n) {
        await tx.insert(jackpotContributions).values({ poolId: pool.id, cycle: pool.cycle, provider: bet.provider, transactionUuid: bet.transactionUuid, amount: share });
        total += share;
      }
      if (hits.has(pool.id)) won.push({ pool });
    }
    const shares = shareTransfer(bet, total);
    if (shares) await ledger.transfer(shares, tx);
    for (const { pool } of won) await payWin(tx, pool, bet);
    if (won.length) clearPlans();
    return won.length > 0;
  }

  /** Pays a pool (locked FOR UPDATE by the caller) to the bet's player and starts its next cycle. */
  async function payWin(tx: Tx, pool: PoolRow, bet: RealBet) {
    // The cycle's seed is normally funded already (at start, or by the previous win): a replay.
    await fundSeed(tx, pool, pool.cycle, pool.cycleSeed);
    const amount = pool.cycleSeed + (await contributed(tx, pool.id, pool.cycle));
    if (amount > 0n) {
      await ledger.transfer(
        {
          key: `jackpot-win:${pool.id}:${pool.cycle}`,
          kind: 'jackpot_win',
          currency: bet.currency,
          legs: [
            { account: { house: 'jackpot_pool' }, amount: -amount },
            { account: { player: bet.userId, kind: 'main' }, amount },
          ],
          metadata: { pool: pool.id, jackpot: pool.jackpot, cycle: pool.cycle, provider: bet.provider, transaction: bet.transactionUuid, game: bet.game },
        },
        tx,
      );
    }
    await tx.insert(jackpotWins).values({
      poolId: pool.id,
      jackpot: pool.jackpot,
      cycle: pool.cycle,
      userId: bet.userId,
      game: bet.game,
      provider: bet.provider,
      transactionUuid: bet.transactionUuid,
      bet: bet.amount,
      amount,
      currency: bet.currency,
    });
    await tx
      .update(jackpotPools)
      .set({ cycle: pool.cycle + 1, cycleSeed: pool.seed, cycleStartedAt: sql`now()` })
      .where(eq(jackpotPools.id, pool.id));
    await fundSeed(tx, pool, pool.cycle + 1, pool.seed);
    deps.logger.info({ pool: pool.id, jackpot: pool.jackpot, cycle: pool.cycle, userId: bet.userId, amount: amount.toString(), currency: bet.currency }, 'jackpot won');
  }

  // --- reading ------------------------------------------------------------------------------------

  async function gameRefs(sysnames: string[], locale: LocaleCode): Promise<Map<string, GameRef>> {
    const items = await catalogue.gamesBySysnames([...new Set(sysnames)], locale);
    return new Map(items.map((item: GameItem) => [item.sysname, { sysname: item.sysname, name: item.description.name, image_url: item.description.img_288_192 }]));
  }

  /** Sysnames of the visible games the platform's engines play, most popular first. */
  async function engineGames(locale: LocaleCode): Promise<string[]> {
    const page = await catalogue.listGames({ offset: 0, count: 300, sort: 'popularity', fields: ['engine'] }, locale);
    return page.items.flatMap((item) => (item.engine && item.sysname ? [item.sysname] : []));
  }

  type WinRow = typeof jackpotWins.$inferSelect;

  async function winnerViews(rows: WinRow[], paid: PaidWin[], locale: LocaleCode): Promise<Map<string, WinnerView>> {
    const [names, refs, pools] = await Promise.all([
      deps.publicNames([...rows.map((row) => row.userId), ...paid.map((win) => win.userId)]),
      gameRefs([...rows.map((row) => row.game), ...paid.map((win) => win.game)], locale),
      rows.length ? db.select({ id: jackpotPools.id, jackpot: jackpotPools.jackpot, names: jackpotPools.names }).from(jackpotPools).where(inArray(jackpotPools.id, [...new Set(rows.map((row) => row.poolId))])) : Promise.resolve([]),
    ]);
    const poolNames = new Map(pools.map((pool) => [pool.id, nameOf(pool, locale)]));
    const views = new Map<string, WinnerView>();
    for (const row of rows) {
      views.set(`jackpot:${row.id}`, {
        type: 'jackpot',
        jackpot: { id: row.jackpot, name: poolNames.get(row.poolId) ?? row.jackpot },
        name: names.get(row.userId) ?? '***',
        game: refs.get(row.game) ?? null,
        amount: fmt(row.amount, row.currency),
        bet: fmt(row.bet, row.currency),
        multiplier: null,
        currency: row.currency,
        won_at: row.createdAt.toISOString(),
      });
    }
    for (const win of paid) {
      views.set(`win:${win.id}`, {
        type: 'big_win',
        jackpot: null,
        name: names.get(win.userId) ?? '***',
        game: refs.get(win.game) ?? null,
        amount: fmt(win.amount, win.currency),
        bet: win.bet > 0n ? fmt(win.bet, win.currency) : null,
        multiplier: win.multiplier,
        currency: win.currency,
        won_at: win.wonAt.toISOString(),
      });
    }
    return views;
  }

  /**
   * The jackpots in one currency with their live amounts (jackpots/get); `id` narrows to one
   * jackpot and answers 404 when there is no such jackpot.
   */
  async function list(input: { currency: CurrencyCode; id?: string }, locale: LocaleCode): Promise<{ currency: CurrencyCode; items: JackpotView[]; updated_at: string }> {
    const conditions = [eq(jackpotPools.currency, input.currency), eq(jackpotPools.isActive, true)];
    if (input.id) conditions.push(eq(jackpotPools.jackpot, input.id));
    // One query for the pools and what the current cycle has collected so far.
    const pools = await db
      .select({
        pool: jackpotPools,
        // Qualified by hand: drizzle writes a bare column name here, which would mean c's own.
        contributed: sql<string>`coalesce((select sum(c.amount) from ${jackpotContributions} c where c.pool_id = ${jackpotPools}.id and c.cycle = ${jackpotPools}.cycle), 0)::text`,
      })
      .from(jackpotPools)
      .where(and(...conditions))
      .orderBy(asc(jackpotPools.position), asc(jackpotPools.id));
    const rows = pools.map((entry) => entry.pool);
    if (input.id && !rows.length) {
      throw new AppError('InvalidParameterException', `No jackpot ${input.id}`, { fields: { id: jackpotText(locale, 'unknownJackpot') }, status: 404 });
    }
    const amounts = new Map(pools.map((entry) => [entry.pool.id, BigInt(entry.contributed)]));
    const lastWins = rows.length
      ? await db
          .selectDistinctOn([jackpotWins.poolId])
          .from(jackpotWins)
          .where(inArray(jackpotWins.poolId, rows.map((row) => row.id)))
          .orderBy(jackpotWins.poolId, desc(jackpotWins.cycle))
      : [];
    const [views, allGames] = await Promise.all([winnerViews(lastWins, [], locale), rows.some((row) => !row.games) ? engineGames(locale) : Promise.resolve([])]);
    const lastByPool = new Map(lastWins.map((win) => [win.poolId, views.get(`jackpot:${win.id}`) ?? null]));
    const items = rows.map((row): JackpotView => {
      const currency = row.currency as CurrencyCode;
      return {
        id: row.jackpot,
        name: nameOf(row, locale),
        currency,
        amount: fmt(row.cycleSeed + (amounts.get(row.id) ?? 0n), currency),
        seed: fmt(row.seed, currency),
        contribution_percent: (row.contributionBps / 100).toFixed(2),
        trigger_stake: fmt(row.triggerStake, currency),
        min_bet: fmt(row.minBet, currency),
        expected_amount: fmt(row.seed + (row.triggerStake * BigInt(row.contributionBps)) / 10_000n, currency),
        games: row.games ?? allGames,
        all_games: !row.games,
        wins_count: row.cycle,
        cycle_started_at: row.cycleStartedAt.toISOString(),
        last_win: lastByPool.get(row.id) ?? null,
      };
    });
    return { currency: input.currency, items, updated_at: new Date().toISOString() };
  }

  /** Recent winners (jackpots/getWinners): jackpot wins, big wallet wins, or both, newest first. */
  async function winners(input: { type: WinnerType; id?: string; count: number }, locale: LocaleCode): Promise<{ items: WinnerView[] }> {
    const wantJackpots = input.type !== 'big_win';
    const wantBig = input.type !== 'jackpot' && !input.id;
    const [rows, paid] = await Promise.all([
      wantJackpots
        ? db
            .select()
            .from(jackpotWins)
            .where(input.id ? eq(jackpotWins.jackpot, input.id) : undefined)
            .orderBy(desc(jackpotWins.createdAt), desc(jackpotWins.id))
            .limit(input.count)
        : Promise.resolve([]),
      wantBig ? deps.wins.recentWins({ minAmount: minorOf(BIG_WIN_MAJOR, 'EUR'), minMultiplier: BIG_WIN_MULTIPLIER, limit: input.count }) : Promise.resolve([]),
    ]);
    // Every currency has two decimals today; a currency with another exponent gets its own threshold.
    const big = paid.filter((win) => win.currency in CURRENCIES && win.amount >= minorOf(BIG_WIN_MAJOR, win.currency as CurrencyCode));
    const views = await winnerViews(rows, big, locale);
    const items = [...views.values()].sort((a, b) => b.won_at.localeCompare(a.won_at)).slice(0, input.count);
    return { items };
  }

  /** Each player's best real-money win of the period in one currency, by amount or multiplier (leaderboard/get). */
  async function leaderboard(
    input: { period: LeaderboardPeriod; by: LeaderboardSort; currency: CurrencyCode; count: number },
    locale: LocaleCode,
    now = new Date(),
  ) {
    const since = new Date(now.getTime() - LEADERBOARD_PERIODS[input.period] * 24 * 3600 * 1000);
    const best = await deps.wins.bestWins({ since, currency: input.currency, by: input.by, limit: input.count });
    const views = await winnerViews([], best, locale);
    const items: LeaderboardEntry[] = best.map((win, index) => {
      const { type: _type, jackpot: _jackpot, ...view } = views.get(`win:${win.id}`)!;
      return { rank: index + 1, ...view };
    });
    return { period: input.period, by: input.by, currency: input.currency, from: since.toISOString(), to: now.toISOString(), items };
  }

  /**
   * The state of every pool, for checks (tests, ops): live amount from the tables, and the
   * jackpot_pool ledger balance it must equal per currency.
   */
  async function audit(): Promise<Array<{ currency: CurrencyCode; pools: bigint; ledger: bigint }>> {
    const rows = await queryRows<{ currency: string; total: string }>(
      db,
      sql`select p.currency, sum(p.cycle_seed + coalesce((select sum(c.amount) from ${jackpotContributions} c where c.pool_id = p.id and c.cycle = p.cycle), 0))::text as total
          from ${jackpotPools} p group by p.currency order by p.currency`,
    );
    return Promise.all(
      rows.map(async (row) => ({ currency: row.currency as CurrencyCode, pools: BigInt(row.total), ledger: await ledger.houseBalance('jackpot_pool', row.currency as CurrencyCode) })),
    );
  }

  return { onRealBet, planRealBet, shareTransfer, fundSeeds, list, winners, leaderboard, audit, admin: createJackpotsAdmin(db, clearPlans) };
}

export type Jackpots = ReturnType<typeof createJackpots>;

import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  LiabilityAmount,
  MarketLiabilityView,
  PlayerLimitsView,
  SettleEventPreviewView,
  SettlePreviewView,
  TradingBetStatus,
  TradingEventFilter,
  TradingEventRow,
  TradingEventView,
  TradingMarketView,
} from '../../../contract/backoffice-trading.ts';
import { BET_LIMITS, betReturn, formatOdds, ODDS_SCALE, type EventStatus, type SelectionKey, type SelectionResult, type SportKey } from '../../../contract/betting.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { bettingBetLegs, bettingBets, bettingCompetitions, bettingEvents, bettingMarkets, bettingPlayerLimits, bettingSelections } from '../../db/schema/betting.ts';
import { users } from '../../db/schema.ts';
import type { Bets } from './bets.ts';
import { loginsOf } from '../accounts/index.ts';
import { withMargin, type Book } from './book.ts';
import { marketName, selectionName, selectionResult } from './markets.ts';

/**
 * The traders' view of the book and their hand on it (the back office's trading screens,
 * docs/betting.md "Trading"): liability per selection, market and event; a market's odds, margin
 * and status; settling, voiding and settling again one market with the ledger difference shown
 * first; the bet list; a player's stake limits. Money moves only through bets.settleBet (the
 * difference under bet-settle:<bet>:<version>), as for a result from the feed.
 */

type BetRow = typeof bettingBets.$inferSelect;

const money = (amount: bigint, currency: string) => (isCurrency(currency) ? formatMinor(amount, currency) : amount.toString());

const invalid = (field: string, message: string, status?: number) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });

/** The open bets' exposure of each market, per currency: stakes taken and payouts per selection. */
type Exposure = Map<number, Map<string, { stakes: bigint; bets: Set<number>; payouts: Map<number, bigint> }>>;

/** A final score, or the event called off. */
type EventOutcome = { score: { home: number; away: number } } | { cancelled: true };

export function createTrading(deps: {
  db: Db;
  book: Book;
  bets: Bets;
  /** Results and settles an event; 'stale' when `expectedVersion` is not the event's version any more. */
  settleEvent: (eventId: number, outcome: EventOutcome, expectedVersion?: number) => Promise<unknown>;
  tellTraders: (eventIds: number[]) => void;
}) {
  const { db, book, bets } = deps;

  // --- liability -------------------------------------------------------------------------------

  /**
   * The exposure of the markets of some events to their open bets. A bet counts on every market it
   * has a leg on: its cash stake as taken on that market, and its potential return (the other
   * legs at their current results, open ones as won: the worst case) as the payout of the
   * selection it backs. A free bet's stake was the house's own money: it counts no stake, and its
   * payout is the return less the stake, as it pays.
   */
  async function exposure(eventIds: number[]): Promise<Exposure> {
    const result: Exposure = new Map();
    if (!eventIds.length) return result;
    const open = await db
      .select({ bet: bettingBets })
      .from(bettingBets)
      .where(and(eq(bettingBets.status, 'open'), sql`${bettingBets.id} in (select ${bettingBetLegs.betId} from ${bettingBetLegs} where ${inArray(bettingBetLegs.eventId, eventIds)})`));
    if (!open.length) return result;
    const legs = await db
      .select({ betId: bettingBetLegs.betId, marketId: bettingBetLegs.marketId, eventId: bettingBetLegs.eventId, selectionId: bettingBetLegs.selectionId, odds: bettingBetLegs.odds, result: bettingSelections.result })
      .from(bettingBetLegs)
      .innerJoin(bettingSelections, eq(bettingSelections.id, bettingBetLegs.selectionId))
      .where(inArray(bettingBetLegs.betId, open.map((row) => row.bet.id)))
      .orderBy(asc(bettingBetLegs.betId), asc(bettingBetLegs.position));
    const wanted = new Set(eventIds);
    for (const { bet } of open) {
      const own = legs.filter((leg) => leg.betId === bet.id);
      for (const leg of own) {
        if (!wanted.has(leg.eventId)) continue;
        // This leg as won (its selection wins), the others as they stand now.
        const payout = betReturn({
          stake: bet.stake,
          legs: own.map((other) => ({ odds: other.odds, result: other === leg ? null : other.result })),
          boostPercent: bet.boostPercent,
          freeBet: bet.funding === 'free_bet',
        });
        const byCurrency = result.get(leg.marketId) ?? new Map();
        result.set(leg.marketId, byCurrency);
        const entry = byCurrency.get(bet.currency) ?? { stakes: 0n, bets: new Set<number>(), payouts: new Map<number, bigint>() };
        byCurrency.set(bet.currency, entry);
        if (bet.funding === 'cash') entry.stakes += bet.stake;
        entry.bets.add(bet.id);
        entry.payouts.set(leg.selectionId, (entry.payouts.get(leg.selectionId) ?? 0n) + payout);
      }
    }
    return result;
  }

  /** A market's liability per currency: each selection's payout less the stakes, the worst of them. */
  function marketLiability(exposed: Exposure, marketId: number, selectionIds: number[]): Array<MarketLiabilityView & { worstMinor: bigint }> {
    const byCurrency: Map<string, { stakes: bigint; bets: Set<number>; payouts: Map<number, bigint> }> = exposed.get(marketId) ?? new Map();
    return [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => {
        const selections = selectionIds.map((id) => ({ id, liability: (entry.payouts.get(id) ?? 0n) - entry.stakes, payout: entry.payouts.get(id) ?? 0n }));
        const worstMinor = selections.reduce((worst, s) => (s.liability > worst ? s.liability : worst), -entry.stakes);
        return {
          currency,
          stakes: money(entry.stakes, currency),
          open_bets: entry.bets.size,
          worst: money(worstMinor, currency),
          worstMinor,
          selections: selections.map((s) => ({ selection_id: s.id, payout: money(s.payout, currency), liability: money(s.liability, currency) })),
        };
      });
  }

  // --- events and markets ----------------------------------------------------------------------

  const statusesOf: Record<TradingEventFilter, EventStatus[] | null> = {
    open: ['scheduled', 'live'],
    live: ['live'],
    scheduled: ['scheduled'],
    ended: ['ended'],
    settled: ['settled'],
    cancelled: ['cancelled'],
    all: null,
  };

  async function marketsWithSelections(eventIds: number[]) {
    const markets = eventIds.length ? await db.select().from(bettingMarkets).where(inArray(bettingMarkets.eventId, eventIds)).orderBy(asc(bettingMarkets.id)) : [];
    const selections = markets.length ? await db.select().from(bettingSelections).where(inArray(bettingSelections.marketId, markets.map((m) => m.id))).orderBy(asc(bettingSelections.id)) : [];
    return { markets, selections };
  }

  const eventLiability = (exposed: Exposure, marketIds: Array<{ id: number; selections: number[] }>): LiabilityAmount[] => {
    const totals = new Map<string, bigint>();
    for (const market of marketIds) for (const line of marketLiability(exposed, market.id, market.selections)) totals.set(line.currency, (totals.get(line.currency) ?? 0n) + line.worstMinor);
    return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: money(amount, currency) }));
  };

  const openBetsOf = (exposed: Exposure, marketIds: number[]) => {
    const ids = new Set<number>();
    for (const id of marketIds) for (const entry of exposed.get(id)?.values() ?? []) for (const bet of entry.bets) ids.add(bet);
    return ids.size;
  };

  async function events(query: { status: TradingEventFilter; sport?: SportKey; offset: number; limit: number }): Promise<{ items: TradingEventRow[]; total: number }> {
    const statuses = statusesOf[query.status];
    const where = and(statuses ? inArray(bettingEvents.status, statuses) : undefined, query.sport ? eq(bettingEvents.sport, query.sport) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({ event: bettingEvents, competition: bettingCompetitions.name })
        .from(bettingEvents)
        .innerJoin(bettingCompetitions, eq(bettingCompetitions.id, bettingEvents.competitionId))
        .where(where)
        .orderBy(sql`case ${bettingEvents.status} when 'live' then 0 when 'scheduled' then 1 when 'ended' then 2 else 3 end`, asc(bettingEvents.startsAt), asc(bettingEvents.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(bettingEvents).where(where),
    ]);
    const ids = rows.map((row) => row.event.id);
    const [{ markets, selections }, exposed] = await Promise.all([marketsWithSelections(ids), exposure(ids)]);
    return {
      total: total.total,
      items: rows.map(({ event, competition }) => {
        const own = markets.filter((m) => m.eventId === event.id);
        const withSelections = own.map((m) => ({ id: m.id, selections: selections.filter((s) => s.marketId === m.id).map((s) => s.id) }));
        return {
          id: event.id,
          sport: event.sport,
          competition,
          home: event.home,
          away: event.away,
          starts_at: event.startsAt.toISOString(),
          status: event.status,
          score: book.scoreOf(event),
          markets: own.length,
          suspended: own.filter((m) => m.status === 'suspended').length,
          open_bets: openBetsOf(exposed, own.map((m) => m.id)),
          liability: eventLiability(exposed, withSelections),
        };
      }),
    };
  }

  async function event(id: number, locale: LocaleCode): Promise<TradingEventView | null> {
    const [row] = await db
      .select({ event: bettingEvents, competition: bettingCompetitions.name })
      .from(bettingEvents)
      .innerJoin(bettingCompetitions, eq(bettingCompetitions.id, bettingEvents.competitionId))
      .where(eq(bettingEvents.id, id));
    if (!row) return null;
    const [{ markets, selections }, exposed] = await Promise.all([marketsWithSelections([id]), exposure([id])]);
    const { event: e } = row;
    const marketViews: TradingMarketView[] = markets.map((market) => {
      const own = selections.filter((s) => s.marketId === market.id);
      const order = own.map((s) => s.id);
      const implied = own.reduce((sum, s) => sum + ODDS_SCALE / s.odds, 0);
      return {
        id: market.id,
        type: market.type,
        name: marketName(locale, e.sport, market.type, market.line),
        status: market.status,
        version: market.version,
        trader_suspended: market.traderSuspended,
        odds_override: market.oddsOverride,
        margin: market.marginBp === null ? null : String(market.marginBp / 100),
        book_margin: ((implied - 1) * 100).toFixed(1),
        selections: own.map((s) => ({ id: s.id, key: s.key, name: selectionName(locale, market.type, s.key, market.line, e), odds: formatOdds(s.odds), result: s.result })),
        liability: marketLiability(exposed, market.id, order).map(({ worstMinor: _worst, ...line }) => line),
      };
    });
    return {
      id: e.id,
      sport: e.sport,
      competition: row.competition,
      home: e.home,
      away: e.away,
      starts_at: e.startsAt.toISOString(),
      status: e.status,
      score: book.scoreOf(e),
      open_bets: openBetsOf(exposed, markets.map((m) => m.id)),
      liability: eventLiability(exposed, markets.map((m) => ({ id: m.id, selections: selections.filter((s) => s.marketId === m.id).map((s) => s.id) }))),
      markets: marketViews,
    };
  }

  // --- a market's odds, margin, status ----------------------------------------------------------

  async function marketRow(marketId: number) {
    const [market] = await db.select().from(bettingMarkets).where(eq(bettingMarkets.id, marketId));
    if (!market) throw invalid('market_id', `Market ${marketId} not found`, 404);
    return market;
  }

  const snapshot = (market: typeof bettingMarkets.$inferSelect, selections: Array<typeof bettingSelections.$inferSelect>) => ({
    status: market.status,
    trader_suspended: market.traderSuspended,
    odds_override: market.oddsOverride,
    margin_bp: market.marginBp,
    odds: Object.fromEntries(selections.map((s) => [s.key, s.odds / ODDS_SCALE])),
  });

  async function marketState(marketId: number) {
    const market = await marketRow(marketId);
    const selections = await db.select().from(bettingSelections).where(eq(bettingSelections.marketId, marketId)).orderBy(asc(bettingSelections.id));
    return { market, selections, snapshot: snapshot(market, selections) };
  }

  const refuseSettled = (market: { id: number; status: string }) => {
    if (market.status === 'settled') throw invalid('market_id', `Market ${market.id} is settled: settle it again instead`, 409);
  };

  /** A trader suspends or reopens one market; a suspension holds against the feed until reopened. */
  async function setMarketStatus(marketId: number, status: 'open' | 'suspended') {
    const before = await marketState(marketId);
    refuseSettled(before.market);
    await book.updateMarkets(before.market.eventId, [{ marketId, status }], 'trader');
    deps.tellTraders([before.market.eventId]);
    return { before: before.snapshot, after: (await marketState(marketId)).snapshot, eventId: before.market.eventId };
  }

  /** Pins a market's odds (by selection key), or with null gives the market back to the feed's prices. */
  async function setMarketOdds(marketId: number, odds: Partial<Record<SelectionKey, number>> | null) {
    const before = await marketState(marketId);
    refuseSettled(before.market);
    if (odds) {
      const keys = new Set(before.selections.map((s) => s.key));
      const unknown = Object.keys(odds).find((key) => !keys.has(key as SelectionKey));
      if (unknown) throw invalid(`odds.${unknown}`, `This market has no selection ${unknown}`);
    }
    await book.updateMarkets(before.market.eventId, [{ marketId, odds: odds ?? undefined, oddsOverride: odds !== null }], 'trader');
    deps.tellTraders([before.market.eventId]);
    return { before: before.snapshot, after: (await marketState(marketId)).snapshot, eventId: before.market.eventId };
  }

  /**
   * Sets a market's margin (basis points): its odds now are rescaled to it, and so is every price
   * the feed sends later. Null gives the feed's own margin back (from its next price).
   */
  async function setMarketMargin(marketId: number, marginBp: number | null) {
    const before = await marketState(marketId);
    refuseSettled(before.market);
    const current = Object.fromEntries(before.selections.map((s) => [s.key, s.odds])) as Partial<Record<SelectionKey, number>>;
    await book.updateMarkets(before.market.eventId, [{ marketId, marginBp, ...(marginBp === null ? {} : { odds: withMargin(current, marginBp) }) }], 'trader');
    deps.tellTraders([before.market.eventId]);
    return { before: before.snapshot, after: (await marketState(marketId)).snapshot, eventId: before.market.eventId };
  }

  // --- settling a market ------------------------------------------------------------------------

  /** The results a trader's choice gives each selection: the winners won and the rest lost, or all void. */
  function resultsOf(selections: Array<{ id: number }>, choice: { winners: number[] } | { void: true }): Map<number, SelectionResult> {
    if ('void' in choice) return new Map(selections.map((s) => [s.id, 'void' as const]));
    const known = new Set(selections.map((s) => s.id));
    const stranger = choice.winners.findIndex((id) => !known.has(id));
    if (stranger >= 0) throw invalid(`winners.${stranger}`, `Selection ${choice.winners[stranger]} is not in this market`);
    if (!choice.winners.length) throw invalid('winners', 'Pick at least one winning selection, or void the market');
    if (choice.winners.length === selections.length) throw invalid('winners', 'Not every selection can win: void the market instead');
    return new Map(selections.map((s) => [s.id, choice.winners.includes(s.id) ? ('won' as const) : ('lost' as const)]));
  }

  /**
   * What new results would move, player by player: each bet with a leg on `marketIds` (cashed-out
   * bets are final and move nothing) gets its return from its legs with the new `results` (by
   * selection; the other legs as they stand), less what it has paid so far.
   */
  async function differences(marketIds: number[], results: Map<number, SelectionResult>): Promise<Pick<SettlePreviewView, 'bets' | 'players' | 'totals'>> {
    const rows = marketIds.length
      ? await db
          .select({ bet: bettingBets })
          .from(bettingBets)
          .where(and(sql`${bettingBets.status} <> 'cashed_out'`, sql`${bettingBets.id} in (select ${bettingBetLegs.betId} from ${bettingBetLegs} where ${inArray(bettingBetLegs.marketId, marketIds)})`))
      : [];
    const legs = rows.length
      ? await db
          .select({ betId: bettingBetLegs.betId, selectionId: bettingBetLegs.selectionId, odds: bettingBetLegs.odds, result: bettingSelections.result })
          .from(bettingBetLegs)
          .innerJoin(bettingSelections, eq(bettingSelections.id, bettingBetLegs.selectionId))
          .where(inArray(bettingBetLegs.betId, rows.map((row) => row.bet.id)))
          .orderBy(asc(bettingBetLegs.betId), asc(bettingBetLegs.position))
      : [];
    const perPlayer = new Map<string, { user_id: number; currency: string; difference: bigint; bets: number }>();
    for (const { bet } of rows) {
      const own = legs.filter((leg) => leg.betId === bet.id).map((leg) => ({ odds: leg.odds, result: results.get(leg.selectionId) ?? leg.result }));
      const target = bets.outcome(bet as BetRow, own);
      const difference = target.main + target.bonus - bet.paidMain - bet.paidBonus;
      if (difference === 0n) continue;
      const key = `${bet.userId}:${bet.currency}`;
      const entry = perPlayer.get(key) ?? { user_id: bet.userId, currency: bet.currency, difference: 0n, bets: 0 };
      entry.difference += difference;
      entry.bets += 1;
      perPlayer.set(key, entry);
    }
    const players = [...perPlayer.values()].sort((a, b) => (a.difference < b.difference ? -1 : a.difference > b.difference ? 1 : a.user_id - b.user_id));
    const logins = await loginsById(players.map((p) => p.user_id));
    const totals = new Map<string, bigint>();
    for (const p of players) totals.set(p.currency, (totals.get(p.currency) ?? 0n) + p.difference);
    return {
      bets: rows.length,
      players: players.map((p) => ({ user_id: p.user_id, login: logins.get(p.user_id) ?? null, currency: p.currency, difference: money(p.difference, p.currency), bets: p.bets })),
      totals: [...totals.entries()].map(([currency, amount]) => ({ currency, difference: money(amount, currency) })),
    };
  }

  /** What settling a market with these results would move, bet by bet and player by player (nothing is written). */
  async function preview(marketId: number, choice: { winners: number[] } | { void: true }, locale: LocaleCode): Promise<SettlePreviewView> {
    const { market, selections } = await marketState(marketId);
    const [event] = await db.select().from(bettingEvents).where(eq(bettingEvents.id, market.eventId));
    const results = resultsOf(selections, choice);
    return {
      market_id: marketId,
      version: market.version,
      results: selections.map((s) => ({ selection_id: s.id, name: selectionName(locale, market.type, s.key, market.line, event), result: results.get(s.id)! })),
      ...(await differences([marketId], results)),
    };
  }

  /**
   * What settling a whole event by its final score (or calling it off) would move, with the
   * event's version to confirm with (nothing is written): every market's results as the feed's
   * result would give them, and each bet's difference.
   */
  async function previewEvent(eventId: number, outcome: EventOutcome): Promise<SettleEventPreviewView> {
    const event = await settleableEvent(eventId);
    const markets = await book.marketsOf(eventId);
    const results = new Map<number, SelectionResult>();
    for (const market of markets) {
      for (const selection of market.selections) results.set(selection.id, 'cancelled' in outcome ? 'void' : selectionResult(market.type, selection.key, market.line, outcome.score));
    }
    return {
      event_id: eventId,
      version: book.eventVersion(event, markets),
      outcome: 'cancelled' in outcome ? { void: true } : { score: outcome.score },
      markets: markets.length,
      ...(await differences(
        markets.map((market) => market.id),
        results,
      )),
    };
  }

  /**
   * Settles (first time), settles again (other results) or voids one market: the results under
   * the market's row lock, refused if the market changed since the preview (`version`), then every
   * bet with a leg on it settled by its difference (bet-settle:<bet>:<version>: once per
   * settlement version, whoever calls). Answers what moved, and the bets that could not move
   * (a player who no longer holds what a correction takes back keeps the previous settlement).
   */
  async function settleMarket(marketId: number, choice: { winners: number[] } | { void: true }, version: number, locale: LocaleCode) {
    const state = await marketState(marketId);
    const shown = await preview(marketId, choice, locale);
    const results = resultsOf(state.selections, choice);
    const resulted = await book.resultMarket(marketId, results, version);
    if (!resulted) throw invalid('version', 'This market changed since the preview: look at the new figures and confirm again', 409);
    const settled = await bets.settleBetsOn({ marketId });
    deps.tellTraders([state.market.eventId]);
    return { ...shown, version: resulted.version, settled: settled.settled, failed: settled.failed, before: state.snapshot, resettle: state.market.status === 'settled', eventId: state.market.eventId };
  }

  async function settleableEvent(eventId: number) {
    const row = await book.eventRow(eventId);
    if (!row) throw invalid('event_id', `Event ${eventId} not found`, 404);
    if (row.status === 'cancelled') throw invalid('event_id', `Event ${eventId} was called off`, 409);
    return row;
  }

  /**
   * The whole event by its final score (or called off): the feed's path, by hand, refused if the
   * event changed since the trader's preview (`version`), so what moves is what was shown.
   */
  async function settleEventByHand(eventId: number, outcome: EventOutcome, version: number) {
    const row = await settleableEvent(eventId);
    const before = { status: row.status, score: book.scoreOf(row) };
    try {
      const settled = await deps.settleEvent(eventId, outcome, version);
      if (settled === 'stale') throw invalid('version', 'This event changed since the preview: look at the new figures and confirm again', 409);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Some bets could not move (a correction taking back more than a player holds): the results
      // stand and those bets keep their previous settlement until the next settlement of the event.
      return { before, failed: (error as Error).message };
    }
    deps.tellTraders([eventId]);
    return { before, failed: null };
  }

  // --- bets -------------------------------------------------------------------------------------

  async function loginsById(ids: number[]): Promise<Map<number, string>> {
    return ids.length ? loginsOf(db, [...new Set(ids)]) : new Map();
  }

  async function betList(
    filter: { event_id?: number; market_id?: number; status: TradingBetStatus; user_id?: number; from?: Date; to?: Date; stake_min?: bigint; stake_max?: bigint; offset: number; limit: number },
    locale: LocaleCode,
  ) {
    const conditions: Array<SQL | undefined> = [
      filter.user_id ? eq(bettingBets.userId, filter.user_id) : undefined,
      filter.status === 'all' ? undefined : filter.status === 'settled' ? sql`${bettingBets.status} <> 'open'` : filter.status === 'won' ? inArray(bettingBets.status, ['won', 'half_won']) : filter.status === 'lost' ? inArray(bettingBets.status, ['lost', 'half_lost']) : eq(bettingBets.status, filter.status),
      filter.from ? gte(bettingBets.placedAt, filter.from) : undefined,
      filter.to ? lte(bettingBets.placedAt, filter.to) : undefined,
      filter.stake_min !== undefined ? gte(bettingBets.stake, filter.stake_min) : undefined,
      filter.stake_max !== undefined ? lte(bettingBets.stake, filter.stake_max) : undefined,
      filter.event_id ? sql`${bettingBets.id} in (select ${bettingBetLegs.betId} from ${bettingBetLegs} where ${bettingBetLegs.eventId} = ${filter.event_id})` : undefined,
      filter.market_id ? sql`${bettingBets.id} in (select ${bettingBetLegs.betId} from ${bettingBetLegs} where ${bettingBetLegs.marketId} = ${filter.market_id})` : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db.select().from(bettingBets).where(where).orderBy(desc(bettingBets.placedAt), desc(bettingBets.id)).limit(filter.limit).offset(filter.offset),
      db.select({ total: count() }).from(bettingBets).where(where),
    ]);
    const [views, logins] = await Promise.all([bets.views(rows, locale), loginsById(rows.map((row) => row.userId))]);
    return { total: total.total, items: views.map((view, index) => ({ ...view, user_id: rows[index].userId, login: logins.get(rows[index].userId) ?? null })) };
  }

  // --- a player's stake limits ------------------------------------------------------------------

  async function playerLimits(userId: number): Promise<PlayerLimitsView> {
    const [player] = await db.select({ id: users.id, currency: users.currency }).from(users).where(eq(users.id, userId));
    if (!player) throw invalid('user_id', 'No such player', 404);
    const [row] = await db.select().from(bettingPlayerLimits).where(eq(bettingPlayerLimits.userId, userId));
    const currency = (isCurrency(player.currency) ? player.currency : 'EUR') as CurrencyCode;
    const factor = row?.stakeFactor ?? 1000;
    const byFactor = (BET_LIMITS.maxStake * BigInt(factor)) / 1000n;
    const own = row?.maxStake ?? null;
    const logins = await loginsById([userId]);
    return {
      user_id: userId,
      login: logins.get(userId) ?? null,
      currency,
      stake_factor: String(factor / 1000),
      max_stake: own === null ? null : formatMinor(own, currency),
      book_max_stake: formatMinor(BET_LIMITS.maxStake, currency),
      effective_max_stake: formatMinor(own !== null && own < byFactor ? own : byFactor, currency),
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  /** Sets a player's stake factor (thousandths) and own maximum stake (minor units, null: none). */
  async function setPlayerLimits(userId: number, limits: { stakeFactor: number; maxStake: bigint | null }) {
    const before = await playerLimits(userId);
    await db
      .insert(bettingPlayerLimits)
      .values({ userId, stakeFactor: limits.stakeFactor, maxStake: limits.maxStake, updatedAt: new Date() })
      .onConflictDoUpdate({ target: bettingPlayerLimits.userId, set: { stakeFactor: limits.stakeFactor, maxStake: limits.maxStake, updatedAt: new Date() } });
    return { before, after: await playerLimits(userId) };
  }

  return { exposure, events, event, setMarketStatus, setMarketOdds, setMarketMargin, preview, settleMarket, previewEvent, settleEventByHand, betList, playerLimits, setPlayerLimits };
}

export type Trading = ReturnType<typeof createTrading>;

import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  BETTING_LIVE_EVENTS,
  formatOdds,
  MAX_ODDS,
  MIN_ODDS,
  ODDS_SCALE,
  SPORTS,
  type BettingEventMessage,
  type BettingEventsPage,
  type BettingOddsMessage,
  type EventClock,
  type EventScore,
  type EventStatus,
  type EventView,
  type MarketStatus,
  type MarketType,
  type MarketView,
  type SelectionKey,
  type SelectionResult,
  type SportKey,
  type SportView,
} from '../../../contract/betting.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { bettingCompetitions, bettingEvents, bettingMarkets, bettingSelections } from '../../db/schema/betting.ts';
import { marketName, SELECTION_KEYS_OF, selectionName, selectionResult } from './markets.ts';
import { bettingText } from './texts.ts';

/**
 * The book: events, markets and selections as the feed writes them and the pages read them.
 * Every change of a market (odds, status, results) happens under that market's row lock and
 * bumps its version; a bet takes the same row in share mode, so a change and a bet are strictly
 * ordered (docs/betting.md, "the suspension race").
 */

export type Publish = (topic: 'public' | `player:${number}`, message: { type: string; data: unknown }) => Promise<unknown>;

/** A fixture's market; `status` suspended when the feed cannot price it yet (open by default). */
export type FixtureMarket = { type: MarketType; line: number | null; main: boolean; odds: Partial<Record<SelectionKey, number>>; status?: 'open' | 'suspended' };
export type Fixture = {
  /** The feed's own id of the fixture: creating it again answers the same event. */
  feedRef: string;
  sport: SportKey;
  competition: { name: string; country: string };
  home: string;
  away: string;
  startsAt: Date;
  status?: 'scheduled' | 'live';
  score?: EventScore | null;
  clock?: EventClock | null;
  markets: FixtureMarket[];
  feedState?: Record<string, unknown>;
};

/**
 * A market's new odds (by selection key) and/or status. From a trader (the back office) it may also
 * pin the odds (`oddsOverride`) or set the market's margin (`marginBp`, null: the feed's own).
 */
export type MarketUpdate = {
  marketId: number;
  odds?: Partial<Record<SelectionKey, number>>;
  status?: Exclude<MarketStatus, 'settled'>;
  oddsOverride?: boolean;
  marginBp?: number | null;
};

/**
 * Who changes a market. The feed prices and opens markets all the time; a trader's hand wins over
 * it: a market the trader suspended stays suspended, pinned odds stay pinned, and a trader's
 * margin rescales whatever the feed sends (docs/betting.md, "Trading").
 */
export type MarketWriter = 'feed' | 'trader';

/**
 * Odds rescaled so that the market's implied chances sum to 1 + margin: each price keeps its share
 * of the implied total (the feed's view of the chances) and the book's cut becomes the trader's.
 * Rounded to hundredths like the feed's prices; a price for setting, never for money maths.
 */
export function withMargin(odds: Partial<Record<SelectionKey, number>>, marginBp: number): Partial<Record<SelectionKey, number>> {
  const entries = Object.entries(odds) as Array<[SelectionKey, number]>;
  const implied = entries.reduce((sum, [, value]) => sum + ODDS_SCALE / value, 0);
  if (!entries.length || implied <= 0) return odds;
  const factor = implied / (1 + marginBp / 10_000);
  return Object.fromEntries(entries.map(([key, value]) => [key, Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.round((value * factor) / 10) * 10))]));
}

type EventRow = typeof bettingEvents.$inferSelect;
type MarketRow = typeof bettingMarkets.$inferSelect;
type SelectionRow = typeof bettingSelections.$inferSelect;

/** A new fixture's event row. */
const newEventRow = (fixture: Fixture, competitionId: number) => ({
  feedRef: fixture.feedRef,
  competitionId,
  sport: fixture.sport,
  home: fixture.home,
  away: fixture.away,
  startsAt: fixture.startsAt,
  status: fixture.status ?? 'scheduled',
  scoreHome: fixture.score?.home ?? null,
  scoreAway: fixture.score?.away ?? null,
  clock: fixture.clock ?? null,
  feedState: fixture.feedState ?? {},
});

export function createBook(deps: { db: Db; publish: Publish; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const tell = (type: string, data: unknown) => void deps.publish('public', { type, data }).catch(() => undefined);

  // --- writes (the feed) ---------------------------------------------------------------------

  async function competitionId(tx: Tx, sport: SportKey, competition: Fixture['competition']): Promise<number> {
    await tx.insert(bettingCompetitions).values({ sport, ...competition }).onConflictDoNothing();
    const [row] = await tx.select({ id: bettingCompetitions.id }).from(bettingCompetitions).where(and(eq(bettingCompetitions.sport, sport), eq(bettingCompetitions.name, competition.name)));
    return row.id;
  }

  /** Creates a fixture with its markets open (or answers the event a feedRef already made). */
  async function createEvent(fixture: Fixture): Promise<number> {
    return db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: bettingEvents.id }).from(bettingEvents).where(eq(bettingEvents.feedRef, fixture.feedRef));
      if (existing) return existing.id;
      const [event] = await tx
        .insert(bettingEvents)
        .values(newEventRow(fixture, await competitionId(tx, fixture.sport, fixture.competition)))
        .returning({ id: bettingEvents.id });
      for (const market of fixture.markets) {
        const [row] = await tx
          .insert(bettingMarkets)
          .values({ eventId: event.id, type: market.type, line: market.line, main: market.main ? 1 : 0, status: market.status ?? 'open' })
          .returning({ id: bettingMarkets.id });
        await tx.insert(bettingSelections).values(SELECTION_KEYS_OF[market.type].map((key) => ({ marketId: row.id, key, odds: market.odds[key] ?? 1010 })));
      }
      return event.id;
    });
  }

  /**
   * Many new fixtures in a handful of statements (the demo seed, on every test database): rows
   * in bulk, in order, so the markets' ids line up with the fixtures' markets.
   */
  async function createEvents(fixtures: Fixture[]): Promise<void> {
    if (!fixtures.length) return;
    await db.transaction(async (tx) => {
      const competitions = new Map<string, number>();
      for (const f of fixtures) {
        const key = `${f.sport}|${f.competition.name}`;
        if (!competitions.has(key)) competitions.set(key, await competitionId(tx, f.sport, f.competition));
      }
      const events = await tx
        .insert(bettingEvents)
        .values(
          fixtures.map((f) => newEventRow(f, competitions.get(`${f.sport}|${f.competition.name}`)!)),
        )
        .onConflictDoNothing()
        .returning({ id: bettingEvents.id, feedRef: bettingEvents.feedRef });
      const specs = events.flatMap((event) => fixtures.find((f) => f.feedRef === event.feedRef)!.markets.map((market) => ({ eventId: event.id, market })));
      if (!specs.length) return;
      const markets = await tx
        .insert(bettingMarkets)
        .values(specs.map(({ eventId, market }) => ({ eventId, type: market.type, line: market.line, main: market.main ? 1 : 0, status: market.status ?? 'open' })))
        .returning({ id: bettingMarkets.id });
      await tx
        .insert(bettingSelections)
        .values(markets.flatMap((row, index) => SELECTION_KEYS_OF[specs[index].market.type].map((key) => ({ marketId: row.id, key, odds: specs[index].market.odds[key] ?? 1010 }))));
    });
  }

  /** Locks an event's markets (id order: no deadlocks between two writers). */
  const lockMarkets = (tx: Tx, eventId: number) => tx.select().from(bettingMarkets).where(eq(bettingMarkets.eventId, eventId)).orderBy(asc(bettingMarkets.id)).for('update');

  /**
   * An event's version for a preview to be confirmed with: its result version plus every market's
   * version. Each only ever grows, so any change since (a result, odds, a status, a new market)
   * gives another figure.
   */
  const eventVersion = (event: Pick<EventRow, 'resultVersion'>, markets: Array<Pick<MarketRow, 'version'>>) =>
    markets.reduce((sum, market) => sum + market.version, event.resultVersion);

  async function oddsMessage(tx: Db | Tx, eventId: number, marketIds?: number[]): Promise<BettingOddsMessage> {
    const markets = await tx
      .select()
      .from(bettingMarkets)
      .where(and(eq(bettingMarkets.eventId, eventId), marketIds ? inArray(bettingMarkets.id, marketIds.length ? marketIds : [-1]) : undefined))
      .orderBy(asc(bettingMarkets.id));
    const selections = markets.length ? await tx.select().from(bettingSelections).where(inArray(bettingSelections.marketId, markets.map((m) => m.id))).orderBy(asc(bettingSelections.id)) : [];
    return {
      event_id: eventId,
      markets: markets.map((market) => ({
        id: market.id,
        status: market.status,
        version: market.version,
        selections: selections.filter((s) => s.marketId === market.id).map((s) => ({ id: s.id, odds: formatOdds(s.odds), result: s.result })),
      })),
    };
  }

  /**
   * New odds and/or status of some of an event's markets, each under its row lock, published on
   * the public topic once committed. Settled markets are left alone. The feed's changes yield to
   * a trader's: a trader-suspended market stays suspended, pinned odds stay, a trader's margin
   * rescales the feed's prices. A trader's suspension (or reopening) is remembered as such.
   */
  async function updateMarkets(eventId: number, updates: MarketUpdate[], writer: MarketWriter = 'trader'): Promise<void> {
    if (!updates.length) return;
    const message = await db.transaction(async (tx) => {
      const markets = await lockMarkets(tx, eventId);
      const changed: number[] = [];
      for (const update of updates) {
        const market = markets.find((m) => m.id === update.marketId);
        if (!market || market.status === 'settled') continue;
        const marginBp = update.marginBp !== undefined ? update.marginBp : market.marginBp;
        let odds = update.odds ?? {};
        if (writer === 'feed' && market.oddsOverride) odds = {};
        if (writer === 'feed' && marginBp !== null) odds = withMargin(odds, marginBp);
        for (const [key, value] of Object.entries(odds)) {
          await tx.update(bettingSelections).set({ odds: value }).where(and(eq(bettingSelections.marketId, market.id), eq(bettingSelections.key, key as SelectionKey)));
        }
        const status = writer === 'feed' && market.traderSuspended ? 'suspended' : (update.status ?? market.status);
        await tx
          .update(bettingMarkets)
          .set({
            status,
            version: sql`${bettingMarkets.version} + 1`,
            ...(writer === 'trader' && update.status ? { traderSuspended: update.status === 'suspended' } : {}),
            ...(update.oddsOverride !== undefined ? { oddsOverride: update.oddsOverride } : {}),
            ...(update.marginBp !== undefined ? { marginBp: update.marginBp } : {}),
          })
          .where(eq(bettingMarkets.id, market.id));
        changed.push(market.id);
      }
      return oddsMessage(tx, eventId, changed);
    });
    if (message.markets.length) tell(BETTING_LIVE_EVENTS.odds, message);
  }

  /** Suspends (or reopens) every unsettled market of an event at once. */
  async function setEventMarkets(eventId: number, status: 'open' | 'suspended', writer: MarketWriter = 'trader'): Promise<void> {
    const markets = await db.select({ id: bettingMarkets.id, status: bettingMarkets.status, traderSuspended: bettingMarkets.traderSuspended }).from(bettingMarkets).where(eq(bettingMarkets.eventId, eventId));
    await updateMarkets(
      eventId,
      markets.filter((m) => m.status !== 'settled' && (m.status !== status || (writer === 'trader' && m.traderSuspended !== (status === 'suspended')))).map((m) => ({ marketId: m.id, status })),
      writer,
    );
  }

  /**
   * A trader's result of one market (settle, void, or settle again with other results): every
   * selection's result under the market's row lock, the market settled and its version grown.
   * `expectedVersion` (the version the trader's preview was computed on) refuses a market that
   * changed since with null. Answers whether any result changed.
   */
  async function resultMarket(marketId: number, results: Map<number, SelectionResult>, expectedVersion?: number): Promise<{ changed: boolean; eventId: number; version: number } | null> {
    const result = await db.transaction(async (tx) => {
      const [market] = await tx.select().from(bettingMarkets).where(eq(bettingMarkets.id, marketId)).for('update');
      if (!market || (expectedVersion !== undefined && market.version !== expectedVersion)) return null;
      const selections = await tx.select().from(bettingSelections).where(eq(bettingSelections.marketId, marketId)).orderBy(asc(bettingSelections.id));
      let changed = false;
      for (const selection of selections) {
        const settled = results.get(selection.id) ?? 'lost';
        if (settled === selection.result) continue;
        changed = true;
        await tx.update(bettingSelections).set({ result: settled }).where(eq(bettingSelections.id, selection.id));
      }
      if (!changed && market.status === 'settled') return { changed, eventId: market.eventId, version: market.version, odds: null };
      await tx.update(bettingMarkets).set({ status: 'settled', traderSuspended: false, version: sql`${bettingMarkets.version} + 1` }).where(eq(bettingMarkets.id, marketId));
      return { changed: true, eventId: market.eventId, version: market.version + 1, odds: await oddsMessage(tx, market.eventId, [marketId]) };
    });
    if (!result) return null;
    if (result.odds) tell(BETTING_LIVE_EVENTS.odds, result.odds);
    return { changed: result.changed, eventId: result.eventId, version: result.version };
  }

  /** The event's status, score, clock (and the feed's private state), published once committed. */
  async function updateEvent(eventId: number, change: { status?: EventStatus; score?: EventScore | null; clock?: EventClock | null; feedState?: Record<string, unknown> }): Promise<void> {
    const [row] = await db
      .update(bettingEvents)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(change.score !== undefined ? { scoreHome: change.score?.home ?? null, scoreAway: change.score?.away ?? null } : {}),
        ...(change.clock !== undefined ? { clock: change.clock } : {}),
        ...(change.feedState ? { feedState: change.feedState } : {}),
        updatedAt: now(),
      })
      .where(eq(bettingEvents.id, eventId))
      .returning();
    if (row) tell(BETTING_LIVE_EVENTS.event, eventMessage(row));
  }

  const eventMessage = (row: EventRow): BettingEventMessage => ({ id: row.id, status: row.status, score: scoreOf(row), clock: row.status === 'live' ? ((row.clock as EventClock | null) ?? null) : null });

  /**
   * Results from a final score (or every selection void for a cancelled event): each market is
   * settled under its row lock. A second call with another score is a correction: the results
   * change and the event's result version grows; the bets are settled again by the caller. With
   * `expectedVersion` (a trader's preview), 'stale' when the event changed since: nothing written.
   */
  async function resultEvent(
    eventId: number,
    outcome: { score: EventScore } | { cancelled: true },
    expectedVersion?: number,
  ): Promise<{ changed: boolean; resultVersion: number } | 'stale' | null> {
    const result = await db.transaction(async (tx) => {
      const [event] = await tx.select().from(bettingEvents).where(eq(bettingEvents.id, eventId)).for('update');
      if (!event) return null;
      const markets = await lockMarkets(tx, eventId);
      if (expectedVersion !== undefined && eventVersion(event, markets) !== expectedVersion) return 'stale' as const;
      const selections = markets.length ? await tx.select().from(bettingSelections).where(inArray(bettingSelections.marketId, markets.map((m) => m.id))).orderBy(asc(bettingSelections.id)) : [];
      let changed = false;
      for (const market of markets) {
        for (const selection of selections.filter((s) => s.marketId === market.id)) {
          const settled: SelectionResult = 'cancelled' in outcome ? 'void' : selectionResult(market.type, selection.key, market.line, outcome.score);
          if (settled !== selection.result) {
            changed = true;
            await tx.update(bettingSelections).set({ result: settled }).where(eq(bettingSelections.id, selection.id));
          }
        }
        if (market.status !== 'settled' || changed) await tx.update(bettingMarkets).set({ status: 'settled', traderSuspended: false, version: sql`${bettingMarkets.version} + 1` }).where(eq(bettingMarkets.id, market.id));
      }
      const score = 'cancelled' in outcome ? scoreOf(event) : outcome.score;
      const status = 'cancelled' in outcome ? 'cancelled' : 'ended';
      const sameResult = !changed && event.resultVersion > 0 && event.status !== 'live' && event.status !== 'scheduled';
      const resultVersion = sameResult ? event.resultVersion : event.resultVersion + 1;
      const [row] = await tx
        .update(bettingEvents)
        .set({ status: sameResult ? event.status : status, scoreHome: score?.home ?? null, scoreAway: score?.away ?? null, clock: null, resultVersion, updatedAt: now() })
        .where(eq(bettingEvents.id, eventId))
        .returning();
      return { changed: !sameResult, resultVersion, row, odds: await oddsMessage(tx, eventId) };
    });
    if (!result || result === 'stale') return result;
    tell(BETTING_LIVE_EVENTS.event, eventMessage(result.row));
    tell(BETTING_LIVE_EVENTS.odds, result.odds);
    return { changed: result.changed, resultVersion: result.resultVersion };
  }

  /** Marks a resulted event settled once its bets are (its markets already are). */
  async function markSettled(eventId: number): Promise<void> {
    const [row] = await db
      .update(bettingEvents)
      .set({ status: 'settled', updatedAt: now() })
      .where(and(eq(bettingEvents.id, eventId), eq(bettingEvents.status, 'ended')))
      .returning();
    if (row) tell(BETTING_LIVE_EVENTS.event, eventMessage(row));
  }

  // --- reads (the pages) -----------------------------------------------------------------------

  const scoreOf = (row: Pick<EventRow, 'scoreHome' | 'scoreAway'>): EventScore | null =>
    row.scoreHome === null || row.scoreAway === null ? null : { home: row.scoreHome, away: row.scoreAway };

  function marketView(locale: LocaleCode, event: Pick<EventRow, 'sport' | 'home' | 'away'>, market: MarketRow, selections: SelectionRow[]): MarketView {
    const order = SELECTION_KEYS_OF[market.type];
    return {
      id: market.id,
      event_id: market.eventId,
      type: market.type,
      line: market.line === null ? null : String(market.line / 100),
      name: marketName(locale, event.sport, market.type, market.line),
      status: market.status,
      version: market.version,
      selections: selections
        .filter((s) => s.marketId === market.id)
        .sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
        .map((s) => ({ id: s.id, key: s.key, name: selectionName(locale, market.type, s.key, market.line, event), odds: formatOdds(s.odds), result: s.result })),
    };
  }

  async function eventViews(rows: EventRow[], locale: LocaleCode, mainOnly: boolean): Promise<EventView[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const [competitions, markets, counts] = await Promise.all([
      db.select().from(bettingCompetitions).where(inArray(bettingCompetitions.id, [...new Set(rows.map((row) => row.competitionId))])),
      db
        .select()
        .from(bettingMarkets)
        .where(and(inArray(bettingMarkets.eventId, ids), mainOnly ? eq(bettingMarkets.main, 1) : undefined))
        .orderBy(asc(bettingMarkets.id)),
      db.select({ eventId: bettingMarkets.eventId, n: count() }).from(bettingMarkets).where(inArray(bettingMarkets.eventId, ids)).groupBy(bettingMarkets.eventId),
    ]);
    const selections = markets.length ? await db.select().from(bettingSelections).where(inArray(bettingSelections.marketId, markets.map((m) => m.id))).orderBy(asc(bettingSelections.id)) : [];
    return rows.map((row) => {
      const competition = competitions.find((c) => c.id === row.competitionId)!;
      return {
        id: row.id,
        sport: row.sport,
        competition: { id: competition.id, name: competition.name, country: competition.country },
        home: row.home,
        away: row.away,
        starts_at: row.startsAt.toISOString(),
        status: row.status,
        score: scoreOf(row),
        clock: row.status === 'live' ? ((row.clock as EventClock | null) ?? null) : null,
        markets: markets.filter((m) => m.eventId === row.id).map((m) => marketView(locale, row, m, selections)),
        markets_count: counts.find((c) => c.eventId === row.id)?.n ?? 0,
      };
    });
  }

  async function sports(locale: LocaleCode): Promise<{ items: SportView[] }> {
    const rows = await db
      .select({ sport: bettingEvents.sport, status: bettingEvents.status, n: count() })
      .from(bettingEvents)
      .where(inArray(bettingEvents.status, ['scheduled', 'live']))
      .groupBy(bettingEvents.sport, bettingEvents.status);
    const of = (sport: SportKey, status: EventStatus) => rows.find((row) => row.sport === sport && row.status === status)?.n ?? 0;
    return { items: SPORTS.map((key) => ({ key, name: bettingText(locale, key), live: of(key, 'live'), upcoming: of(key, 'scheduled') })) };
  }

  async function events(query: { sport?: SportKey; competition_id?: number; when: 'live' | 'upcoming' | 'all'; offset: number; count: number }, locale: LocaleCode): Promise<BettingEventsPage> {
    const statuses: EventStatus[] = query.when === 'live' ? ['live'] : query.when === 'upcoming' ? ['scheduled'] : ['live', 'scheduled'];
    const where = and(
      inArray(bettingEvents.status, statuses),
      query.sport ? eq(bettingEvents.sport, query.sport) : undefined,
      query.competition_id ? eq(bettingEvents.competitionId, query.competition_id) : undefined,
    );
    const [rows, [total], competitions] = await Promise.all([
      db
        .select()
        .from(bettingEvents)
        .where(where)
        // Live first, then by kick-off.
        .orderBy(sql`case when ${bettingEvents.status} = 'live' then 0 else 1 end`, asc(bettingEvents.startsAt), asc(bettingEvents.id))
        .limit(query.count)
        .offset(query.offset),
      db.select({ total: count() }).from(bettingEvents).where(where),
      db
        .selectDistinct({ id: bettingCompetitions.id, sport: bettingCompetitions.sport, name: bettingCompetitions.name, country: bettingCompetitions.country })
        .from(bettingCompetitions)
        .innerJoin(bettingEvents, eq(bettingEvents.competitionId, bettingCompetitions.id))
        .where(and(inArray(bettingEvents.status, ['live', 'scheduled']), query.sport ? eq(bettingCompetitions.sport, query.sport) : undefined))
        .orderBy(asc(bettingCompetitions.name)),
    ]);
    return { items: await eventViews(rows, locale, true), total: total.total, competitions };
  }

  async function event(id: number, locale: LocaleCode): Promise<EventView | null> {
    const [row] = await db.select().from(bettingEvents).where(eq(bettingEvents.id, id));
    return row ? (await eventViews([row], locale, false))[0] : null;
  }

  /**
   * Selections with their market and event, for the slip and for bet views. With `lockMarkets`
   * (inside a bet's transaction) their market rows are taken in share mode: bets on one market go
   * together, and a change of its odds or status waits for them (and they for it).
   */
  async function selectionsWithEvents(selectionIds: number[], tx: Db | Tx = db, lockMarkets = false) {
    if (!selectionIds.length) return [];
    const query = tx
      .select({ selection: bettingSelections, market: bettingMarkets, event: bettingEvents, competition: bettingCompetitions })
      .from(bettingSelections)
      .innerJoin(bettingMarkets, eq(bettingMarkets.id, bettingSelections.marketId))
      .innerJoin(bettingEvents, eq(bettingEvents.id, bettingMarkets.eventId))
      .innerJoin(bettingCompetitions, eq(bettingCompetitions.id, bettingEvents.competitionId))
      .where(inArray(bettingSelections.id, selectionIds))
      .orderBy(asc(bettingMarkets.id), asc(bettingSelections.id));
    return lockMarkets ? query.for('share', { of: bettingMarkets }) : query;
  }

  /** Events the feed is running (scheduled or live), with its private state. */
  const runningEvents = () => db.select().from(bettingEvents).where(inArray(bettingEvents.status, ['scheduled', 'live']));
  const marketsOf = async (eventId: number) => {
    const markets = await db.select().from(bettingMarkets).where(eq(bettingMarkets.eventId, eventId)).orderBy(asc(bettingMarkets.id));
    const selections = markets.length ? await db.select().from(bettingSelections).where(inArray(bettingSelections.marketId, markets.map((m) => m.id))).orderBy(asc(bettingSelections.id)) : [];
    return markets.map((market) => ({ ...market, selections: selections.filter((s) => s.marketId === market.id) }));
  };
  const eventRow = async (id: number) => (await db.select().from(bettingEvents).where(eq(bettingEvents.id, id)))[0] ?? null;

  return {
    createEvent,
    createEvents,
    updateMarkets,
    setEventMarkets,
    resultMarket,
    updateEvent,
    resultEvent,
    eventVersion,
    markSettled,
    sports,
    events,
    event,
    marketView,
    selectionsWithEvents,
    runningEvents,
    marketsOf,
    eventRow,
    scoreOf,
  };
}

export type Book = ReturnType<typeof createBook>;
export type SelectionDetail = Awaited<ReturnType<Book['selectionsWithEvents']>>[number];

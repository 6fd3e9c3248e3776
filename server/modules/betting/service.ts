import { MAX_ODDS, MIN_ODDS, SPORTS, type EventScore, type SportKey } from '../../../contract/betting.ts';
import type { MarketMargins } from '../../../contract/betting-margins.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { NamedJob, ScheduledJob } from '../../platform/jobs/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { createBets, type ReturnRecorder, type StakeCheck } from './bets.ts';
import { createBook, type Publish } from './book.ts';
import { createDemoFeed, demoFixture, type FeedAdapter, type FeedSink } from './feed.ts';
import { createOddsApiFeed, type OddsApiConfig } from './odds-api.ts';
import { createTrading } from './trading.ts';

/** The named job that settles an event's bets once its results are published (or corrected). */
export const SETTLE_JOB = 'betting.settle-event';

/**
 * The sportsbook (docs/betting.md): the book (events, markets, odds), bets (placement,
 * settlement, cash-out), the feed that drives the book, and what an operator does by hand.
 */
export function createBetting(deps: {
  db: Db;
  ledger: Ledger;
  logger?: Logger;
  publish: Publish;
  playerCurrency: (userId: number) => Promise<string | null>;
  /** Responsible gaming's stake check inside the bet's transaction (it throws to refuse). */
  stakeCheck?: StakeCheck;
  recordReturn?: ReturnRecorder;
  outboxCommitted?: () => void;
  /** Queues a named job (the job runner's enqueue): results settle bets through the runner. */
  enqueue?: (name: string, key: string, payload: Record<string, unknown>) => Promise<void>;
  feed?: FeedAdapter;
  /** The Odds API instead of the demo feed (docs/betting.md, "A real feed"). */
  oddsApi?: OddsApiConfig;
  /** The margin per market type the feed prices with (the operator's `bettingMargins`); 5% each when not given. */
  margins?: () => Promise<MarketMargins>;
  /**
   * Tells the traders' screens which events' books changed (bets, odds, results), at most once a
   * second per process: the back office's live channel refetches their liability.
   */
  tellTraders?: (eventIds: number[]) => void;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const changed = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Collects changed events and tells the traders once a second at most (a busy feed moves many). */
  const tellTraders = (eventIds: number[]) => {
    if (!deps.tellTraders) return;
    for (const id of eventIds) changed.add(id);
    if (timer || !changed.size) return;
    timer = setTimeout(() => {
      timer = null;
      const ids = [...changed];
      changed.clear();
      deps.tellTraders?.(ids);
    }, 1000);
    timer.unref?.();
  };
  // Every change of the book the pages hear of (odds, status, score, results) reaches the traders too.
  const publish: Publish = (topic, message) => {
    const data = message.data as { event_id?: number; id?: number } | null;
    if (topic === 'public' && data) tellTraders([data.event_id ?? data.id ?? 0].filter((id) => id > 0));
    return deps.publish(topic, message);
  };
  const book = createBook({ db: deps.db, publish, now });
  const bets = createBets({ ...deps, publish, book, now, onBet: tellTraders });
  const feed =
    deps.feed ??
    (deps.oddsApi ? createOddsApiFeed({ book, config: deps.oddsApi, margins: deps.margins, logger: deps.logger }) : createDemoFeed({ book, margins: deps.margins }));

  /** Results an event and settles its bets now (the operator's command, and the settle job); with a trader's `expectedVersion`, 'stale' when the event changed since their preview. */
  async function settleEvent(eventId: number, outcome: { score: EventScore } | { cancelled: true }, expectedVersion?: number) {
    const resulted = await book.resultEvent(eventId, outcome, expectedVersion);
    if (!resulted || resulted === 'stale') return resulted;
    const settled = await bets.settleEventBets(eventId);
    if (!('cancelled' in outcome)) await book.markSettled(eventId);
    return { ...resulted, ...settled };
  }

  const sink: FeedSink = {
    createEvent: book.createEvent,
    updateMarkets: (eventId, updates) => book.updateMarkets(eventId, updates, 'feed'),
    updateEvent: book.updateEvent,
    suspendEvent: (eventId) => book.setEventMarkets(eventId, 'suspended', 'feed'),
    async publishResult(eventId, score) {
      const resulted = await book.resultEvent(eventId, { score });
      if (!resulted || resulted === 'stale') return;
      if (deps.enqueue) await deps.enqueue(SETTLE_JOB, `${SETTLE_JOB}:${eventId}:${resulted.resultVersion}`, { eventId });
      else await settleEvent(eventId, { score });
    },
    async cancelEvent(eventId) {
      await settleEvent(eventId, { cancelled: true });
    },
  };

  /** The feed's step, every 10 seconds on the job runner (one process runs each slot). */
  const feedJob: ScheduledJob = {
    name: 'betting.feed',
    cron: '*/10 * * * * *',
    maxAttempts: 1,
    ownTransactions: true,
    leaseSeconds: 60,
    run: async () => feed.tick(sink, now()),
  };

  const settleJob: NamedJob = {
    name: SETTLE_JOB,
    ownTransactions: true,
    // Settling is idempotent per bet (it moves only a difference), so a retry is harmless.
    run: async (payload) => {
      const eventId = Number(payload.eventId);
      await bets.settleEventBets(eventId);
      await book.markSettled(eventId);
    },
  };

  // --- the operator's hand (scripts/ops-betting.ts through the site, and tests) -----------------

  /** A fresh demo fixture now or in `minutes`, live at once when asked. */
  async function createFixture(sport: SportKey, minutes: number, live: boolean) {
    const startsAt = new Date(now().getTime() + (live ? 0 : minutes * 60_000));
    // The operator's hand picks any two sides (no bookings given, so never null): the feed counts this match as theirs from now on.
    const margins = await deps.margins?.();
    const id = await book.createEvent(demoFixture(sport, startsAt, Math.random, `ops:${sport}:${Date.now()}:${Math.random().toString(36).slice(2)}`, live, [], margins)!);
    return book.event(id, 'en');
  }

  /**
   * Moves every open market of an event: the first side (home, or over; selections come back in
   * the order they were created) shorter by `percent`, the others longer.
   */
  async function moveOdds(eventId: number, percent: number) {
    const markets = await book.marketsOf(eventId);
    const clamp = (value: number) => Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.round(value / 10) * 10));
    await book.updateMarkets(
      eventId,
      markets
        .filter((market) => market.status === 'open')
        .map((market) => ({
          marketId: market.id,
          odds: Object.fromEntries(market.selections.map((s, index) => [s.key, clamp(index === 0 ? (s.odds * (100 - percent)) / 100 : (s.odds * (100 + percent)) / 100)])),
        })),
    );
    return book.event(eventId, 'en');
  }

  const trading = createTrading({ db: deps.db, book, bets, settleEvent, tellTraders });

  const betting = {
    book,
    trading,
    bets,
    feed,
    sink,
    settleEvent,
    createFixture,
    moveOdds,
    suspend: (eventId: number) => book.setEventMarkets(eventId, 'suspended'),
    reopen: (eventId: number) => book.setEventMarkets(eventId, 'open'),
    jobs: { feed: feedJob, settle: settleJob },
    sports: SPORTS,
  };
  return betting;
}

export type Betting = ReturnType<typeof createBetting>;

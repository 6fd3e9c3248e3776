import type { EventClock, EventScore, MarketType, SelectionKey, SportKey } from '../../../contract/betting.ts';
import { DEFAULT_MARKET_MARGINS, type MarketMargins } from '../../../contract/betting-margins.ts';
import type { Book, Fixture, FixtureMarket, MarketUpdate } from './book.ts';
import { basketballDistribution, bookOdds, fairOdds, footballDistribution, isDecided, isQuotable, SELECTION_KEYS_OF, tennisDistribution, type ScoreDistribution } from './markets.ts';

/**
 * The feed: where fixtures, live scores, odds and results come from. A real feed (a data
 * provider's push or pull API) implements FeedAdapter and writes through the same FeedSink as
 * the built-in demo feed; the sportsbook itself never knows which one runs.
 */
export type FeedSink = {
  /** Creates a fixture with its markets (idempotent by its feedRef). */
  createEvent(fixture: Fixture): Promise<number>;
  /** New odds and/or status of markets of an event. */
  updateMarkets(eventId: number, updates: MarketUpdate[]): Promise<void>;
  /** The event's status, score and clock. */
  updateEvent(eventId: number, change: { status?: 'live'; score?: EventScore | null; clock?: EventClock | null; feedState?: Record<string, unknown> }): Promise<void>;
  suspendEvent(eventId: number): Promise<void>;
  /** The final score: markets are resulted and the event's bets settled (through the job runner). */
  publishResult(eventId: number, score: EventScore): Promise<void>;
  /** Called off: every bet on it void. */
  cancelEvent(eventId: number): Promise<void>;
};

export type FeedAdapter = {
  name: string;
  /** One step of the feed, run by the job runner on its schedule. */
  tick(sink: FeedSink, now: Date): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// The demo feed

/** Real minutes a demo match lasts from kick-off to the final whistle. */
const DURATION_MINUTES: Record<SportKey, number> = { football: 20, basketball: 16, tennis: 15 };
/** How long markets stay suspended after a goal or a set. */
const SUSPEND_MS = 15_000;
/** Tennis games a demo match plays on average in its time (about 2.5 sets of 10 games). */
const GAMES_PER_MATCH = 26;
/**
 * A tennis player's chance to take a game from their chance to take a set: a small edge per game
 * compounds over a set (0.55 a game is about 0.65 a set), so the edge per game is a third of it.
 */
const gameChance = (setChance: number) => 0.5 + (setChance - 0.5) / 3;
/** Minutes a side rests after a match before the feed books it again. */
const REST_MINUTES = 5;
/** Fixtures kept scheduled per sport. */
const UPCOMING_PER_SPORT = 8;

const COMPETITIONS: Record<SportKey, Array<{ name: string; country: string; sides: string[] }>> = {
  football: [
    { name: 'Premier Division', country: 'England', sides: ['Northbridge United', 'Kingsford City', 'Ashton Rovers', 'Harrowgate Athletic', 'Millbrook Town', 'Redcastle FC', 'Westfield Albion', 'Port Elmsworth'] },
    { name: 'Ligue Élite', country: 'France', sides: ['Olympique Valmont', 'AS Saint-Aurel', 'FC Lormont', 'Racing Bellerive', 'Stade Corvin', 'US Marnay'] },
  ],
  basketball: [{ name: 'Pro League', country: 'USA', sides: ['Bay City Comets', 'Denton Falcons', 'Lakeshore Pilots', 'Silver Peak Miners', 'Harbor Kings', 'Capital Rangers'] }],
  tennis: [{ name: 'World Tour Open', country: 'Spain', sides: ['Luca Marchetti', 'Tomás Ferreira', 'Jonas Lindqvist', 'Mateo Duarte', 'Hugo Lemaire', 'Kenji Morita', 'Daniel Brandt', 'Aleksei Volkov'] }],
};

/** What the demo feed keeps about a match (betting_events.feed_state). */
export type DemoState = {
  /** football: goals per 90 minutes of each side; basketball: points per game; tennis: [home's chance to take a set, 0]. */
  strength: [number, number];
  kickoff: number;
  durationMs: number;
  /** tennis: games of each player in the set being played. */
  games?: [number, number];
  /** Markets suspended until then (after a goal or a set). */
  suspendedUntil?: number;
  lastTick?: number;
};

/** A small seeded generator (mulberry32): the demo seed is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fractionLeft = (state: DemoState, now: number) => Math.min(1, Math.max(0, 1 - (now - state.kickoff) / state.durationMs));

function distribution(sport: SportKey, state: DemoState, score: EventScore, left: number): ScoreDistribution {
  switch (sport) {
    case 'football':
      return footballDistribution(score, state.strength[0], state.strength[1], left);
    case 'basketball':
      return basketballDistribution(score, state.strength[0], state.strength[1], left);
    case 'tennis':
      return tennisDistribution(score, state.strength[0]);
  }
}

/** The market lines a fixture offers, from the sides' strengths (main lines balanced). */
function marketLines(sport: SportKey, state: DemoState): Array<Pick<FixtureMarket, 'type' | 'line' | 'main'>> {
  const [a, b] = state.strength;
  switch (sport) {
    case 'football': {
      const main = Math.round(-(a - b) * 4) * 25;
      return [
        { type: '1x2', line: null, main: true },
        { type: 'total', line: 250, main: true },
        { type: 'total', line: 150, main: false },
        { type: 'total', line: 350, main: false },
        { type: 'total', line: 225, main: false },
        // Asian handicap lines in quarter steps around the balanced one (quarter lines split the stake).
        ...[-50, -25, 0, 25, 50].map((step) => ({ type: 'handicap' as const, line: main + step, main: step === 0 })),
      ];
    }
    case 'basketball': {
      const total = (Math.floor(a + b) * 100) + 50;
      const spread = -Math.round(a - b) * 100 + (a >= b ? -50 : 50);
      return [
        { type: 'match_winner', line: null, main: true },
        { type: 'total', line: total, main: true },
        { type: 'total', line: total - 500, main: false },
        { type: 'total', line: total + 500, main: false },
        { type: 'handicap', line: spread, main: true },
      ];
    }
    case 'tennis':
      return [
        { type: 'match_winner', line: null, main: true },
        { type: 'total', line: 250, main: true },
        { type: 'handicap', line: -150, main: true },
        { type: 'handicap', line: 150, main: false },
      ];
  }
}

/**
 * A market's quote from the distribution of final scores: its odds and whether it may be open.
 * A market the score already decides, or with a selection the book could only quote at a bound
 * (1.01 or 1000.00, which is no price of its chances), is suspended and keeps its last odds.
 */
export function quote(
  type: MarketType,
  line: number | null,
  cells: ScoreDistribution,
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
): { odds: Partial<Record<SelectionKey, number>>; status: 'open' | 'suspended' } {
  const margin = margins[type] / 100;
  const fair = SELECTION_KEYS_OF[type].map((key) => [key, fairOdds(type, key, line, cells)] as const);
  const odds = Object.fromEntries(fair.map(([key, value]) => [key, bookOdds(value, margin)]));
  const open = !isDecided(type, line, cells) && fair.every(([, value]) => isQuotable(value, margin));
  return { odds, status: open ? 'open' : 'suspended' };
}

/** A match a participant is booked for: the sides and kick-off of a scheduled or live event. */
export type Booking = { sport: SportKey; home: string; away: string; startsAt: Date };

/**
 * How long a demo match keeps its sides busy: kick-off to final whistle, plus a rest that covers
 * the feed's tick (the whistle is heard on the first tick after it) and a turnaround.
 */
export const playWindowMs = (sport: SportKey) => (DURATION_MINUTES[sport] + REST_MINUTES) * 60_000;

/** Two matches of a sport overlap when their kick-offs are closer than one play window. */
export const overlaps = (sport: SportKey, a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) < playWindowMs(sport);

/** The participants of `sport` already playing (or booked to play) at some moment of a match kicking off at `startsAt`. */
function busySides(sport: SportKey, startsAt: Date, bookings: Booking[]): Set<string> {
  const busy = new Set<string>();
  for (const booking of bookings) {
    if (booking.sport === sport && overlaps(sport, booking.startsAt, startsAt)) busy.add(booking.home).add(booking.away);
  }
  return busy;
}

/**
 * A new demo fixture: two sides of one competition who are free for the whole match (no other
 * booking of theirs overlaps it), strengths drawn, markets priced. Null when no competition has two
 * free sides at that time.
 */
export function demoFixture(
  sport: SportKey,
  startsAt: Date,
  random: () => number,
  feedRef: string,
  live = false,
  bookings: Booking[] = [],
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
): Fixture | null {
  const busy = busySides(sport, startsAt, bookings);
  const open = COMPETITIONS[sport]
    .map((competition) => ({ competition, free: competition.sides.filter((side) => !busy.has(side)) }))
    .filter(({ free }) => free.length >= 2);
  if (!open.length) return null;
  const { competition, free } = open[Math.floor(random() * open.length)];
  const home = free[Math.floor(random() * free.length)];
  let away = home;
  while (away === home) away = free[Math.floor(random() * free.length)];
  const strength: [number, number] =
    sport === 'football' ? [0.9 + random() * 1.2, 0.6 + random() * 1.1] : sport === 'basketball' ? [100 + random() * 18, 98 + random() * 18] : [0.25 + random() * 0.5, 0];
  const state: DemoState = { strength, kickoff: startsAt.getTime(), durationMs: DURATION_MINUTES[sport] * 60_000 };
  const score = { home: 0, away: 0 };
  const cells = distribution(sport, state, score, 1);
  return {
    feedRef,
    sport,
    competition: { name: competition.name, country: competition.country },
    home,
    away,
    startsAt,
    status: live ? 'live' : 'scheduled',
    score: live ? score : null,
    clock: live ? clockOf(sport, state, score, startsAt.getTime()) : null,
    markets: marketLines(sport, state).map((market) => ({ ...market, ...quote(market.type, market.line, cells, margins) })),
    feedState: state,
  };
}

/**
 * A fixture kicking off at `earliest` or, when every side is busy then, at the first later
 * 5-minute step where two are free (a match in the future always finds one: the bookings end).
 */
export function scheduleDemoFixture(sport: SportKey, earliest: Date, random: () => number, feedRef: string, bookings: Booking[], margins: MarketMargins = DEFAULT_MARKET_MARGINS): Fixture {
  for (let startsAt = earliest; ; startsAt = new Date(startsAt.getTime() + 5 * 60_000)) {
    const fixture = demoFixture(sport, startsAt, random, feedRef, false, bookings, margins);
    if (fixture) return fixture;
  }
}

function clockOf(sport: SportKey, state: DemoState, score: EventScore, now: number): EventClock {
  const played = 1 - fractionLeft(state, now);
  switch (sport) {
    case 'football': {
      const minute = Math.min(90, Math.max(1, Math.ceil(played * 90)));
      return { period: minute <= 45 ? '1H' : '2H', minute, label: `${minute}'` };
    }
    case 'basketball': {
      const minute = Math.min(48, Math.max(1, Math.ceil(played * 48)));
      const quarter = Math.min(4, Math.floor((minute - 1) / 12) + 1);
      return { period: `Q${quarter}`, minute, label: `Q${quarter} ${minute - (quarter - 1) * 12}'` };
    }
    case 'tennis': {
      const set = Math.min(3, score.home + score.away + 1);
      const [h, a] = state.games ?? [0, 0];
      return { period: `S${set}`, minute: null, label: `Set ${set} · ${h}–${a}` };
    }
  }
}

/**
 * The built-in demo feed: keeps a few fixtures scheduled per sport, turns them live at kick-off,
 * plays them out in accelerated time (goals, baskets and sets drawn from the sides' strengths,
 * markets suspended after a goal or a set), re-prices every market from the score and the time
 * left, and publishes the final score, which settles the bets.
 */
type Running = Awaited<ReturnType<Book['runningEvents']>>;

export function createDemoFeed(deps: { book: Book; random?: () => number; margins?: () => Promise<MarketMargins> }): FeedAdapter {
  const random = deps.random ?? Math.random;

  async function topUp(sink: FeedSink, now: Date, running: Running, margins: MarketMargins) {
    const bookings: Booking[] = running.map((row) => ({ sport: row.sport, home: row.home, away: row.away, startsAt: row.startsAt }));
    for (const sport of Object.keys(COMPETITIONS) as SportKey[]) {
      // Fixtures still to start (those past their kick-off were just turned live).
      const upcoming = running.filter((row) => row.sport === sport && row.status === 'scheduled' && row.startsAt > now);
      let last = Math.max(now.getTime(), ...upcoming.map((row) => row.startsAt.getTime()));
      for (let n = upcoming.length; n < UPCOMING_PER_SPORT; n += 1) {
        last += (5 + Math.floor(random() * 25)) * 60_000;
        const earliest = new Date(Math.ceil(last / 60_000) * 60_000);
        const fixture = scheduleDemoFixture(sport, earliest, random, `demo:${sport}:${earliest.getTime()}:${Math.floor(random() * 1e9)}`, bookings, margins);
        last = fixture.startsAt.getTime();
        bookings.push({ sport, home: fixture.home, away: fixture.away, startsAt: fixture.startsAt });
        await sink.createEvent(fixture);
      }
    }
  }

  async function play(sink: FeedSink, now: number, row: Running[number], margins: MarketMargins) {
    let state = row.feedState as DemoState;
    if (!state?.strength) return;
    const score = { home: row.scoreHome ?? 0, away: row.scoreAway ?? 0 };
    const last = state.lastTick ?? Math.max(state.kickoff, now - 10_000);
    const dt = Math.max(0, now - last) / state.durationMs;
    let scored = false;
    if (row.status === 'live' && now - state.kickoff >= state.durationMs) {
      // Tennis needs a winner: a set still to play goes to the stronger side.
      if (row.sport === 'tennis' && score.home < 2 && score.away < 2) score[state.strength[0] >= 0.5 ? 'home' : 'away'] = 2;
      if (row.sport === 'basketball' && score.home === score.away) score.home += 2;
      await sink.publishResult(row.id, score);
      return;
    }
    if (row.status === 'live') {
      if (row.sport === 'football') {
        for (const side of ['home', 'away'] as const) {
          if (random() < state.strength[side === 'home' ? 0 : 1] * dt) {
            score[side] += 1;
            scored = true;
          }
        }
      } else if (row.sport === 'basketball') {
        score.home += Math.max(0, Math.round(state.strength[0] * dt + (random() - 0.5) * 4));
        score.away += Math.max(0, Math.round(state.strength[1] * dt + (random() - 0.5) * 4));
      } else if (random() < dt * GAMES_PER_MATCH) {
        // Tennis is played game by game: a set goes to the first to 6 games two clear, or 7-6 after a tiebreak.
        const games: [number, number] = [...(state.games ?? [0, 0])];
        games[random() < gameChance(state.strength[0]) ? 0 : 1] += 1;
        const [h, a] = games;
        const setWinner = (h >= 6 && h - a >= 2) || h === 7 ? 'home' : (a >= 6 && a - h >= 2) || a === 7 ? 'away' : null;
        state = { ...state, games: setWinner ? [0, 0] : games };
        if (setWinner) {
          score[setWinner] += 1;
          scored = true;
          if (score.home === 2 || score.away === 2) return sink.publishResult(row.id, score);
        }
      }
    }
    const next: DemoState = { ...state, lastTick: now, suspendedUntil: scored ? now + SUSPEND_MS : state.suspendedUntil };
    // The sides' form drifts a little, so prices move between goals too.
    if (row.status === 'live' && row.sport !== 'tennis') next.strength = [state.strength[0] * (0.98 + random() * 0.04), state.strength[1] * (0.98 + random() * 0.04)];
    const status = row.status === 'scheduled' ? 'live' : undefined;
    const cells = distribution(row.sport, next, score, fractionLeft(next, now));
    const markets = (await deps.book.marketsOf(row.id)).filter((market) => market.status !== 'settled');
    const quotes = markets.map((market) => ({ market, ...quote(market.type, market.line, cells, margins) }));
    // Lines the new score decides close before the score is shown, so none takes a bet at its old price.
    const closing = quotes.filter((q) => q.status === 'suspended' && q.market.status === 'open').map((q) => ({ marketId: q.market.id, status: 'suspended' as const }));
    if (scored) await sink.suspendEvent(row.id);
    else if (closing.length) await sink.updateMarkets(row.id, closing);
    await sink.updateEvent(row.id, { status, score, clock: clockOf(row.sport, next, score, now), feedState: next as unknown as Record<string, unknown> });
    if (scored || (next.suspendedUntil && next.suspendedUntil > now)) return;
    await sink.updateMarkets(
      row.id,
      quotes.filter((q) => q.status === 'open').map((q) => ({ marketId: q.market.id, odds: q.odds, status: 'open' as const })),
    );
  }

  /**
   * Calls off the demo's own fixtures that double-book a participant (made before the feed kept
   * sides free, or by two processes at once): of two overlapping matches sharing a side, the one
   * kicking off later is cancelled (its bets void, stakes back) and the schedule refills.
   * Fixtures an operator made by hand are never called off. Answers the rows still running.
   */
  async function unbook(sink: FeedSink, running: Running): Promise<Running> {
    const demoMade = (row: Running[number]) => /^(demo|seed):/.test(row.feedRef);
    const kept: Running = [];
    const order = [...running].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
    for (const row of order) {
      const clash = kept.some((other) => other.sport === row.sport && overlaps(row.sport, other.startsAt, row.startsAt) && [other.home, other.away].some((side) => side === row.home || side === row.away));
      if (clash && demoMade(row)) await sink.cancelEvent(row.id);
      else kept.push(row);
    }
    return kept;
  }

  return {
    name: 'demo',
    async tick(sink, at) {
      const running = await unbook(sink, await deps.book.runningEvents());
      const margins = (await deps.margins?.()) ?? DEFAULT_MARKET_MARGINS;
      const now = at.getTime();
      for (const row of running) {
        if (row.status === 'live' || row.startsAt.getTime() <= now) await play(sink, now, row, margins);
      }
      await topUp(sink, at, running, margins);
    },
  };
}

import type { EventClock, EventScore, MarketType, SelectionKey, SportKey } from '../../../contract/betting.ts';
import type { Book, Fixture, FixtureMarket, MarketUpdate } from './book.ts';
import { basketballDistribution, bookOdds, fairOdds, footballDistribution, SELECTION_KEYS_OF, tennisDistribution, type ScoreDistribution } from './markets.ts';

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

/** The bookmaker's margin on every market of the demo feed. */
export const DEMO_MARGIN = 0.05;
/** Real minutes a demo match lasts from kick-off to the final whistle. */
const DURATION_MINUTES: Record<SportKey, number> = { football: 20, basketball: 16, tennis: 15 };
/** How long markets stay suspended after a goal or a set. */
const SUSPEND_MS = 15_000;
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

function price(type: MarketType, line: number | null, cells: ScoreDistribution): Partial<Record<SelectionKey, number>> {
  return Object.fromEntries(SELECTION_KEYS_OF[type].map((key) => [key, bookOdds(fairOdds(type, key, line, cells), DEMO_MARGIN)]));
}

/** A new demo fixture: two sides of one competition, strengths drawn, markets priced. */
export function demoFixture(sport: SportKey, startsAt: Date, random: () => number, feedRef: string, live = false): Fixture {
  const competitions = COMPETITIONS[sport];
  const competition = competitions[Math.floor(random() * competitions.length)];
  const home = competition.sides[Math.floor(random() * competition.sides.length)];
  let away = home;
  while (away === home) away = competition.sides[Math.floor(random() * competition.sides.length)];
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
    markets: marketLines(sport, state).map((market) => ({ ...market, odds: price(market.type, market.line, cells) })),
    feedState: state,
  };
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
      return { period: `S${set}`, minute: null, label: `Set ${set}` };
    }
  }
}

/**
 * The built-in demo feed: keeps a few fixtures scheduled per sport, turns them live at kick-off,
 * plays them out in accelerated time (goals, baskets and sets drawn from the sides' strengths,
 * markets suspended after a goal or a set), re-prices every market from the score and the time
 * left, and publishes the final score, which settles the bets.
 */
export function createDemoFeed(deps: { book: Book; random?: () => number }): FeedAdapter {
  const random = deps.random ?? Math.random;

  async function topUp(sink: FeedSink, now: Date, running: Awaited<ReturnType<Book['runningEvents']>>) {
    for (const sport of Object.keys(COMPETITIONS) as SportKey[]) {
      // Fixtures still to start (those past their kick-off were just turned live).
      const upcoming = running.filter((row) => row.sport === sport && row.status === 'scheduled' && row.startsAt > now);
      let last = Math.max(now.getTime(), ...upcoming.map((row) => row.startsAt.getTime()));
      for (let n = upcoming.length; n < UPCOMING_PER_SPORT; n += 1) {
        last += (5 + Math.floor(random() * 25)) * 60_000;
        const startsAt = new Date(Math.ceil(last / 60_000) * 60_000);
        await sink.createEvent(demoFixture(sport, startsAt, random, `demo:${sport}:${startsAt.getTime()}:${Math.floor(random() * 1e9)}`));
      }
    }
  }

  async function play(sink: FeedSink, now: number, row: Awaited<ReturnType<Book['runningEvents']>>[number]) {
    const state = row.feedState as DemoState;
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
      } else if (random() < dt * 2.5) {
        score[random() < state.strength[0] ? 'home' : 'away'] += 1;
        scored = true;
        if (score.home === 2 || score.away === 2) return sink.publishResult(row.id, score);
      }
    }
    const next: DemoState = { ...state, lastTick: now, suspendedUntil: scored ? now + SUSPEND_MS : state.suspendedUntil };
    // The sides' form drifts a little, so prices move between goals too.
    if (row.status === 'live' && row.sport !== 'tennis') next.strength = [state.strength[0] * (0.98 + random() * 0.04), state.strength[1] * (0.98 + random() * 0.04)];
    const status = row.status === 'scheduled' ? 'live' : undefined;
    await sink.updateEvent(row.id, { status, score, clock: clockOf(row.sport, next, score, now), feedState: next as unknown as Record<string, unknown> });
    if (scored) return sink.suspendEvent(row.id);
    if (next.suspendedUntil && next.suspendedUntil > now) return;
    const cells = distribution(row.sport, next, score, fractionLeft(next, now));
    await sink.updateMarkets(
      row.id,
      (await deps.book.marketsOf(row.id))
        .filter((market) => market.status !== 'settled')
        .map((market) => ({ marketId: market.id, odds: price(market.type, market.line, cells), status: 'open' as const })),
    );
  }

  return {
    name: 'demo',
    async tick(sink, at) {
      const running = await deps.book.runningEvents();
      const now = at.getTime();
      for (const row of running) {
        if (row.status === 'live' || row.startsAt.getTime() <= now) await play(sink, now, row);
      }
      await topUp(sink, at, running);
    },
  };
}

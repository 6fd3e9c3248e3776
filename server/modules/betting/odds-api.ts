import { SPORTS, type EventScore, type MarketType, type SelectionKey, type SportKey } from '../../../contract/betting.ts';
import { DEFAULT_MARKET_MARGINS, type MarketMargins } from '../../../contract/betting-margins.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Book, Fixture, FixtureMarket, MarketUpdate } from './book.ts';
import type { FeedAdapter, FeedSink } from './feed.ts';
import { bookOdds, isQuotable } from './markets.ts';

/**
 * A real odds feed: The Odds API, version 4 (https://the-odds-api.com/liveapi/guides/v4/), a
 * public REST API that quotes many bookmakers (docs/betting.md, "A real feed"). Pull, not push:
 * every `pollSeconds` it reads each configured competition's odds (h2h, spreads, totals in
 * decimal) and scores, and writes through the same FeedSink as the demo feed.
 *
 * - Prices: the bookmakers' prices of a market are stripped of their own margin (each book's
 *   implied chances scaled to sum to 1), averaged into a fair chance per selection, and quoted with
 *   the book's margin for that market type (`bettingMargins`), as the demo feed does. A market no
 *   bookmaker quotes any more, or whose price would sit at a bound, is suspended.
 * - Lines: an event's handicap and total markets take the line most bookmakers quote when it is
 *   first seen; later prices come from the bookmakers still quoting that line.
 * - Live and results: past its start an event is live; the scores endpoint gives the score, and a
 *   completed event's final score is published, which settles its bets.
 */
export type OddsApiCompetition = { key: string; sport: SportKey; country: string };
export type OddsApiConfig = {
  baseUrl: string;
  apiKey: string;
  competitions: OddsApiCompetition[];
  /** Bookmaker regions (`eu`, `uk`, `us`, `au`), comma-separated. */
  regions: string;
  /** Seconds between two reads: each read of odds costs quota (markets x regions per competition). */
  pollSeconds: number;
};

/**
 * `ODDS_API_COMPETITIONS` as `key:sport:country` items separated by commas
 * (`soccer_epl:football:England,basketball_nba:basketball:USA`); throws naming a bad item.
 */
export function parseCompetitions(text: string): OddsApiCompetition[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [key, sport, ...country] = item.split(':');
      if (!key || !/^[a-z0-9_]+$/.test(key) || !(SPORTS as readonly string[]).includes(sport ?? '') || !country.join(':').trim()) {
        throw new Error(`"${item}" is not key:sport:country (sport one of ${SPORTS.join(', ')})`);
      }
      return { key, sport: sport as SportKey, country: country.join(':').trim() };
    });
}

// The API's answers (only the fields used here).
type ApiOutcome = { name: string; price: number; point?: number };
type ApiMarket = { key: string; outcomes: ApiOutcome[] };
type ApiEvent = { id: string; sport_key: string; sport_title?: string; commence_time: string; home_team: string; away_team: string; bookmakers: Array<{ key: string; markets: ApiMarket[] }> };
type ApiScore = { id: string; completed: boolean; home_team: string; away_team: string; scores: Array<{ name: string; score: string }> | null };

/** A market as the API's bookmakers quote it: the selections' fair chances and the line. */
type Consensus = { type: MarketType; line: number | null; chances: Partial<Record<SelectionKey, number>> };

const FEED_REF = 'oddsapi:';

/** Each bookmaker's chances for one market and line, margin removed, averaged over the bookmakers. */
function consensus(event: ApiEvent, apiKey: 'h2h' | 'spreads' | 'totals', sport: SportKey, line?: number | null): Consensus | null {
  const quotes: Array<{ line: number | null; chances: Partial<Record<SelectionKey, number>> }> = [];
  for (const bookmaker of event.bookmakers) {
    const market = bookmaker.markets.find((m) => m.key === apiKey);
    if (!market) continue;
    const keyed = market.outcomes.map((outcome) => ({ key: selectionOf(apiKey, outcome, event), price: outcome.price, point: outcome.point }));
    if (keyed.some((outcome) => outcome.key === null || !(outcome.price > 1))) continue;
    // Lines in hundredths, as the book keeps them: the home side's handicap, the total's points.
    const at = apiKey === 'h2h' ? null : Math.round(((apiKey === 'spreads' ? keyed.find((o) => o.key === 'home')?.point : keyed[0].point) ?? NaN) * 100);
    if (at !== null && !Number.isFinite(at)) continue;
    const implied = keyed.reduce((sum, outcome) => sum + 1 / outcome.price, 0);
    quotes.push({ line: at, chances: Object.fromEntries(keyed.map((outcome) => [outcome.key, 1 / outcome.price / implied])) });
  }
  if (!quotes.length) return null;
  // The line asked for, or the one most bookmakers quote.
  const counts = new Map<number | null, number>();
  for (const quote of quotes) counts.set(quote.line, (counts.get(quote.line) ?? 0) + 1);
  const chosen = line !== undefined ? line : [...counts.entries()].sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))[0][0];
  const onLine = quotes.filter((quote) => quote.line === chosen);
  if (!onLine.length) return null;
  const keys = Object.keys(onLine[0].chances) as SelectionKey[];
  const chances = Object.fromEntries(keys.map((key) => [key, onLine.reduce((sum, quote) => sum + (quote.chances[key] ?? 0), 0) / onLine.length]));
  const type: MarketType = apiKey === 'h2h' ? (keys.includes('draw') ? '1x2' : 'match_winner') : apiKey === 'spreads' ? 'handicap' : 'total';
  if (type === '1x2' && sport !== 'football') return null;
  return { type, line: chosen, chances };
}

function selectionOf(apiKey: string, outcome: ApiOutcome, event: ApiEvent): SelectionKey | null {
  if (apiKey === 'totals') return outcome.name === 'Over' ? 'over' : outcome.name === 'Under' ? 'under' : null;
  if (outcome.name === event.home_team) return 'home';
  if (outcome.name === event.away_team) return 'away';
  return apiKey === 'h2h' && outcome.name === 'Draw' ? 'draw' : null;
}

/** Our quote of a consensus: odds with the type's margin, open only when every price is quotable. */
function priced(market: Consensus, margins: MarketMargins): { odds: Partial<Record<SelectionKey, number>>; status: 'open' | 'suspended' } {
  const margin = margins[market.type] / 100;
  const entries = Object.entries(market.chances) as Array<[SelectionKey, number]>;
  const odds = Object.fromEntries(entries.map(([key, chance]) => [key, bookOdds(1 / chance, margin)]));
  return { odds, status: entries.every(([, chance]) => isQuotable(1 / chance, margin)) ? 'open' : 'suspended' };
}

const API_MARKETS = ['h2h', 'totals', 'spreads'] as const;

function scoreOf(row: ApiScore): EventScore | null {
  if (!row.scores) return null;
  const of = (team: string) => Number(row.scores!.find((entry) => entry.name === team)?.score);
  const score = { home: of(row.home_team), away: of(row.away_team) };
  return Number.isInteger(score.home) && Number.isInteger(score.away) && score.home >= 0 && score.away >= 0 ? score : null;
}

export function createOddsApiFeed(deps: { book: Book; config: OddsApiConfig; margins?: () => Promise<MarketMargins>; logger?: Logger; fetch?: typeof fetch }): FeedAdapter {
  const { config } = deps;
  const get = deps.fetch ?? fetch;
  let lastPoll = 0;
  /** Events this process has called off or suspended for being gone from the API, so it does it once. */
  const gone = new Set<number>();

  async function read<T>(path: string, query: Record<string, string>): Promise<T | null> {
    const url = new URL(path, config.baseUrl);
    for (const [name, value] of Object.entries({ ...query, apiKey: config.apiKey })) url.searchParams.set(name, value);
    const response = await get(url, { signal: AbortSignal.timeout(10_000) });
    const remaining = response.headers.get('x-requests-remaining');
    if (!response.ok) {
      // A bad key, an exhausted quota or an outage: the book keeps its prices and the next poll tries again.
      deps.logger?.warn({ status: response.status, path, remaining }, 'odds api refused a read');
      return null;
    }
    if (remaining !== null && Number(remaining) < 100) deps.logger?.warn({ remaining }, 'odds api quota running low');
    return (await response.json()) as T;
  }

  async function competitionTick(sink: FeedSink, competition: OddsApiCompetition, now: Date, margins: MarketMargins, running: Awaited<ReturnType<Book['runningEvents']>>) {
    const odds = await read<ApiEvent[]>(`/v4/sports/${competition.key}/odds`, { regions: config.regions, markets: API_MARKETS.join(','), oddsFormat: 'decimal', dateFormat: 'iso' });
    const scores = await read<ApiScore[]>(`/v4/sports/${competition.key}/scores`, { daysFrom: '1', dateFormat: 'iso' });
    if (!odds) return;
    const seen = new Set<string>();
    for (const event of odds) {
      const feedRef = `${FEED_REF}${event.id}`;
      seen.add(feedRef);
      const startsAt = new Date(event.commence_time);
      if (Number.isNaN(startsAt.getTime())) continue;
      const existing = running.find((row) => row.feedRef === feedRef);
      const quotes = API_MARKETS.map((key) => consensus(event, key, competition.sport)).filter((quote): quote is Consensus => quote !== null);
      if (!existing) {
        if (!quotes.length) continue;
        const markets: FixtureMarket[] = quotes.map((quote) => ({ type: quote.type, line: quote.line, main: true, ...priced(quote, margins) }));
        const fixture: Fixture = {
          feedRef,
          sport: competition.sport,
          competition: { name: event.sport_title ?? competition.key, country: competition.country },
          home: event.home_team,
          away: event.away_team,
          startsAt,
          status: startsAt <= now ? 'live' : 'scheduled',
          score: startsAt <= now ? { home: 0, away: 0 } : null,
          markets,
        };
        await sink.createEvent(fixture);
        continue;
      }
      gone.delete(existing.id);
      if (existing.status === 'scheduled' && startsAt <= now) await sink.updateEvent(existing.id, { status: 'live', score: { home: 0, away: 0 } });
      // Each market priced again on its own line, from the bookmakers still quoting it.
      const updates: MarketUpdate[] = [];
      for (const market of await deps.book.marketsOf(existing.id)) {
        if (market.status === 'settled') continue;
        const apiKey = market.type === 'total' ? 'totals' : market.type === 'handicap' ? 'spreads' : 'h2h';
        const quote = consensus(event, apiKey, competition.sport, market.line);
        if (!quote || quote.type !== market.type) {
          if (market.status === 'open') updates.push({ marketId: market.id, status: 'suspended' });
          continue;
        }
        updates.push({ marketId: market.id, ...priced(quote, margins) });
      }
      if (updates.length) await sink.updateMarkets(existing.id, updates);
    }

    for (const row of scores ?? []) {
      const existing = running.find((event) => event.feedRef === `${FEED_REF}${row.id}`);
      const score = scoreOf(row);
      if (!existing || !score) continue;
      if (row.completed) await sink.publishResult(existing.id, score);
      else if (score.home !== existing.scoreHome || score.away !== existing.scoreAway) await sink.updateEvent(existing.id, { status: 'live', score });
    }

    // An event of this competition the API no longer lists, before any result: its markets close.
    for (const row of running) {
      const ours = row.feedRef.startsWith(FEED_REF) && row.sport === competition.sport && !seen.has(row.feedRef);
      const finished = scores?.some((score) => `${FEED_REF}${score.id}` === row.feedRef && score.completed);
      if (ours && !finished && !gone.has(row.id)) {
        gone.add(row.id);
        await sink.suspendEvent(row.id);
      }
    }
  }

  return {
    name: 'odds-api',
    async tick(sink, now) {
      if (now.getTime() - lastPoll < config.pollSeconds * 1000) return;
      lastPoll = now.getTime();
      const running = await deps.book.runningEvents();
      // The demo's own fixtures have no feed to play them now: called off once (their bets void, stakes back).
      for (const row of running) {
        if (/^(demo|seed):/.test(row.feedRef) && !gone.has(row.id)) {
          gone.add(row.id);
          await sink.cancelEvent(row.id);
        }
      }
      const margins = (await deps.margins?.()) ?? DEFAULT_MARKET_MARGINS;
      for (const competition of config.competitions) {
        try {
          await competitionTick(sink, competition, now, margins, running);
        } catch (error) {
          // One competition's failure (a timeout, a malformed answer) does not stop the others.
          deps.logger?.warn({ err: error, competition: competition.key }, 'odds api read failed');
        }
      }
    },
  };
}

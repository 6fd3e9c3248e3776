/**
 * The sportsbook (docs/betting.md): what the pages and the server agree on. Sports, competitions,
 * events, markets and selections; the bet slip; bets; the typed errors; the live events.
 *
 * Odds travel as decimal strings ("2.15", "1.875") and are integer thousandths everywhere else
 * (database, maths): `parseOdds` / `formatOdds` convert. Money in answers is decimal major units
 * ("10.00") with the currency, like the rest of the API; stakes are sent the same way. The return
 * of a bet is computed here, once, in integers (`betReturn`), so the slip shows exactly what the
 * server will pay.
 */
import type { CurrencyCode } from './money.ts';

// ---------------------------------------------------------------------------------------------
// Catalogue: sports, competitions, events, markets, selections

export const SPORTS = ['football', 'tennis', 'basketball'] as const;
export type SportKey = (typeof SPORTS)[number];

/** A sport in the sportsbook's menu, with how many events it offers now. */
export type SportView = { key: SportKey; name: string; live: number; upcoming: number };

export type CompetitionView = { id: number; sport: SportKey; name: string; country: string };

/**
 * scheduled: pre-match, bets taken until kick-off; live: in play (bets taken on open markets);
 * ended: final whistle, results waiting to be settled; settled: every market settled;
 * cancelled: called off, every bet on it void.
 */
export const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'settled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The score: goals (football), sets (tennis), points (basketball). */
export type EventScore = { home: number; away: number };

/**
 * Where a live game stands. `period`: football '1H' | 'HT' | '2H'; basketball 'Q1'..'Q4';
 * tennis 'S1'..'S5'. `minute`: the match minute (football) or minutes played (basketball);
 * null for tennis. `label` is ready to show ("67'", "Q3 31'", "Set 2").
 */
export type EventClock = { period: string; minute: number | null; label: string };

/**
 * 1x2: home / draw / away (football); match_winner: home / away (tennis, basketball, overtime
 * included); total: over / under `line`; handicap: home / away with `line` added to the home
 * side's score (the away side gets the opposite): a half line (-1.5) has no push, a whole line
 * (-1) voids on a tie, a quarter line (-0.25, -0.75: Asian) splits the stake into two halves on
 * the two nearest lines, which settles as half won or half lost.
 */
export const MARKET_TYPES = ['1x2', 'match_winner', 'total', 'handicap'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/** open: bets taken; suspended: odds frozen, bets refused (a goal, a VAR check); settled: resulted. */
export const MARKET_STATUSES = ['open', 'suspended', 'settled'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const SELECTION_KEYS = ['home', 'draw', 'away', 'over', 'under'] as const;
export type SelectionKey = (typeof SELECTION_KEYS)[number];

/** How a selection settled. half_won / half_lost only on quarter handicap or total lines. */
export const SELECTION_RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type SelectionResult = (typeof SELECTION_RESULTS)[number];

export type SelectionView = {
  id: number;
  key: SelectionKey;
  /** Ready to show: the team's name, "Draw", "Over 2.5", "Arsenal -0.75". */
  name: string;
  /** Decimal odds, e.g. "2.15". */
  odds: string;
  /** Set once the market is settled. */
  result: SelectionResult | null;
};

export type MarketView = {
  id: number;
  event_id: number;
  type: MarketType;
  /** The line of a total or handicap market ("2.5", "-0.75"); null for 1x2 and match_winner. */
  line: string | null;
  /** Ready to show: "Match result", "Total goals 2.5", "Asian handicap -0.75". */
  name: string;
  status: MarketStatus;
  /** Grows with every change of odds or status: a live message older than the page's is skipped. */
  version: number;
  selections: SelectionView[];
};

export type EventView = {
  id: number;
  sport: SportKey;
  competition: { id: number; name: string; country: string };
  home: string;
  away: string;
  starts_at: string;
  status: EventStatus;
  /** null before kick-off. */
  score: EventScore | null;
  /** null unless live. */
  clock: EventClock | null;
  /** betting/getEvents: the main markets (1x2 or match_winner, the main total and handicap); betting/getEvent: all. */
  markets: MarketView[];
  /** How many markets the event has in all (the "+12" of a list row). */
  markets_count: number;
};

// ---------------------------------------------------------------------------------------------
// Odds arithmetic (integers only)

/** Odds are kept as integer thousandths: 2.15 -> 2150. */
export const ODDS_SCALE = 1000;
/** The smallest and largest odds a selection can carry. */
export const MIN_ODDS = 1010;
export const MAX_ODDS = 1_000_000;

/** "2.15" -> 2150; null unless a plain decimal with at most 3 decimals within MIN_ODDS..MAX_ODDS. */
export function parseOdds(text: string): number | null {
  const match = /^([0-9]{1,4})(?:\.([0-9]{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * ODDS_SCALE + Number((match[2] ?? '').padEnd(3, '0'));
  return value >= MIN_ODDS && value <= MAX_ODDS ? value : null;
}

/** 2150 -> "2.15", 1875 -> "1.875", 3000 -> "3.00": at least two decimals, three when needed. */
export function formatOdds(thousandths: number): string {
  const whole = Math.floor(thousandths / ODDS_SCALE);
  const fraction = String(thousandths % ODDS_SCALE).padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

/**
 * The combined odds of an accumulator shown on the slip: the product of the legs' odds, cut (not
 * rounded) to thousandths. Only for display: the return is computed from the exact product.
 */
export function combinedOdds(odds: readonly number[]): string {
  let numerator = 1n;
  for (const value of odds) numerator *= BigInt(value);
  const thousandths = numerator / BigInt(ODDS_SCALE) ** BigInt(Math.max(odds.length - 1, 0));
  return formatOdds(Number(thousandths));
}

/**
 * One leg's factor as a fraction over 2 * ODDS_SCALE (half results need the extra 2):
 * won: odds, lost: 0, void: 1, half_won: (odds + 1) / 2, half_lost: 1/2. A leg still open counts as won
 * (the potential return).
 */
export function legFactor(odds: number, result: SelectionResult | null): bigint {
  switch (result) {
    case null:
    case 'won':
      return BigInt(2 * odds);
    case 'lost':
      return 0n;
    case 'void':
      return BigInt(2 * ODDS_SCALE);
    case 'half_won':
      return BigInt(odds + ODDS_SCALE);
    case 'half_lost':
      return BigInt(ODDS_SCALE);
  }
}

export type ReturnInput = {
  /** Minor units. */
  stake: bigint;
  legs: ReadonlyArray<{ odds: number; result: SelectionResult | null }>;
  /** Odds boost: this percent is added to the winnings (the part above the stake). */
  boostPercent?: number;
  /** Free bet: the stake is not paid back, only the winnings. */
  freeBet?: boolean;
};

/**
 * What a bet pays back, in minor units, exactly: stake x the product of the legs' factors, cut
 * down to the minor unit once at the end (never per leg). With an odds boost the winnings grow
 * by boostPercent (cut once too); with a free bet the stake is taken off the return. A single is
 * a one-leg accumulator. Open legs count as won, so this is also the potential return.
 */
export function betReturn(input: ReturnInput): bigint {
  let numerator = input.stake;
  let denominator = 1n;
  for (const leg of input.legs) {
    numerator *= legFactor(leg.odds, leg.result);
    denominator *= BigInt(2 * ODDS_SCALE);
  }
  if (input.boostPercent && numerator > input.stake * denominator) {
    const winnings = numerator - input.stake * denominator;
    numerator += (winnings * BigInt(input.boostPercent)) / 100n;
  }
  const gross = numerator / denominator;
  if (input.freeBet) return gross > input.stake ? gross - input.stake : 0n;
  return gross;
}

// ---------------------------------------------------------------------------------------------
// The bet slip

/**
 * When the odds moved between what the player saw and placement: any: take the current odds;
 * higher: take them when they are at least the seen ones, refuse otherwise; ask: refuse any
 * change (ODDS_CHANGED with the new odds; the slip shows them and the player confirms again).
 */
export const ODDS_CHANGE_POLICIES = ['any', 'higher', 'ask'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];

export const BET_KINDS = ['single', 'accumulator'] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** Slip limits, in minor units of the player's currency (docs/betting.md). */
export const BET_LIMITS = {
  minStake: 10n,
  maxStake: 500_000n,
  /** A bet whose potential return is above this is refused (STAKE_TOO_HIGH, details.max_stake). */
  maxReturn: 10_000_000n,
  minLegs: 2,
  maxLegs: 12,
} as const;

/** A slip leg: the selection and the odds the player saw on it. */
export type BetSlipLeg = { selection_id: number; odds: string };

/** betting/placeBet's input: one bet (a slip of singles places each one by one). */
export type PlaceBetInput = {
  kind: BetKind;
  /** One leg for a single; 2..12 legs on different events for an accumulator. */
  legs: BetSlipLeg[];
  /** Decimal major units, e.g. "10.00". Ignored (the free bet's amount is the stake) with a free bet. */
  stake: string;
  odds_change: OddsChangePolicy;
  /** An active betting bonus of bettingBonuses/get: a free bet (the stake) or an odds boost. */
  bonus_id?: number;
  /**
   * The slip's idempotency key (a UUID made when the player pressed Place bet): a repeat answers
   * the same bet, nothing moves twice.
   */
  request_id: string;
};

/** betting/getSlip's answer for each asked selection: its current odds and whether it takes bets. */
export type SlipSelectionView = {
  selection_id: number;
  odds: string;
  market_status: MarketStatus;
  /** False when the market is suspended or settled or the event no longer takes bets. */
  available: boolean;
  market: MarketView;
  event: Pick<EventView, 'id' | 'sport' | 'home' | 'away' | 'starts_at' | 'status' | 'score' | 'clock'>;
};

// ---------------------------------------------------------------------------------------------
// Bets

/** open: waiting for results; won / half_won / lost / half_lost / void: settled; cashed_out. */
export const BET_STATUSES = ['open', 'won', 'half_won', 'lost', 'half_lost', 'void', 'cashed_out'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export type BetLegView = {
  selection_id: number;
  market_id: number;
  event_id: number;
  sport: SportKey;
  competition: string;
  /** "Arsenal v Chelsea". */
  event_name: string;
  starts_at: string;
  event_status: EventStatus;
  score: EventScore | null;
  market_type: MarketType;
  market_name: string;
  selection_name: string;
  /** The odds locked at placement. */
  odds: string;
  /** null while the leg is open. */
  result: SelectionResult | null;
};

/** The bet's cash-out offer now (docs/betting.md: stake x locked odds / current odds x (1 - margin)). */
export type CashOutOffer = { available: boolean; amount: string | null };

export type BetView = {
  id: number;
  kind: BetKind;
  status: BetStatus;
  currency: CurrencyCode;
  stake: string;
  /** Combined locked odds (boost included). */
  odds: string;
  /** cash: the main balance; free_bet: a free bet (its stake is not paid back). */
  funding: 'cash' | 'free_bet';
  bonus: { id: number; kind: 'free_bet' | 'odds_boost'; boost_percent: number | null } | null;
  /** What it pays if every open leg wins (the settled return once settled). */
  potential_return: string;
  /** What it paid (null while open). */
  return: string | null;
  legs: BetLegView[];
  /** Singles on an open market only; null otherwise. */
  cash_out: CashOutOffer | null;
  placed_at: string;
  settled_at: string | null;
  /** How many times the bet was settled: above 1 after a result correction. */
  settlement_version: number;
};

export type BetsPage = { items: BetView[]; total: number };

/**
 * The player's betting balance (docs/betting.md): main money (stakes of cash bets, and every
 * payout) plus the betting bonus balance (free bets). betting/getBalance.
 */
export type BettingBalance = { currency: CurrencyCode; main: string; betting_bonus: string; total: string };

// ---------------------------------------------------------------------------------------------
// API methods (docs/api.md)

export const BETTING_METHODS = {
  /** GET, guest: {items: SportView[]}. */
  sports: 'betting/getSports',
  /** GET, guest: {sport?, competition_id?, when?: 'live' | 'upcoming' | 'all', offset?, count?} -> {items: EventView[], total, competitions: CompetitionView[]}. */
  events: 'betting/getEvents',
  /** GET, guest: {id} -> EventView (all markets). */
  event: 'betting/getEvent',
  /** GET, guest: {ids: number[]} (selection ids, at most 12) -> {items: SlipSelectionView[]}. */
  slip: 'betting/getSlip',
  /** POST, player: PlaceBetInput -> BetView. */
  place: 'betting/placeBet',
  /** GET, player: {status?: 'open' | 'settled' | 'all', offset?, count?} -> BetsPage. */
  bets: 'betting/getBets',
  /** GET, player: {id} -> BetView. */
  bet: 'betting/getBet',
  /** POST, player: {bet_id, amount} (the offer the player saw) -> BetView (status cashed_out). */
  cashOut: 'betting/cashOut',
  /** GET, player: {} -> BettingBalance. */
  balance: 'betting/getBalance',
} as const;

export type BettingEventsQuery = { sport?: SportKey; competition_id?: number; when?: 'live' | 'upcoming' | 'all'; offset?: number; count?: number };
export type BettingEventsPage = { items: EventView[]; total: number; competitions: CompetitionView[] };

// ---------------------------------------------------------------------------------------------
// Typed errors

/**
 * Betting refusals. The API answers InvalidParameterException (422) with `fields` naming the
 * input ("legs.0.selection_id", "stake", "bonus_id", "bet_id", "amount") and `details.code` one
 * of these, plus the details listed.
 */
export const BET_ERRORS = [
  /** A selection or market that does not exist. */
  'SELECTION_NOT_FOUND',
  /** The market is suspended now: details.selection_id. */
  'MARKET_SUSPENDED',
  /** The market is settled or the event no longer takes bets: details.selection_id. */
  'MARKET_CLOSED',
  /** The odds moved against the slip's policy: details.legs [{selection_id, odds}] with the current odds. */
  'ODDS_CHANGED',
  /** Below BET_LIMITS.minStake: details.min_stake. */
  'STAKE_TOO_LOW',
  /** Above BET_LIMITS.maxStake, or the return above maxReturn: details.max_stake. */
  'STAKE_TOO_HIGH',
  /** The main (or, for a free bet, betting bonus) balance is short: details.balance. */
  'INSUFFICIENT_FUNDS',
  /** A responsible-gaming limit (loss, wager, self-exclusion) refuses it: details.limit. */
  'LIMIT_EXCEEDED',
  /** Two legs of one accumulator on the same event. */
  'SAME_EVENT',
  /** An accumulator with too few or too many legs, or a single with more than one: details.min_legs, max_legs. */
  'LEG_COUNT',
  /** The bonus is not an active betting bonus of this player, or does not fit this bet. */
  'BONUS_NOT_USABLE',
  /** Cash-out is not offered on this bet now. */
  'CASHOUT_UNAVAILABLE',
  /** The cash-out offer moved: details.amount is the new one. */
  'CASHOUT_CHANGED',
  /** No such bet of this player. */
  'BET_NOT_FOUND',
] as const;
export type BetErrorCode = (typeof BET_ERRORS)[number];

// ---------------------------------------------------------------------------------------------
// Live channel (decision 011): public topic for the book, the player's topic for their bets

export const BETTING_LIVE_EVENTS = {
  /** Public: a market's odds or status changed. Data: BettingOddsMessage. */
  odds: 'betting.odds',
  /** Public: an event's status, score or clock changed. Data: BettingEventMessage. */
  event: 'betting.event',
  /** The player's topic: one of their bets was placed, settled, resettled or cashed out. Data: BettingBetMessage. */
  bet: 'betting.bet',
} as const;

export type BettingOddsMessage = {
  event_id: number;
  markets: Array<{ id: number; status: MarketStatus; version: number; selections: Array<{ id: number; odds: string; result: SelectionResult | null }> }>;
};
export type BettingEventMessage = Pick<EventView, 'id' | 'status' | 'score' | 'clock'>;
export type BettingBetMessage = { bet_id: number; status: BetStatus; return: string | null; settlement_version: number };

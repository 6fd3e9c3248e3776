import type { EventScore, MarketType, SelectionKey, SelectionResult, SportKey } from '../../../contract/betting.ts';
import { MAX_ODDS, MIN_ODDS } from '../../../contract/betting.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { bettingText } from './texts.ts';

/**
 * Markets as rules: which selections a market has, how a final score settles each one, and their
 * names. Lines are integer hundredths (2.5 -> 250, -0.75 -> -75), so quarter lines are exact.
 */

export const SELECTION_KEYS_OF: Record<MarketType, SelectionKey[]> = {
  '1x2': ['home', 'draw', 'away'],
  match_winner: ['home', 'away'],
  total: ['over', 'under'],
  handicap: ['home', 'away'],
};

/** 250 -> "2.5", -75 -> "-0.75", 0 -> "0"; handicaps signed ("+0.5"). */
export function lineText(hundredths: number, signed = false): string {
  const sign = hundredths < 0 ? '-' : signed && hundredths > 0 ? '+' : '';
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const decimals = fraction === 0 ? '' : fraction % 10 === 0 ? `.${fraction / 10}` : `.${String(fraction).padStart(2, '0')}`;
  return `${sign}${whole}${decimals}`;
}

/** A quarter line (x.25, x.75) is two bets of half the stake on the lines either side. */
export const isQuarterLine = (hundredths: number) => Math.abs(hundredths) % 50 === 25;

/** One whole- or half-line outcome from the chosen side's margin in hundredths (line included). */
const sideOutcome = (margin: number): 'won' | 'lost' | 'void' => (margin > 0 ? 'won' : margin < 0 ? 'lost' : 'void');

function combineHalves(a: 'won' | 'lost' | 'void', b: 'won' | 'lost' | 'void'): SelectionResult {
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has('won') && pair.has('void')) return 'half_won';
  if (pair.has('lost') && pair.has('void')) return 'half_lost';
  // Adjacent lines a half apart cannot split won and lost; guard anyway: half of each.
  return 'half_lost';
}

/**
 * How a selection settles on a final score. A match_winner market on a tie (which our sports
 * settle with overtime or by sets, so only a corrected or cancelled result) voids.
 */
export function selectionResult(type: MarketType, key: SelectionKey, line: number | null, score: EventScore): SelectionResult {
  const diff = score.home - score.away;
  switch (type) {
    case '1x2':
      return (key === 'home' && diff > 0) || (key === 'away' && diff < 0) || (key === 'draw' && diff === 0) ? 'won' : 'lost';
    case 'match_winner':
      if (diff === 0) return 'void';
      return (key === 'home') === diff > 0 ? 'won' : 'lost';
    case 'total': {
      const total = (score.home + score.away) * 100;
      const at = (l: number) => sideOutcome(key === 'over' ? total - l : l - total);
      const l = line ?? 0;
      return isQuarterLine(l) ? combineHalves(at(l - 25), at(l + 25)) : at(l);
    }
    case 'handicap': {
      // The line is the home side's; the away side takes the opposite line.
      const at = (l: number) => sideOutcome(key === 'home' ? diff * 100 + l : -(diff * 100 + l));
      const l = line ?? 0;
      return isQuarterLine(l) ? combineHalves(at(l - 25), at(l + 25)) : at(l);
    }
  }
}

export function marketName(locale: LocaleCode, sport: SportKey, type: MarketType, line: number | null): string {
  switch (type) {
    case '1x2':
      return bettingText(locale, '1x2');
    case 'match_winner':
      return bettingText(locale, 'match_winner');
    case 'total':
      return bettingText(locale, `total_${sport}`, { line: lineText(line ?? 0) });
    case 'handicap':
      return bettingText(locale, line !== null && line % 50 !== 0 ? 'handicap' : 'asian_handicap', { line: lineText(line ?? 0, true) });
  }
}

export function selectionName(locale: LocaleCode, type: MarketType, key: SelectionKey, line: number | null, teams: { home: string; away: string }): string {
  switch (key) {
    case 'draw':
      return bettingText(locale, 'draw');
    case 'over':
      return bettingText(locale, 'over', { line: lineText(line ?? 0) });
    case 'under':
      return bettingText(locale, 'under', { line: lineText(line ?? 0) });
    case 'home':
    case 'away': {
      const team = teams[key];
      if (type !== 'handicap') return team;
      const own = key === 'home' ? (line ?? 0) : -(line ?? 0);
      return `${team} ${lineText(own, true)}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pricing: fair odds from a distribution of final scores, with the bookmaker's margin

/** A distribution of final scores: weights summing to 1. */
export type ScoreDistribution = Array<{ home: number; away: number; p: number }>;

/**
 * Fair decimal odds of a selection over a distribution, counting pushes: with w the chance it
 * wins, v a void, hw / hl half won / half lost, the fair price o solves
 * o(w + hw/2) + v + hw/2 + hl/2 = 1.
 */
export function fairOdds(type: MarketType, key: SelectionKey, line: number | null, distribution: ScoreDistribution): number {
  let win = 0;
  let back = 0;
  for (const cell of distribution) {
    const result = selectionResult(type, key, line, cell);
    if (result === 'won') win += cell.p;
    else if (result === 'void') back += cell.p;
    else if (result === 'half_won') {
      win += cell.p / 2;
      back += cell.p / 2;
    } else if (result === 'half_lost') back += cell.p / 2;
  }
  if (win <= 0) return Number.POSITIVE_INFINITY;
  return (1 - back) / win;
}

/**
 * Whether the score so far already fixes the market: every selection settles the same way on
 * every final score still possible (a total already passed, an Asian line the lead has already
 * covered, a match result with no time left to change it). Such a market has no price: it is
 * suspended until its result settles it.
 */
export function isDecided(type: MarketType, line: number | null, distribution: ScoreDistribution): boolean {
  return SELECTION_KEYS_OF[type].every((key) => {
    const results = new Set(distribution.map((cell) => selectionResult(type, key, line, cell)));
    return results.size <= 1;
  });
}

/** Whether a fair price is one the book can quote: its book price falls inside MIN_ODDS..MAX_ODDS without being cut to a bound. */
export function isQuotable(fair: number, margin: number): boolean {
  if (!Number.isFinite(fair)) return false;
  const thousandths = Math.round((fair / (1 + margin)) * 100) * 10;
  return thousandths > MIN_ODDS && thousandths < MAX_ODDS;
}

/**
 * The book's price in thousandths: the fair price shortened by `margin` (5%: odds / 1.05, so the
 * implied chances of a market sum to about 105%),
 * rounded to the hundredth the way books show them, within MIN_ODDS..MAX_ODDS. Floats are fine
 * here: they set a price, they never compute money (which uses the integer odds).
 */
export function bookOdds(fair: number, margin: number): number {
  if (!Number.isFinite(fair)) return MAX_ODDS;
  const price = fair / (1 + margin);
  const thousandths = Math.round(price * 100) * 10;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, thousandths));
}

const poisson = (lambda: number, k: number) => {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i += 1) p *= lambda / i;
  return p;
};

/** Football: independent Poisson goals for the time left, added to the score so far. */
export function footballDistribution(score: EventScore, homeRate: number, awayRate: number, fractionLeft: number): ScoreDistribution {
  const cells: ScoreDistribution = [];
  const lh = Math.max(homeRate * fractionLeft, 1e-6);
  const la = Math.max(awayRate * fractionLeft, 1e-6);
  for (let h = 0; h <= 10; h += 1) for (let a = 0; a <= 10; a += 1) cells.push({ home: score.home + h, away: score.away + a, p: poisson(lh, h) * poisson(la, a) });
  return normalize(cells);
}

/** Basketball: each side's points still to come as a normal spread, on a grid of whole points. */
export function basketballDistribution(score: EventScore, homeMean: number, awayMean: number, fractionLeft: number): ScoreDistribution {
  const cells: ScoreDistribution = [];
  const sd = Math.max(9 * Math.sqrt(fractionLeft), 0.5);
  const range = (mean: number) => {
    const from = Math.max(0, Math.floor(mean * fractionLeft - 4 * sd));
    const to = Math.ceil(mean * fractionLeft + 4 * sd);
    const points: Array<[number, number]> = [];
    for (let x = from; x <= to; x += 1) points.push([x, Math.exp(-((x - mean * fractionLeft) ** 2) / (2 * sd * sd))]);
    return points;
  };
  for (const [h, ph] of range(homeMean)) for (const [a, pa] of range(awayMean)) cells.push({ home: score.home + h, away: score.away + a, p: ph * pa });
  return normalize(cells);
}

/** Tennis, best of three sets: the home player takes each set with probability `setChance`. */
export function tennisDistribution(score: EventScore, setChance: number): ScoreDistribution {
  const cells: ScoreDistribution = [];
  const walk = (home: number, away: number, p: number) => {
    if (home === 2 || away === 2) return void cells.push({ home, away, p });
    walk(home + 1, away, p * setChance);
    walk(home, away + 1, p * (1 - setChance));
  };
  walk(score.home, score.away, 1);
  return normalize(cells);
}

function normalize(cells: ScoreDistribution): ScoreDistribution {
  const total = cells.reduce((sum, cell) => sum + cell.p, 0);
  return cells.filter((cell) => cell.p > 1e-9).map((cell) => ({ ...cell, p: cell.p / total }));
}

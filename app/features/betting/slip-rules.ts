import { CURRENCIES, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { compareOdds, parseDecimalOdds, ratioToDecimal, type Ratio } from './odds.ts';

/**
 * The bet slip's rules (docs/betting.md), pure so they are tested on their own: combined odds of
 * an accumulator, the potential return, stake validation, and what the odds-change policy lets
 * through without asking. The server checks all of it again at placement; these rules make the
 * slip say so before the player presses the button.
 */

/** A selection in the slip: `odds` is the price the player accepted, `current` the latest one seen. */
export type SlipPick = {
  selectionId: string;
  eventId: string;
  odds: string;
  current: string;
  suspended: boolean;
};

export const ODDS_CHANGE_POLICIES = ['ask', 'higher', 'any'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];
export const isOddsChangePolicy = (value: unknown): value is OddsChangePolicy =>
  typeof value === 'string' && (ODDS_CHANGE_POLICIES as readonly string[]).includes(value);

/** The product of the prices, exact; null when a price cannot be read or there is none. */
export function combinedRatio(prices: readonly string[]): Ratio | null {
  if (!prices.length) return null;
  let result: Ratio = { num: 1n, den: 1n };
  for (const price of prices) {
    const ratio = parseDecimalOdds(price);
    if (!ratio) return null;
    result = { num: result.num * ratio.num, den: result.den * ratio.den };
  }
  return result;
}

/** The accumulator's price as shown, two decimals ("1.50" x "2.00" x "3.10" -> "9.30"). */
export function combinedOdds(prices: readonly string[]): string | null {
  const ratio = combinedRatio(prices);
  return ratio ? ratioToDecimal(ratio, 2) : null;
}

/** What a winning bet pays back (stake included), in minor units, rounded down to the cent. */
export function potentialReturn(stakeMinor: bigint, prices: readonly string[]): bigint | null {
  const ratio = combinedRatio(prices);
  if (!ratio || stakeMinor <= 0n) return null;
  return (stakeMinor * ratio.num) / ratio.den;
}

/** An accumulator takes at least two selections, each from a different event. */
export function accumulatorProblem(picks: readonly Pick<SlipPick, 'eventId'>[]): 'tooFew' | 'sameEvent' | null {
  if (picks.length < 2) return 'tooFew';
  const events = new Set(picks.map((pick) => pick.eventId));
  return events.size < picks.length ? 'sameEvent' : null;
}

export type StakeBounds = {
  currency: CurrencyCode;
  /** Minor units. */
  min: bigint;
  max: bigint;
  /** What the player can stake from (minor units); null when unknown (a guest). */
  balance: bigint | null;
  /** What a responsible-gaming limit still lets through (minor units); null when none applies. */
  limitLeft?: bigint | null;
};

export type StakeProblem = 'required' | 'invalid' | 'min' | 'max' | 'balance' | 'limit';

/** The stake field's problem, or null when it may be placed. A free bet replaces the stake. */
export function stakeProblem(text: string, bounds: StakeBounds): StakeProblem | null {
  const value = text.trim().replace(',', '.');
  if (!value) return 'required';
  const minor = parseMajor(value, bounds.currency);
  if (minor === null) return 'invalid';
  if (minor < bounds.min) return 'min';
  if (minor > bounds.max) return 'max';
  if (bounds.limitLeft != null && minor > bounds.limitLeft) return 'limit';
  if (bounds.balance !== null && minor > bounds.balance) return 'balance';
  return null;
}

/** The stake text in minor units, or null when it cannot be read. */
export const stakeMinor = (text: string, currency: CurrencyCode): bigint | null => parseMajor(text.trim().replace(',', '.'), currency);

/** Minor units back to the stake field's text ("1050" EUR -> "10.50", "1000" -> "10"). */
export function minorToStake(minor: bigint, currency: CurrencyCode): string {
  const scale = 10n ** BigInt(CURRENCIES[currency].exponent);
  const whole = minor / scale;
  const part = minor % scale;
  return part === 0n ? String(whole) : `${whole}.${part.toString().padStart(CURRENCIES[currency].exponent, '0')}`;
}

export type OddsMove = 'up' | 'down' | null;

/** How the latest price moved from the accepted one. */
export function oddsMove(pick: Pick<SlipPick, 'odds' | 'current'>): OddsMove {
  const order = compareOdds(pick.current, pick.odds);
  return order > 0 ? 'up' : order < 0 ? 'down' : null;
}

/**
 * Whether the policy takes the new price without asking: "any" takes every change, "higher" takes
 * the rises only, "ask" takes none.
 */
export function policyAccepts(policy: OddsChangePolicy, move: OddsMove): boolean {
  if (move === null) return true;
  if (policy === 'any') return true;
  return policy === 'higher' && move === 'up';
}

/**
 * A new price arrives for a pick: the policy either takes it (odds follow), or it waits for the
 * player (odds stay, current moves, the slip highlights it with "Accept changes").
 */
export function applyPrice<T extends SlipPick>(pick: T, price: string, suspended: boolean, policy: OddsChangePolicy): T {
  const next = { ...pick, current: price, suspended };
  return policyAccepts(policy, oddsMove(next)) ? { ...next, odds: price } : next;
}

/** The picks whose change waits for the player's acceptance. */
export const pendingChanges = <T extends SlipPick>(picks: readonly T[], policy: OddsChangePolicy): T[] =>
  picks.filter((pick) => !policyAccepts(policy, oddsMove(pick)));

/** The player accepts every change: the accepted price becomes the latest one. */
export const acceptAll = <T extends SlipPick>(picks: readonly T[]): T[] => picks.map((pick) => ({ ...pick, odds: pick.current }));

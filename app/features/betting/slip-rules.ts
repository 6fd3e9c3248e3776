import {
  BET_LIMITS,
  ODDS_CHANGE_POLICIES,
  betReturn,
  combinedOdds as contractCombinedOdds,
  parseOdds,
  type OddsChangePolicy,
} from '../../../contract/betting.ts';
import { CURRENCIES, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { compareOdds } from './odds.ts';

/**
 * The bet slip's rules (docs/betting.md), pure so they are tested on their own: combined odds of
 * an accumulator, the potential return, stake validation, and what the odds-change policy lets
 * through without asking. The server checks all of it again at placement; these rules make the
 * slip say so before the player presses the button.
 */

/** A selection in the slip: `odds` is the price the player accepted, `current` the latest one seen. */
export type SlipPick = {
  selectionId: number;
  eventId: number;
  odds: string;
  current: string;
  suspended: boolean;
};

export { ODDS_CHANGE_POLICIES, type OddsChangePolicy };
export const isOddsChangePolicy = (value: unknown): value is OddsChangePolicy =>
  typeof value === 'string' && (ODDS_CHANGE_POLICIES as readonly string[]).includes(value);

/** The prices as the contract's thousandths; null when one cannot be read or there is none. */
function thousandths(prices: readonly string[]): number[] | null {
  const values = prices.map((price) => parseOdds(price));
  return values.length && values.every((value) => value !== null) ? (values as number[]) : null;
}

/** The accumulator's price as shown: the contract's product, cut to thousandths ("1.50" x "2.00" x "3.10" -> "9.30"). */
export function combinedOdds(prices: readonly string[]): string | null {
  const values = thousandths(prices);
  return values ? contractCombinedOdds(values) : null;
}

/** A betting bonus used on the slip: a free bet (the stake, not paid back) or an odds boost. */
export type SlipBonus = { kind: 'free_bet'; amount: bigint } | { kind: 'odds_boost'; boostPercent: number };

/**
 * What a winning bet pays back, in minor units: the contract's betReturn, byte for byte what the
 * server locks and pays (stake included, free bet's stake excluded, boost on the winnings).
 */
export function potentialReturn(stakeMinor: bigint, prices: readonly string[], bonus: SlipBonus | null = null): bigint | null {
  const values = thousandths(prices);
  const stake = bonus?.kind === 'free_bet' ? bonus.amount : stakeMinor;
  if (!values || stake <= 0n) return null;
  return betReturn({
    stake,
    legs: values.map((odds) => ({ odds, result: null })),
    boostPercent: bonus?.kind === 'odds_boost' ? bonus.boostPercent : undefined,
    freeBet: bonus?.kind === 'free_bet',
  });
}

/** An accumulator takes BET_LIMITS.minLegs..maxLegs selections, each from a different event. */
export function accumulatorProblem(picks: readonly Pick<SlipPick, 'eventId'>[]): 'tooFew' | 'tooMany' | 'sameEvent' | null {
  if (picks.length < BET_LIMITS.minLegs) return 'tooFew';
  if (picks.length > BET_LIMITS.maxLegs) return 'tooMany';
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
 * Whether the policy takes the new price without asking (as the server does at placement): "any"
 * takes every change, "higher" takes the rises only, "ask" takes none.
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

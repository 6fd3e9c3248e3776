/**
 * Croupier Hi-Lo (sysname croupier-hilo): a card is shown; the player guesses whether the next
 * card is higher or lower, skips it, or cashes out. The first right guess pays 0.99 / P(guess),
 * each later one multiplies by 1 / P(guess); a wrong guess loses the stake.
 *
 * Deck model: an infinite deck, as the well-known crypto Hi-Lo games deal. Every card is
 * `rng.int(52)` of the round's stream (blackjack's card codes, games/engines/blackjack/cards.ts:
 * rank = code % 13 with the ace lowest, 0, and the king highest, 12; suit = floor(code / 13)),
 * independent of the cards before it, so each of the 13 ranks has chance 1/13 every time.
 *
 * Guesses on a card of rank r (A = 0 ... K = 12), out of 13 equally likely next ranks:
 *   - A (r = 0): "higher" (12 ranks) or "same" (1): "lower or same" would only be "same".
 *   - K (r = 12): "lower" (12) or "same" (1).
 *   - 2 to Q: "higher or same" (13 - r ranks) or "lower or same" (r + 1).
 * The 1% edge is taken once a round, on the first right guess: right guesses of k1 ... kn ranks
 * make the multiplier 0.99 x 13/k1 x ... x 13/kn, exactly (a fraction of bigints). The first guess
 * returns k1/13 x 0.99 x 13/k1 = 0.99; each later one is fair (k/13 x 13/k = 1), so the payout is a
 * martingale from the first right guess on and every round returns 99% of the stake whatever the
 * player's guesses, skips and moment of cash-out. The payout is floor(stake x multiplier) in minor
 * units.
 *
 * Skips: up to MAX_SKIPS per round the player may replace the card by the next one without a
 * guess (the multiplier is unchanged). Cash-out needs at least one right guess. When the
 * multiplier reaches MAX_MULTIPLIER the round cashes out by itself.
 *
 * The next card is drawn only when the player acts: an open round's state holds no card the
 * player has not seen, so the whole state is public.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { rankOf, type Card } from '../blackjack/cards.ts';
import { assertStake, GameInputError } from '../common.ts';

export const HILO_SYSNAME = 'croupier-hilo';
export const RANKS = 13;
export const MAX_SKIPS = 5;
/** The round cashes out by itself at this multiplier or above. */
export const MAX_MULTIPLIER = 10_000;
/** 0.99, taken once a round (on its first right guess), as a fraction. */
const RTP_NUM = 99n;
const RTP_DEN = 100n;

export const HILO_GUESSES = ['higher', 'lower', 'same', 'higher_or_same', 'lower_or_same'] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];
export const HILO_ACTIONS = [...HILO_GUESSES, 'skip', 'cashout'] as const;
export type HiloAction = (typeof HILO_ACTIONS)[number];

export type HiloBet = { amount: bigint };

/** One card after the first: the guess (or skip) that drew it, its chance in 13ths, and whether it was right. */
export type HiloStep = { action: HiloGuess | 'skip'; ways: number; won: boolean | null };

export type HiloState = {
  game: typeof HILO_SYSNAME;
  bet: bigint;
  /** Every card drawn, in order: the first is the start card; steps[i] drew cards[i + 1]. */
  cards: Card[];
  steps: HiloStep[];
  skipsLeft: number;
  /** Right guesses so far. */
  correct: number;
  /** The running multiplier, truncated to 4 decimals (the payout uses the exact fraction). */
  multiplier: number;
  /** What a cash-out pays now: floor(bet x multiplier) (the stake before the first right guess; 0 once lost). */
  payout: bigint;
  /** playing: waits for the player; lost: a wrong guess; cashed: paid `win`. */
  phase: 'playing' | 'lost' | 'cashed';
  /** True when the round cashed out by itself at MAX_MULTIPLIER. */
  auto: boolean;
  win: bigint;
};

export function validateHiloBet(bet: unknown): HiloBet {
  const b = bet as Partial<HiloBet> | null;
  assertStake(b?.amount);
  return { amount: b.amount };
}

/** The two guesses offered on a card of rank r. */
export function guessesFor(rank: number): [HiloGuess, HiloGuess] {
  if (rank === 0) return ['higher', 'same'];
  if (rank === RANKS - 1) return ['lower', 'same'];
  return ['higher_or_same', 'lower_or_same'];
}

/** How many of the 13 ranks make `guess` right on a card of rank r. */
export function waysOf(guess: HiloGuess, rank: number): number {
  switch (guess) {
    case 'higher':
      return RANKS - 1 - rank;
    case 'lower':
      return rank;
    case 'same':
      return 1;
    case 'higher_or_same':
      return RANKS - rank;
    case 'lower_or_same':
      return rank + 1;
  }
}

export function isRight(guess: HiloGuess, from: number, to: number): boolean {
  switch (guess) {
    case 'higher':
      return to > from;
    case 'lower':
      return to < from;
    case 'same':
      return to === from;
    case 'higher_or_same':
      return to >= from;
    case 'lower_or_same':
      return to <= from;
  }
}

/**
 * The exact multiplier of right guesses of `ways` ranks each: 0.99 x prod(13 / k) as [numerator,
 * denominator] (1 before the first right guess).
 */
export function multiplierFraction(ways: readonly number[]): [bigint, bigint] {
  if (ways.length === 0) return [1n, 1n];
  let num = RTP_NUM;
  let den = RTP_DEN;
  for (const k of ways) {
    num *= BigInt(RANKS);
    den *= BigInt(k);
  }
  return [num, den];
}

/** floor(amount x 0.99 x prod(13 / k)). */
export function payoutFor(amount: bigint, ways: readonly number[]): bigint {
  const [num, den] = multiplierFraction(ways);
  return (amount * num) / den;
}

/** The multiplier truncated to 4 decimals (what the state and the screen show). */
export function multiplierOf(ways: readonly number[]): number {
  const [num, den] = multiplierFraction(ways);
  return Number((num * 10_000n) / den) / 10_000;
}

/**
 * What one right guess of `ways` ranks multiplies the running multiplier by (a number, for
 * display): 0.99 x 13 / k for the round's first right guess, 13 / k after it.
 */
export const stepMultiplier = (ways: number, rightSoFar: number) => ((rightSoFar === 0 ? Number(RTP_NUM) / Number(RTP_DEN) : 1) * RANKS) / ways;

const rightWays = (state: HiloState) => state.steps.filter((s) => s.won === true).map((s) => s.ways);

/** What the player may do now. */
export function legalActions(state: HiloState): HiloAction[] {
  if (state.phase !== 'playing') return [];
  const actions: HiloAction[] = [...guessesFor(rankOf(state.cards[state.cards.length - 1]))];
  if (state.skipsLeft > 0) actions.push('skip');
  if (state.correct > 0) actions.push('cashout');
  return actions;
}

/** Cards drawn from each round stream so far (the stream is positioned after them). */
const drawn = new WeakMap<RoundRng, number>();

function draw(rng: RoundRng): Card {
  drawn.set(rng, (drawn.get(rng) ?? 0) + 1);
  return rng.int(52);
}

/** Positions `rng` after the cards of `state`, checking the seeds reproduce them. */
function positioned(state: HiloState, rng: RoundRng): RoundRng {
  let count = drawn.get(rng);
  if (count === undefined) {
    if (rng.position !== 0) throw new GameInputError('rng_mismatch', 'a Hi-Lo round needs a fresh round rng (position 0)');
    count = 0;
  }
  if (count > state.cards.length) throw new GameInputError('rng_mismatch', 'the rng is ahead of this state');
  while (count < state.cards.length) {
    if (draw(rng) !== state.cards[count]) throw new GameInputError('rng_mismatch', 'the seeds do not reproduce the cards of this state');
    count += 1;
  }
  return rng;
}

/** The round's first card: the stake is in play. */
export function start(bet: HiloBet, rng: RoundRng): HiloState {
  const { amount } = validateHiloBet(bet);
  if (rng.position !== 0 || drawn.has(rng)) throw new GameInputError('rng_mismatch', 'start() needs a fresh round rng');
  return {
    game: HILO_SYSNAME,
    bet: amount,
    cards: [draw(rng)],
    steps: [],
    skipsLeft: MAX_SKIPS,
    correct: 0,
    multiplier: 1,
    payout: amount,
    phase: 'playing',
    auto: false,
    win: 0n,
  };
}

/** One action of the player: a guess or a skip draws the next card; a cash-out pays the running payout. */
export function act(state: HiloState, action: HiloAction, rng: RoundRng): HiloState {
  if (state.phase !== 'playing') throw new GameInputError('round_over', 'the round is settled');
  if (!legalActions(state).includes(action)) throw new GameInputError('illegal_action', `${String(action)} is not legal now`);
  const next: HiloState = { ...state, cards: [...state.cards], steps: [...state.steps] };
  if (action === 'cashout') return { ...next, phase: 'cashed', win: next.payout };
  const from = rankOf(state.cards[state.cards.length - 1]);
  const card = draw(positioned(state, rng));
  next.cards.push(card);
  if (action === 'skip') {
    next.steps.push({ action, ways: 0, won: null });
    next.skipsLeft -= 1;
    return next;
  }
  const ways = waysOf(action, from);
  const won = isRight(action, from, rankOf(card));
  next.steps.push({ action, ways, won });
  if (!won) return { ...next, phase: 'lost', payout: 0n, win: 0n };
  next.correct += 1;
  const all = rightWays(next);
  next.multiplier = multiplierOf(all);
  next.payout = payoutFor(next.bet, all);
  if (next.multiplier >= MAX_MULTIPLIER) return { ...next, phase: 'cashed', auto: true, win: next.payout };
  return next;
}

/** The game's stated RTP: every round returns 99% exactly, whatever the strategy (before rounding down). */
export function theoreticalRtp(): number {
  return Number(RTP_NUM) / Number(RTP_DEN);
}

/**
 * The fixed strategy of the RTP simulation: guess the likelier side (the "or same" guess covering
 * more ranks; at A "higher", at K "lower"), skip a 7 (where both sides are 7 in 13) while skips
 * are left, and cash out after `target` right guesses.
 */
export function strategyAction(state: HiloState, target: number): HiloAction {
  if (state.correct >= target) return 'cashout';
  const rank = rankOf(state.cards[state.cards.length - 1]);
  if (rank === 6 && state.skipsLeft > 0) return 'skip';
  const [a, b] = guessesFor(rank);
  return waysOf(a, rank) >= waysOf(b, rank) ? a : b;
}

/**
 * Exact RTP of strategyAction(target) at stake `amount`, each payout rounded down to the minor
 * unit: the 13 next ranks are equally likely, so the expectation is a finite sum over rank paths
 * (targets up to 5: the strategy's multipliers stay far below MAX_MULTIPLIER).
 */
export function strategyRtp(amount: bigint, target: number): number {
  // Expected payout x 13^depth, summed exactly as a fraction with a common denominator.
  function expect(rank: number, ways: number[], skipsLeft: number): { sum: bigint; scale: bigint } {
    if (ways.length >= target) return { sum: payoutFor(amount, ways), scale: 1n };
    const skip = rank === 6 && skipsLeft > 0;
    const [a, b] = guessesFor(rank);
    const guess = waysOf(a, rank) >= waysOf(b, rank) ? a : b;
    const parts: Array<{ sum: bigint; scale: bigint }> = [];
    for (let to = 0; to < RANKS; to++) {
      if (skip) parts.push(expect(to, ways, skipsLeft - 1));
      else if (isRight(guess, rank, to)) parts.push(expect(to, [...ways, waysOf(guess, rank)], skipsLeft));
      else parts.push({ sum: 0n, scale: 1n });
    }
    const scale = parts.reduce((m, p) => (p.scale > m ? p.scale : m), 1n);
    const sum = parts.reduce((s, p) => s + p.sum * (scale / p.scale), 0n);
    return { sum, scale: scale * BigInt(RANKS) };
  }
  let total = 0;
  for (let first = 0; first < RANKS; first++) {
    const { sum, scale } = expect(first, [], MAX_SKIPS);
    total += Number((sum * 10n ** 12n) / scale) / 1e12;
  }
  return total / RANKS / Number(amount);
}

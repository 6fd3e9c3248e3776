/**
 * Croupier Blackjack (sysname croupier-blackjack).
 *
 * Rules: 6 decks shuffled for every round; dealer stands on soft 17 and peeks for blackjack
 * under an ace or a ten (a dealer blackjack ends the round at once, the player losing only the
 * initial bet); blackjack pays 3:2 (rounded down to the minor unit); double on any first two
 * cards, also after a split; one split (two hands) of any two cards of equal value (K-10
 * included); split aces take one card each; 21 after a split is not a blackjack; a hand stops by
 * itself at 21 or on a bust. No insurance, no even money, no surrender.
 *
 * Randomness: the shoe is a forward Fisher-Yates shuffle of 6 x 52 cards drawn from the round's
 * stream: card k (k = 0, 1, ...) is fixed by step k (j = k + rng.int(312 - k), swap k and j).
 * The shuffle is computed lazily, one step per card dealt, which gives exactly the cards of the
 * full shuffle (RoundRng.shuffle) in the same order. So the shoe order depends only on the seeds;
 * the player's decisions only choose how many cards are taken and who gets them. Deal order:
 * player, dealer (up), player, dealer (hole); then cards go out in play order.
 *
 * The state is plain data (bigint money). act() needs the same stream again: pass the rng object
 * used by deal() (in one process), or a fresh createRoundRng() for the same seeds: the engine
 * then replays the shoe up to the cards already dealt, checking that they match the state.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { assertStake, GameInputError } from '../common.ts';
import { handTotal, isNatural, lazyShoe, valueOf, type Card, type LazyShoe } from './cards.ts';
import { shoeMath } from './shoe-math.ts';
import { bestAction, blackjackMath, type StrategyAction } from './strategy.ts';

export * from './cards.ts';
export { shoeMath, type ShoeMath } from './shoe-math.ts';
export { actionValues, bestAction, blackjackMath, dealerDistribution, strategyChart, type BlackjackMath, type DecisionPoint } from './strategy.ts';

export const BLACKJACK_SYSNAME = 'croupier-blackjack';
export const DECKS = 6;
export const MAX_HANDS = 2;
export const DOUBLE_AFTER_SPLIT = true;

/** 6 (the game) or 'infinite': every card an independent rng.int(52), the model of theoreticalRtp(). */
export type ShoeKind = number | 'infinite';
export type BlackjackOptions = { decks?: ShoeKind };

export type BlackjackAction = StrategyAction;

export type BlackjackHand = {
  cards: Card[];
  /** This hand's stake (doubled included). */
  stake: bigint;
  doubled: boolean;
  /** Made by a split. */
  split: boolean;
  /** No more actions on this hand. */
  done: boolean;
};

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

export type BlackjackSettlement = {
  hands: { result: HandResult; win: bigint }[];
  dealerTotal: number;
  dealerBlackjack: boolean;
  dealerBust: boolean;
};

export type BlackjackState = {
  game: typeof BLACKJACK_SYSNAME;
  decks: ShoeKind;
  /** The initial bet. */
  bet: bigint;
  /** Dealer cards: [up, hole, draws...]. The hole card is secret until the round is settled. */
  dealer: Card[];
  hands: BlackjackHand[];
  /** Index of the hand to play, or -1 once settled. */
  active: number;
  phase: 'player' | 'settled';
  /** Every card dealt, in shoe order. */
  dealt: Card[];
  /** Total staked: the bet, doubles and the split hand. */
  staked: bigint;
  /** Total paid back (0n until settled). */
  win: bigint;
  settlement: BlackjackSettlement | null;
};

/** The lazily drawn shoe of one round's stream. */
type Shoe = { decks: ShoeKind; order: LazyShoe | null; count: number; rng: RoundRng };
const shoes = new WeakMap<RoundRng, Shoe>();

function newShoe(rng: RoundRng, decks: ShoeKind): Shoe {
  if (rng.position !== 0) throw new GameInputError('rng_mismatch', 'a blackjack shoe needs a fresh round rng (position 0)');
  const shoe: Shoe = { decks, order: decks === 'infinite' ? null : lazyShoe(rng, decks), count: 0, rng };
  shoes.set(rng, shoe);
  return shoe;
}

function draw(shoe: Shoe): Card {
  shoe.count++;
  return shoe.order === null ? shoe.rng.int(52) : shoe.order.draw();
}

/** The shoe for `state`, positioned after the cards already dealt (replayed and checked if needed). */
function shoeFor(state: BlackjackState, rng: RoundRng): Shoe {
  const shoe = shoes.get(rng) ?? newShoe(rng, state.decks);
  if (shoe.decks !== state.decks) throw new GameInputError('rng_mismatch', 'the rng belongs to another shoe');
  if (shoe.count > state.dealt.length) throw new GameInputError('rng_mismatch', 'the rng is ahead of this state');
  while (shoe.count < state.dealt.length) {
    const expected = state.dealt[shoe.count];
    if (draw(shoe) !== expected) throw new GameInputError('rng_mismatch', 'the seeds do not reproduce the cards of this state');
  }
  return shoe;
}

function validateDecks(decks: unknown): ShoeKind {
  if (decks === 'infinite' || (Number.isInteger(decks) && (decks as number) >= 1 && (decks as number) <= 8)) return decks as ShoeKind;
  throw new GameInputError('bad_bet_type', 'decks must be 1-8 or infinite');
}

export type BlackjackBet = { amount: bigint };

export function validateBlackjackBet(bet: unknown): BlackjackBet {
  const amount = (bet as { amount?: unknown } | null)?.amount;
  assertStake(amount);
  return { amount };
}

const isSplitAces = (hand: BlackjackHand) => hand.split && valueOf(hand.cards[0]) === 1;

/** The actions the active hand may take now (empty once settled). */
export function legalActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active];
  if (!hand || hand.done) return [];
  const out: BlackjackAction[] = ['stand'];
  const { best } = handTotal(hand.cards);
  if (!isSplitAces(hand) && best < 21) out.push('hit');
  if (hand.cards.length === 2 && !hand.doubled && !isSplitAces(hand) && (!hand.split || DOUBLE_AFTER_SPLIT)) out.push('double');
  if (state.hands.length < MAX_HANDS && hand.cards.length === 2 && valueOf(hand.cards[0]) === valueOf(hand.cards[1])) out.push('split');
  return out;
}

function clone(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })),
    dealt: [...state.dealt],
  };
}

function give(state: BlackjackState, shoe: Shoe, cards: Card[]) {
  const card = draw(shoe);
  state.dealt.push(card);
  cards.push(card);
}

/** Starts a round: checks the bet, deals two cards each, settles naturals at once. */
export function deal(bet: BlackjackBet, rng: RoundRng, options: BlackjackOptions = {}): BlackjackState {
  const { amount } = validateBlackjackBet(bet);
  const decks = validateDecks(options.decks ?? DECKS);
  const shoe = shoes.get(rng) ?? newShoe(rng, decks);
  if (shoe.count !== 0 || shoe.decks !== decks) throw new GameInputError('rng_mismatch', 'deal() needs a fresh round rng');
  const hand: BlackjackHand = { cards: [], stake: amount, doubled: false, split: false, done: false };
  const state: BlackjackState = {
    game: BLACKJACK_SYSNAME,
    decks,
    bet: amount,
    dealer: [],
    hands: [hand],
    active: 0,
    phase: 'player',
    dealt: [],
    staked: amount,
    win: 0n,
    settlement: null,
  };
  give(state, shoe, hand.cards);
  give(state, shoe, state.dealer);
  give(state, shoe, hand.cards);
  give(state, shoe, state.dealer);
  const up = valueOf(state.dealer[0]);
  const dealerNatural = (up === 1 || up === 10) && isNatural(state.dealer);
  if (dealerNatural || isNatural(hand.cards)) settle(state, dealerNatural);
  return state;
}

/** Applies one player action and returns the new state (the input is not changed). */
export function act(state: BlackjackState, action: BlackjackAction, rng: RoundRng): BlackjackState {
  if (state.phase !== 'player') throw new GameInputError('round_over', 'the round is settled');
  if (!legalActions(state).includes(action)) throw new GameInputError('illegal_action', `${String(action)} is not legal now`);
  const shoe = shoeFor(state, rng);
  const next = clone(state);
  const hand = next.hands[next.active];
  switch (action) {
    case 'stand':
      hand.done = true;
      break;
    case 'hit': {
      give(next, shoe, hand.cards);
      const { best } = handTotal(hand.cards);
      if (best >= 21) hand.done = true;
      break;
    }
    case 'double':
      next.staked += hand.stake;
      hand.stake *= 2n;
      hand.doubled = true;
      give(next, shoe, hand.cards);
      hand.done = true;
      break;
    case 'split': {
      const second: BlackjackHand = { cards: [hand.cards.pop() as Card], stake: state.bet, doubled: false, split: true, done: false };
      hand.split = true;
      next.hands.push(second);
      next.staked += second.stake;
      give(next, shoe, hand.cards);
      if (isSplitAces(hand) || handTotal(hand.cards).best === 21) hand.done = true;
      break;
    }
  }
  advance(next, shoe);
  return next;
}

/** Moves to the next hand still to play (dealing a split hand its second card), or plays the dealer and settles. */
function advance(state: BlackjackState, shoe: Shoe) {
  while (state.hands[state.active].done) {
    state.active += 1;
    if (state.active === state.hands.length) {
      playDealer(state, shoe);
      settle(state, false);
      return;
    }
    const hand = state.hands[state.active];
    if (hand.cards.length === 1) {
      give(state, shoe, hand.cards);
      if (isSplitAces(hand) || handTotal(hand.cards).best === 21) hand.done = true;
    }
  }
}

function playDealer(state: BlackjackState, shoe: Shoe) {
  if (state.hands.every((h) => handTotal(h.cards).best > 21)) return;
  while (handTotal(state.dealer).best < 17) give(state, shoe, state.dealer);
}

function settle(state: BlackjackState, dealerBlackjack: boolean) {
  const dealer = handTotal(state.dealer).best;
  const dealerBust = dealer > 21;
  const results: BlackjackSettlement['hands'] = state.hands.map((hand) => {
    const player = handTotal(hand.cards).best;
    const natural = state.hands.length === 1 && isNatural(hand.cards);
    let result: HandResult;
    let win: bigint;
    if (dealerBlackjack) [result, win] = natural ? ['push', hand.stake] : ['lose', 0n];
    else if (natural) [result, win] = ['blackjack', hand.stake + (hand.stake * 3n) / 2n];
    else if (player > 21) [result, win] = ['bust', 0n];
    else if (dealerBust || player > dealer) [result, win] = ['win', hand.stake * 2n];
    else if (player === dealer) [result, win] = ['push', hand.stake];
    else [result, win] = ['lose', 0n];
    return { result, win };
  });
  for (const h of state.hands) h.done = true;
  state.win = results.reduce((sum, r) => sum + r.win, 0n);
  state.settlement = { hands: results, dealerTotal: dealer, dealerBlackjack, dealerBust };
  state.phase = 'settled';
  state.active = -1;
}

/** The basic-strategy action for the active hand (the infinite-deck optimum; see strategy.ts). */
export function recommend(state: BlackjackState): BlackjackAction {
  const legal = legalActions(state);
  if (legal.length === 0) throw new GameInputError('round_over', 'no action to take');
  const hand = state.hands[state.active];
  const { hard } = handTotal(hand.cards);
  const ace = hand.cards.some((c) => valueOf(c) === 1);
  const action = bestAction({
    hard,
    ace,
    up: valueOf(state.dealer[0]),
    canDouble: legal.includes('double'),
    splitPair: legal.includes('split') ? valueOf(hand.cards[0]) : undefined,
  });
  return action;
}

/** What the player may see: the hole card is null and the shoe is not shown until the round is settled. */
export type BlackjackPublicState = Omit<BlackjackState, 'dealer' | 'dealt'> & { dealer: (Card | null)[]; legalActions: BlackjackAction[] };

export function publicView(state: BlackjackState): BlackjackPublicState {
  const { dealt: _dealt, ...rest } = state;
  const dealer = state.phase === 'settled' ? [...state.dealer] : [state.dealer[0], null];
  return { ...rest, dealer, hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })), legalActions: legalActions(state) };
}

/**
 * Theoretical RTP per initial bet of the game as dealt (6-deck shoe per round) under the
 * engine's basic strategy, derived by enumeration in shoe-math.ts: 0.99540 (about 2 s on the
 * first call, then cached). With `decks: 'infinite'`, the exact infinite-deck figure of
 * strategy.ts: 0.99430.
 */
export function theoreticalRtp(options: BlackjackOptions = {}): number {
  const decks = validateDecks(options.decks ?? DECKS);
  return decks === 'infinite' ? blackjackMath().rtp : shoeMath(decks).rtp;
}

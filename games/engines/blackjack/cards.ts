/**
 * Cards are integers 0..51: rank = code % 13 (0 ace, 1 two, ... 8 nine, 9 ten, 10 jack,
 * 11 queen, 12 king), suit = floor(code / 13) (0 spades, 1 hearts, 2 diamonds, 3 clubs).
 */

export type Card = number;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

export const rankOf = (card: Card): number => card % 13;
export const suitOf = (card: Card): number => Math.floor(card / 13);

/** Blackjack value: ace 1 (counted 11 by handTotal when it fits), 2-9 face value, ten and faces 10. */
export function valueOf(card: Card): number {
  const rank = card % 13;
  return rank === 0 ? 1 : rank >= 9 ? 10 : rank + 1;
}

/** 'AS', '10H', 'KD', ... */
export function cardName(card: Card): string {
  return `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`;
}

/** Parses cardName() output (tests and fixtures). */
export function parseCard(name: string): Card {
  const rank = RANKS.indexOf(name.slice(0, -1) as (typeof RANKS)[number]);
  const suit = SUITS.indexOf(name.slice(-1) as (typeof SUITS)[number]);
  if (rank < 0 || suit < 0) throw new Error(`not a card: ${name}`);
  return suit * 13 + rank;
}

export type HandTotal = {
  /** Aces counted 1. */
  hard: number;
  /** The best total: an ace counts 11 when that does not bust. */
  best: number;
  /** True when an ace is counted 11 in `best`. */
  soft: boolean;
};

export function handTotal(cards: readonly Card[]): HandTotal {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    const v = valueOf(c);
    hard += v;
    if (v === 1) ace = true;
  }
  const soft = ace && hard + 10 <= 21;
  return { hard, best: soft ? hard + 10 : hard, soft };
}

/** Two cards making 21 (only an unsplit first hand counts as a blackjack). */
export function isNatural(cards: readonly Card[]): boolean {
  return cards.length === 2 && handTotal(cards).best === 21;
}

/**
 * A shoe of `decks` x 52 cards (ordered: deck after deck of codes 0..51) drawn lazily from the
 * round's stream: card k takes place j = k + int(size - k) and swaps it with place k (forward
 * Fisher-Yates, RoundRng.shuffle's order), so the cards drawn equal the full shuffle's first ones.
 * Shared by the card originals (baccarat, video poker); blackjack keeps its own (it also has an
 * infinite-deck model).
 */
export type LazyShoe = { draw(): Card; readonly dealt: number };

export function lazyShoe(rng: { int(n: number): number }, decks: number): LazyShoe {
  const order = new Uint16Array(decks * 52);
  for (let i = 0; i < order.length; i++) order[i] = i % 52;
  let count = 0;
  return {
    draw() {
      const k = count++;
      if (k >= order.length) throw new Error('shoe exhausted');
      const j = k + rng.int(order.length - k);
      const card = order[j];
      order[j] = order[k];
      order[k] = card;
      return card;
    },
    get dealt() {
      return count;
    },
  };
}

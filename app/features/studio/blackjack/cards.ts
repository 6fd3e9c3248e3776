import { handTotal, rankOf, suitOf, type Card } from '../../../../games/engines/blackjack/cards.ts';

export { handTotal };

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
/** Suits in the engine's order: spades, hearts, diamonds, clubs. */
export const SUITS = [
  { key: 'spades', symbol: '♠', red: false },
  { key: 'hearts', symbol: '♥', red: true },
  { key: 'diamonds', symbol: '♦', red: true },
  { key: 'clubs', symbol: '♣', red: false },
] as const;

export type CardFace = { rank: (typeof RANKS)[number]; suit: (typeof SUITS)[number]['key']; symbol: string; red: boolean; court: boolean; pips: number };

/** What a card code (0-51: suit x 13 + rank) shows: rank, suit, colour; court cards and pip counts. */
export function cardFace(card: Card): CardFace {
  if (!Number.isInteger(card) || card < 0 || card > 51) throw new RangeError(`no card ${card}`);
  const rank = RANKS[rankOf(card)];
  const suit = SUITS[suitOf(card)];
  const r = rankOf(card);
  return { rank, suit: suit.key, symbol: suit.symbol, red: suit.red, court: r >= 10, pips: r === 0 ? 1 : r >= 10 ? 0 : r + 1 };
}

/**
 * Where the pips of a number card sit, in a 0-100 x 0-140 face: the classic columns of 2 to 10
 * (one centred pip for the ace).
 */
export function pipLayout(pips: number): Array<[number, number]> {
  const L = 33;
  const C = 50;
  const R = 67;
  const rows = (n: number) => Array.from({ length: n }, (_, i) => 30 + (i * 80) / (n - 1));
  switch (pips) {
    case 1:
      return [[C, 70]];
    case 2:
      return [[C, 30], [C, 110]];
    case 3:
      return [[C, 30], [C, 70], [C, 110]];
    case 4:
      return [[L, 30], [R, 30], [L, 110], [R, 110]];
    case 5:
      return [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]];
    case 6:
      return [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]];
    case 7:
      return [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]];
    case 8:
      return [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]];
    case 9:
      return [...rows(4).flatMap((y): Array<[number, number]> => [[L, y], [R, y]]), [C, 70]];
    case 10:
      return [...rows(4).flatMap((y): Array<[number, number]> => [[L, y], [R, y]]), [C, 43], [C, 97]];
    default:
      return [];
  }
}

/** A hand's total as players read it: "17", soft hands "7/17", a bust "24". */
export function totalLabel(cards: readonly Card[]): string {
  if (cards.length === 0) return '';
  const { hard, best, soft } = handTotal(cards);
  return soft && best < 21 ? `${hard}/${best}` : String(best);
}

/** The hand's best total (for colouring 21s and busts). */
export const bestTotal = (cards: readonly Card[]) => handTotal(cards).best;

/** Accessible name: "Ace of spades". */
export const cardKey = (card: Card) => `${cardFace(card).rank}-${cardFace(card).suit}`;

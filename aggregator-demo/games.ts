import { randomInt } from 'node:crypto';

/**
 * The demo aggregator's games: three small third-party-style games of three made-up studios, with
 * their own maths and their own random numbers (node:crypto's randomInt, not Croupier's provably
 * fair engines: a third party brings its own RNG). Each `play` takes the stake in minor units and
 * answers the outcome the page draws and the win in minor units (0 for a lost round). The RTPs
 * below are exact; aggregator-demo/games.test.ts checks them against the tables.
 */

/** A source of whole numbers in [0, max): crypto by default, seeded in tests. */
export type Rng = (max: number) => number;
export const cryptoRng: Rng = (max) => randomInt(max);

export type DemoGame = {
  game_code: string;
  name: string;
  product: string;
  category: string;
  rtp: string;
  /** 1 (low) to 5 (very high), Hub88's scale. */
  volatility: number;
  demo_game_support: boolean;
  release_date: string;
  /** The page's choices (high card: none). */
  play(stake: number, rng: Rng): { outcome: Record<string, unknown>; win: number };
};

// --- Lantern Scratch (Tinderbox Games) ---------------------------------------------------------

export const SCRATCH_SYMBOLS = ['lantern', 'moth', 'flame', 'key', 'star', 'moon'] as const;
/** Prize tiers: three of `symbol` on the card pays `multiplier` times the stake, drawn with `weight` in 10,000. */
export const SCRATCH_PRIZES = [
  { symbol: 'star', multiplier: 50, weight: 16 },
  { symbol: 'key', multiplier: 10, weight: 120 },
  { symbol: 'flame', multiplier: 5, weight: 500 },
  { symbol: 'moth', multiplier: 2, weight: 1400 },
  { symbol: 'lantern', multiplier: 1, weight: 2200 },
] as const;
export const SCRATCH_TOTAL_WEIGHT = 10_000;

/**
 * Draws the prize first, then deals a 3x3 card that shows it: the prize's symbol three times (or,
 * for a lost card, no symbol three times), the other cells at most twice each.
 */
function playScratch(stake: number, rng: Rng) {
  let ticket = rng(SCRATCH_TOTAL_WEIGHT);
  const prize = SCRATCH_PRIZES.find((tier) => (ticket -= tier.weight) < 0) ?? null;
  const cells: string[] = [];
  const counts = new Map<string, number>();
  if (prize) {
    cells.push(prize.symbol, prize.symbol, prize.symbol);
    counts.set(prize.symbol, 3);
  }
  while (cells.length < 9) {
    const symbol = SCRATCH_SYMBOLS[rng(SCRATCH_SYMBOLS.length)];
    if ((counts.get(symbol) ?? 0) >= (symbol === prize?.symbol ? 3 : 2)) continue;
    counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    cells.push(symbol);
  }
  // Shuffle (Fisher-Yates) so the prize is anywhere on the card.
  for (let index = cells.length - 1; index > 0; index -= 1) {
    const other = rng(index + 1);
    [cells[index], cells[other]] = [cells[other], cells[index]];
  }
  const multiplier = prize?.multiplier ?? 0;
  return { outcome: { cells, symbol: prize?.symbol ?? null, multiplier }, win: Math.floor(stake * multiplier) };
}

// --- Northwind Fortune Wheel (Northwind Play) --------------------------------------------------

/** The wheel's 20 segments, clockwise from the pointer: 10 blanks, 6 x1.5, 2 x2, 2 x3 (RTP 19/20). */
export const WHEEL_SEGMENTS = [0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5] as const;

function playWheel(stake: number, rng: Rng) {
  const segment = rng(WHEEL_SEGMENTS.length);
  const multiplier = WHEEL_SEGMENTS[segment];
  return { outcome: { segment, multiplier }, win: Math.floor(stake * multiplier) };
}

// --- Harbour High Card (Gull & Gale) ------------------------------------------------------------

export const CARD_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export const CARD_SUITS = ['hearts', 'diamonds', 'clubs', 'spades'] as const;
/** A higher card than the dealer's pays 1.9 times the stake, a tie returns the stake: RTP (24 x 1.9 + 3) / 51 = 95.29%. */
export const HIGH_CARD_WIN = 1.9;

/** Two cards from one shuffled 52-card deck: the player's, then the dealer's. */
function playHighCard(stake: number, rng: Rng) {
  const first = rng(52);
  let second = rng(51);
  if (second >= first) second += 1;
  const card = (index: number) => ({ rank: CARD_RANKS[index % 13], suit: CARD_SUITS[Math.floor(index / 13)], value: index % 13 });
  const player = card(first);
  const dealer = card(second);
  const result = player.value > dealer.value ? 'win' : player.value === dealer.value ? 'tie' : 'lose';
  const win = result === 'win' ? Math.floor(stake * HIGH_CARD_WIN) : result === 'tie' ? stake : 0;
  return { outcome: { player, dealer, result }, win };
}

export const DEMO_GAMES: readonly DemoGame[] = [
  {
    game_code: 'tinderbox-lantern-scratch',
    name: 'Lantern Scratch',
    product: 'Tinderbox Games',
    category: 'Scratch Cards',
    rtp: '95.00',
    volatility: 4,
    demo_game_support: true,
    release_date: '2026-09-14',
    play: playScratch,
  },
  {
    game_code: 'northwind-fortune-wheel',
    name: 'Northwind Fortune Wheel',
    product: 'Northwind Play',
    category: 'Wheel Games',
    rtp: '95.00',
    volatility: 2,
    demo_game_support: true,
    release_date: '2026-10-02',
    play: playWheel,
  },
  {
    game_code: 'gullgale-harbour-high-card',
    name: 'Harbour High Card',
    product: 'Gull & Gale',
    category: 'Card Games',
    rtp: '95.29',
    volatility: 2,
    demo_game_support: true,
    release_date: '2026-08-21',
    play: playHighCard,
  },
];

/** The stakes the pages offer, in minor units (0.10 to 5.00). */
export const STAKES = [10, 50, 100, 200, 500] as const;

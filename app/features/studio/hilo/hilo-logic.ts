import { rankOf } from '../../../../games/engines/blackjack/cards.ts';
import { guessesFor, MAX_SKIPS, multiplierFraction, payoutFor, stepMultiplier, waysOf, type HiloGuess } from '../../../../games/engines/hilo/index.ts';
import { cardFace, pipLayout } from '../blackjack/cards.ts';
import { fromMinor, toMinor } from '../money.ts';

export { MAX_SKIPS };
export type { HiloGuess };

/** A Hi-Lo round as the studio sends it (games/engines/hilo HiloState, money as major-unit strings). */
export type HiloView = {
  bet: string;
  cards: number[];
  steps: Array<{ action: HiloGuess | 'skip'; ways: number; won: boolean | null }>;
  skipsLeft: number;
  correct: number;
  multiplier: number;
  payout: string;
  phase: 'playing' | 'lost' | 'cashed';
  auto: boolean;
  win: string;
};

/** One guess button: what it covers, its chance, and what the round would then be worth. */
export type GuessOption = { guess: HiloGuess; ways: number; chance: number; step: number; multiplier: number; payout: string };

/**
 * The two guesses on the card shown, with their chance, the step a right guess multiplies by
 * (0.99 / chance for the round's first right guess, 1 / chance after it: the edge is taken once),
 * the multiplier and the payout it brings.
 */
export function guessOptions(view: Pick<HiloView, 'bet' | 'cards' | 'steps'>): GuessOption[] {
  const card = view.cards[view.cards.length - 1];
  const rank = rankOf(card);
  const right = view.steps.filter((s) => s.won === true).map((s) => s.ways);
  return guessesFor(rank).map((guess) => {
    const ways = waysOf(guess, rank);
    const all = [...right, ways];
    const payout = fromMinor(payoutFor(toMinor(view.bet), all));
    const [num, den] = multiplierFraction(all);
    return { guess, ways, chance: ways / 13, step: stepMultiplier(ways, right.length), multiplier: Number(num) / Number(den), payout };
  });
}

/** "1.84" (two decimals, at least) and "12.87". */
export const showMultiplier = (x: number): string => (Math.floor(x * 100 + 1e-9) / 100).toFixed(2);
/** "53.85%". */
export const showChance = (p: number): string => `${(p * 100).toFixed(2)}%`;

/** Each card of the strip with what led to it: the start card, then the guess or skip and its result. */
export function historyOf(view: Pick<HiloView, 'cards' | 'steps'>): Array<{ card: number; action: HiloGuess | 'skip' | 'start'; won: boolean | null }> {
  return view.cards.map((card, i) => (i === 0 ? { card, action: 'start', won: null } : { card, action: view.steps[i - 1].action, won: view.steps[i - 1].won }));
}

/** Arrow shown for a guess in the strip. */
export const GUESS_SIGN: Record<HiloGuess | 'skip' | 'start', string> = {
  start: '',
  higher: '▲',
  higher_or_same: '▲=',
  lower: '▼',
  lower_or_same: '▼=',
  same: '=',
  skip: '⤼',
};

/**
 * A card as SVG markup, drawn like the game's card (blackjack/card.tsx: the same face, corner
 * indices, pips and court frame), for the thumbnail script. `x`, `y`, `scale` place a 100 x 140 card.
 */
export function cardSvg(card: number, x: number, y: number, scale: number, rotate = 0): string {
  const face = cardFace(card);
  const colour = face.red ? '#c8102e' : '#15171f';
  const corner = `<text x="9" y="22" font-size="${face.rank === '10' ? 17 : 20}">${face.rank}</text><text x="10" y="38" font-size="15">${face.symbol}</text>`;
  let body = '';
  if (face.court) {
    body = `<rect x="24" y="24" width="52" height="92" rx="4" fill="${face.red ? '#fde7ea' : '#e8ebf7'}" stroke="${colour}" stroke-width="1.5"/><path d="M34 50 L 38 38 L 44 46 L 50 34 L 56 46 L 62 38 L 66 50 Z" fill="#f5b82e" stroke="#8a5a08"/><text x="50" y="86" text-anchor="middle" font-size="38" font-weight="900" fill="${colour}">${face.rank}</text><text x="50" y="106" text-anchor="middle" font-size="14" fill="${colour}">${face.symbol}</text>`;
  } else {
    body = pipLayout(face.pips)
      .map(([px, py]) => `<text x="${px}" y="${py + 6}" text-anchor="middle" font-size="${face.pips === 1 ? 46 : 17}" fill="${colour}"${py > 70 && face.pips > 1 ? ` transform="rotate(180 ${px} ${py})"` : ''}>${face.symbol}</text>`)
      .join('');
  }
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})"><rect x="1" y="1" width="98" height="138" rx="8" fill="#fdfdf8" stroke="#d7d2c2"/><g fill="${colour}" font-family="Georgia, serif" font-weight="700">${corner}<g transform="rotate(180 50 70)">${corner}</g></g>${body}</g>`;
}

import { DRAWN, hitProbability, MAX_PICKS, NUMBERS, PAYTABLES } from '../../../../games/engines/keno/index.ts';
import { fromMinor, toMinor } from '../money.ts';

export { DRAWN, MAX_PICKS, NUMBERS, PAYTABLES };

export const BOARD = Array.from({ length: NUMBERS }, (_, i) => i + 1);

/** Picks a number, or lets it go; a pick beyond the tenth is ignored. Kept ascending. */
export function togglePick(picks: readonly number[], n: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  if (picks.length >= MAX_PICKS) return [...picks];
  return [...picks, n].sort((a, b) => a - b);
}

/** `count` different numbers of the board, chosen by `random` (the player's quick pick: no outcome depends on it). */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  const pool = [...BOARD];
  const out: number[] = [];
  for (let i = 0; i < Math.min(count, MAX_PICKS); i++) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out.sort((a, b) => a - b);
}

/** The paying lines of the pick count's table, fewest hits first, with their chance. */
export function paytableOf(picks: number): Array<{ hits: number; multiplier: number; chance: number }> {
  const table = PAYTABLES[picks] ?? [];
  return table.map((multiplier, hits) => ({ hits, multiplier, chance: hitProbability(picks, hits) })).filter((line) => line.multiplier > 0);
}

/** A multiplier in hundredths: 3.96, 290, 11,020. */
export function showMultiplier(hundredths: number): string {
  const value = hundredths / 100;
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A chance as "1 in N" for the paytable: 1 in 4, 1 in 2,180. */
export const oneIn = (chance: number): string => Math.round(1 / chance).toLocaleString('en-US');

/** What a line pays at a stake: floor(stake x m / 100). */
export const payout = (stake: string, hundredths: number): string => fromMinor((toMinor(stake) * BigInt(hundredths)) / 100n);

/** How a board number looks: picked, drawn, both (a hit), or neither. */
export function cellState(n: number, picks: readonly number[], shown: readonly number[]): 'hit' | 'picked' | 'drawn' | 'idle' {
  const picked = picks.includes(n);
  const drawn = shown.includes(n);
  return picked && drawn ? 'hit' : picked ? 'picked' : drawn ? 'drawn' : 'idle';
}

/** Time between two balls of the draw, ms. */
export const BALL_MS = 160;

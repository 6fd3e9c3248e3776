import { MAX_MINES, MIN_MINES, multiplierFor, payout as payoutMinor, safeTiles, survival, TILES } from '../../../../games/engines/mines/index.ts';
import { fromMinor, toMinor } from '../money.ts';

export { MAX_MINES, MIN_MINES, multiplierFor, safeTiles, TILES };

export const BOARD = Array.from({ length: TILES }, (_, i) => i);

/** The mines counts offered as quick choices; any count of 1-24 can be set with the stepper. */
export const MINE_PRESETS = [1, 3, 5, 10, 24] as const;

/** A mines count kept within 1-24. */
export const clampMines = (n: number): number => Math.min(MAX_MINES, Math.max(MIN_MINES, Math.round(Number.isFinite(n) ? n : MIN_MINES)));

/** A multiplier in hundredths as the board shows it: 1.12, 24.75, 5,148,297. */
export function showMultiplier(hundredths: number): string {
  return (hundredths / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** What a cash-out after `safe` tiles pays at a stake (the server's own formula, floor to the cent). */
export const cashOutAmount = (stake: string, mines: number, safe: number): string => fromMinor(payoutMinor(toMinor(stake), mines, safe));

/** The chance that the next tile is safe, after `safe` safe tiles: (25 - m - safe) / (25 - safe). */
export const nextSafeChance = (mines: number, safe: number): number => (safe >= safeTiles(mines) ? 0 : survival(mines, safe + 1) / survival(mines, safe));

export type TileLook = 'hidden' | 'gem' | 'boom' | 'gem-dim' | 'mine-dim';

/**
 * How a tile looks: hidden; a gem the player found; the mine that ended the round (boom); once
 * the round is over, the other mines and safe tiles shown dimmed.
 */
export function tileLook(tile: number, picks: readonly number[], minesAt: readonly number[] | null): TileLook {
  const mine = minesAt?.includes(tile) ?? false;
  if (picks.includes(tile)) return mine ? 'boom' : 'gem';
  if (!minesAt) return 'hidden';
  return mine ? 'mine-dim' : 'gem-dim';
}

/** Time between the tiles turned at the end of a round, ms. */
export const UNCOVER_MS = 35;

/** The gem's outline, facets and shine (viewBox 0 0 64 64), shared by the board and the thumbnail. */
export const GEM_PATHS = {
  body: 'M16 8h32l12 16-28 34L4 24z',
  facets: 'M4 24h56M16 8l8 16 8-16 8 16 8-16M24 24l8 34 8-34',
  shine: 'M18 11l5 10h-12z',
} as const;

/** The mine's eight spikes, turned about its centre (32, 34), radius 17. */
export const MINE_SPIKES = [0, 45, 90, 135, 180, 225, 270, 315] as const;

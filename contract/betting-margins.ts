import { z } from 'zod';
import type { MarketType } from './betting.ts';

/**
 * The book's margin per market type, in percent (docs/betting.md, "Margins"): the feed prices each
 * market so that its implied chances sum to 1 + margin. An operator setting (`bettingMargins`)
 * that traders edit; a trader's margin on one market wins over its type's.
 */
export type MarketMargins = Record<MarketType, number>;

/** 5% on every type: the demo feed's margin before margins were set per type. */
export const DEFAULT_MARKET_MARGINS: MarketMargins = { '1x2': 5, match_winner: 5, total: 5, handicap: 5 };

/** Below 0 the book would pay more than the fair price; 30% is the most a trader may set on a market. */
export const MARGIN_PERCENT_BOUNDS = { min: 0, max: 30 } as const;

const marginPercent = z
  .number({ error: 'Enter a margin in percent' })
  .min(MARGIN_PERCENT_BOUNDS.min, { error: `At least ${MARGIN_PERCENT_BOUNDS.min}%` })
  .max(MARGIN_PERCENT_BOUNDS.max, { error: `At most ${MARGIN_PERCENT_BOUNDS.max}%` })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, { error: 'At most two decimals' });

export const marketMarginsSchema = z.strictObject({ '1x2': marginPercent, match_winner: marginPercent, total: marginPercent, handicap: marginPercent });

/** A margin in percent as the book's basis points (5.25% is 525). */
export const marginBp = (percent: number) => Math.round(percent * 100);

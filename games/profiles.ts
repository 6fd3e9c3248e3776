/**
 * What a game's simulation says about how it plays, beyond its RTP: how often a round pays
 * something, the biggest win seen and how far rounds spread around the mean, with the volatility
 * class that spread gives (docs/games-math.md, "Hit rate, max win and volatility"). The figures
 * are the long simulation's (`npm run games:rtp -- <sysname> --rounds 1000000`, fixed seeds):
 * games/profiles.test.ts runs the simulation again and fails when they no longer match, and the
 * catalogue's volatility for every game on the engine must be this class (server/db/seed-rtp.test.ts).
 *
 * Only engines whose round has one shape have a profile: a slot's spin is the same bet every time.
 * In Dice, Limbo, Plinko, Mines or Keno the player chooses the risk, so one hit rate or one
 * biggest win would describe one choice and mislead about the others.
 *
 * Constants only: the game page imports this file, and it must not pull the engines in.
 */
import type { Engine } from '../contract/studio.ts';

export type Volatility = 'low' | 'medium' | 'high';

/** Standard deviation of a round's return, in stakes, at which each class starts. */
export const VOLATILITY_FROM: Readonly<Record<Exclude<Volatility, 'low'>, number>> = { medium: 3, high: 8 };

export function volatilityOf(stdDev: number): Volatility {
  if (stdDev >= VOLATILITY_FROM.high) return 'high';
  return stdDev >= VOLATILITY_FROM.medium ? 'medium' : 'low';
}

export type GameProfile = {
  /** The game the simulation played (the engine's own game; themes share its maths). */
  simulated: string;
  rounds: number;
  /** Share of rounds that paid anything back. */
  hitRate: number;
  /** The biggest return of a round seen, in stakes. */
  maxReturn: number;
  /** Standard deviation of a round's return, in stakes. */
  stdDev: number;
};

export const GAME_PROFILES: Readonly<Partial<Record<Engine, GameProfile>>> = {
  slot: { simulated: 'golden-croupier', rounds: 1_000_000, hitRate: 0.57337, maxReturn: 232.25, stdDev: 3.1906 },
  coins: { simulated: 'rivet-royale', rounds: 1_000_000, hitRate: 0.310138, maxReturn: 1153, stdDev: 9.9577 },
  cascade: { simulated: 'pearl-cascade', rounds: 1_000_000, hitRate: 0.5195, maxReturn: 612, stdDev: 6.229 },
};

export function profileOf(engine: string | null | undefined): (GameProfile & { volatility: Volatility }) | null {
  const profile = engine ? GAME_PROFILES[engine as Engine] : undefined;
  return profile ? { ...profile, volatility: volatilityOf(profile.stdDev) } : null;
}

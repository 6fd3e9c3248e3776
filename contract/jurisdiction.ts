/**
 * Game pace by the licence the site runs under (`JURISDICTION`, docs/studio.md, "Pace by
 * jurisdiction"). The server enforces the pace on its own rounds and tells each game client at
 * launch, so the client paces its animation instead of meeting a refusal.
 *
 * Rules that hold everywhere are not here: the studio has no autoplay in any jurisdiction, and
 * never celebrates a return at or below the stake (a loss shown as a win).
 */
export const JURISDICTIONS = ['ukgc', 'mga', 'curacao'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** The default when `JURISDICTION` is unset: the Malta Gaming Authority, which sets no spin speed. */
export const DEFAULT_JURISDICTION: Jurisdiction = 'mga';

export type GamePace = {
  /** Shortest slot game cycle, start to start, in ms (0: no minimum). */
  min_spin_ms: number;
  /** A second press may hurry a spin's reels to their stops (quick stop, "turbo"). */
  quick_stop: boolean;
};

export const GAME_PACE: Readonly<Record<Jurisdiction, GamePace>> = {
  // UK Gambling Commission, Remote gambling and software technical standards (RTS 14): at least
  // 2.5 s per slot game cycle, and no feature that speeds play up or stops the reels early.
  ukgc: { min_spin_ms: 2500, quick_stop: false },
  mga: { min_spin_ms: 0, quick_stop: true },
  curacao: { min_spin_ms: 0, quick_stop: true },
};

/**
 * How much earlier than `min_spin_ms` the server still accepts a spin: the client paces from when
 * it sends, the server measures when each round's transaction starts, and network jitter lies
 * between the two.
 */
export const SPIN_PACE_ALLOWANCE_MS = 200;

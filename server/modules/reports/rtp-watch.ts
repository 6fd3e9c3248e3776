import { zFor } from '../../../games/stats.ts';
import type { GameRoundSums } from '../wallet/index.ts';

/**
 * The RTP watch (docs/reports.md): each game's return to players over a rolling window against
 * the RTP it declares, with a confidence interval from the rounds themselves, so a game that pays
 * too much or too little (a broken engine, a wrong paytable, a provider's bug, a player who found
 * a flaw) is seen within days, and a few lucky rounds are not taken for one.
 *
 * The measured RTP is the ratio R = Σw / Σs over the window's rounds (stake s, paid w). Its
 * standard error is the ratio estimator's: sqrt(Σ(w − R·s)²) / Σs, where Σ(w − R·s)² =
 * Σw² − 2R·Σsw + R²·Σs². A game is "outside" when its declared RTP lies outside R ± z·SE at 99.9%
 * (z = 3.29), once it has at least `minRounds` rounds; below that, "too few rounds".
 */
export const RTP_WATCH_WINDOWS_DAYS = [1, 7, 30] as const;
export const RTP_WATCH_CONFIDENCE = 0.999;
export const RTP_WATCH_MIN_ROUNDS = 1000;

export type RtpWatchLine = {
  game: string;
  name: string;
  currency: string;
  windowDays: number;
  rounds: number;
  /** Percent. */
  declared: number | null;
  measured: number;
  low: number;
  high: number;
  status: 'ok' | 'outside' | 'too-few-rounds' | 'no-declared-rtp';
};

export function rtpWatchLine(sums: GameRoundSums, windowDays: number, declared: { name: string; rtp: number } | undefined, options: { minRounds?: number; confidence?: number } = {}): RtpWatchLine {
  const s = Number(sums.stakes);
  const ratio = s > 0 ? Number(sums.wins) / s : 0;
  const squares = Math.max(0, Number(sums.winsSquared) - 2 * ratio * Number(sums.stakeTimesWin) + ratio * ratio * Number(sums.stakesSquared));
  const se = s > 0 ? Math.sqrt(squares) / s : 0;
  const z = zFor(options.confidence ?? RTP_WATCH_CONFIDENCE);
  // A return cannot be negative: with few rounds the normal interval's low end is cut at 0.
  const [measured, low, high] = [ratio * 100, Math.max(0, ratio - z * se) * 100, (ratio + z * se) * 100];
  const status: RtpWatchLine['status'] = !declared
    ? 'no-declared-rtp'
    : sums.rounds < (options.minRounds ?? RTP_WATCH_MIN_ROUNDS)
      ? 'too-few-rounds'
      : declared.rtp < low || declared.rtp > high
        ? 'outside'
        : 'ok';
  return { game: sums.game, name: declared?.name ?? sums.game, currency: sums.currency, windowDays, rounds: sums.rounds, declared: declared?.rtp ?? null, measured, low, high, status };
}

/**
 * Responsible gaming (docs/responsible-gaming.md): the choices a player has and the shapes the
 * API answers, shared by the page and the server.
 */

/** Money limits: a loss limit caps stakes less returns, a wager limit caps stakes, per period. */
export const MONEY_LIMIT_KINDS = ['loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A session-time limit, in minutes of one game session (from its launch). */
export const SESSION_LIMIT_MINUTES = { min: 5, max: 24 * 60 } as const;

/** Reality-check reminders: every N minutes of play (null: off). */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60] as const;

/** A looser limit, or a removal, waits this long; a stricter one applies at once. */
export const LIMIT_COOLING_HOURS = 24;

/** Time-out (cool-off) lengths and self-exclusion lengths. */
export const TIME_OUT_LENGTHS = ['24h', '7d', '6w'] as const;
export const SELF_EXCLUSION_LENGTHS = ['6m', '1y', '2y', '5y'] as const;
export type TimeOutLength = (typeof TIME_OUT_LENGTHS)[number];
export type SelfExclusionLength = (typeof SELF_EXCLUSION_LENGTHS)[number];
/**
 * An operator exclusion: set by the responsible-gaming team from the back office (rg.restrict),
 * for any of the lengths above; it works as a self-exclusion and cannot be lifted early either.
 */
export const OPERATOR_EXCLUSION_LENGTHS = [...TIME_OUT_LENGTHS, ...SELF_EXCLUSION_LENGTHS] as const;
export type ExclusionKind = 'time_out' | 'self_exclusion' | 'operator_exclusion';

/** The end of an exclusion of `length` starting at `from` (calendar months and years, UTC). */
export function exclusionEnd(length: TimeOutLength | SelfExclusionLength, from: Date): Date {
  const end = new Date(from);
  const amount = Number(length.slice(0, -1));
  switch (length.at(-1)) {
    case 'h':
      end.setUTCHours(end.getUTCHours() + amount);
      break;
    case 'd':
      end.setUTCDate(end.getUTCDate() + amount);
      break;
    case 'w':
      end.setUTCDate(end.getUTCDate() + amount * 7);
      break;
    case 'm':
      end.setUTCMonth(end.getUTCMonth() + amount);
      break;
    default:
      end.setUTCFullYear(end.getUTCFullYear() + amount);
  }
  return end;
}

/** A limit as the page shows it: amounts in major units (text), session limits in minutes. */
export type LimitView = {
  kind: MoneyLimitKind | 'session';
  period: LimitPeriod | 'session';
  /** The limit now: major units text, or minutes for a session limit. */
  amount: string;
  currency: string;
  /** What the period holds already (major units; loss and wager only), and what is left. */
  used: string | null;
  available: string | null;
  /** A looser value (null: removal) waiting for its cooling period, and when it applies. */
  pending: { amount: string | null; effective_at: string } | null;
};

export type ExclusionView = { kind: ExclusionKind; length: string; starts_at: string; ends_at: string };

export type ResponsibleGamingView = {
  currency: string;
  limits: LimitView[];
  reality_check_minutes: number | null;
  exclusion: ExclusionView | null;
};

/** What a refused stake says (the wallet's RS_ERROR_LIMIT_REACHED, GamingLimitExceededException details). */
export type StakeRefusal =
  | { limit: MoneyLimitKind; period: LimitPeriod; amount: string; used: string }
  | { limit: 'session'; minutes: number }
  | { limit: ExclusionKind; until: string };

/** A reality check: how long the player has played and the net result since `since`. */
export type RealityCheckView = { since: string; minutes_played: number; wagered: string; won: string; net: string; currency: string };

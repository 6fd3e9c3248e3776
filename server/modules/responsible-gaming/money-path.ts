import type { LocaleCode } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { ExclusionKind, LimitPeriod, MoneyLimitKind, StakeRefusal } from '../../../contract/responsible-gaming.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import { preparedRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { rgText, shownDate } from './texts.ts';

/**
 * The money path's side of responsible gaming (migration 0022, decision 021): the stake checks
 * the wallet's bet and the sportsbook's stake run inside their own transaction. The checks are
 * database functions, so the one-statement bet (wallet_settle) and these share one definition.
 */

/** What rg_stake_check answers as JSON (minor units as numbers). */
type RawRefusal = { limit: string; period?: string; amount?: number | string; used?: number | string; minutes?: number | string; until?: string };

const CHECK_SQL = 'select rg_stake_check($1::int, $2::text, $3::bigint, $4::timestamptz, $5::timestamptz) as verdict';
const RECORD_SQL = 'select rg_stake_record($1::int, $2::text, $3::bigint, $4::timestamptz)';
const RETURN_SQL = 'select rg_return($1::int, $2::text, $3::bigint, $4::timestamptz)';

export type StakeInput = {
  userId: number;
  /** Minor units, > 0. */
  amount: bigint;
  currency: string;
  now?: Date;
  /** A game session's launch, for the session-time limit (the sportsbook has none). */
  sessionStartedAt?: Date | null;
};

const currencyOf = (currency: string): CurrencyCode => (isCurrency(currency) ? currency : 'EUR');

/** A refusal in the shape the API and the wallet's message carry (money in major units text). */
export function refusalView(raw: RawRefusal, currency: string): StakeRefusal {
  const code = currencyOf(currency);
  if (raw.limit === 'loss' || raw.limit === 'wager') {
    return {
      limit: raw.limit as MoneyLimitKind,
      period: raw.period as LimitPeriod,
      amount: formatMinor(BigInt(raw.amount ?? 0), code),
      used: formatMinor(BigInt(raw.used ?? 0) > 0n ? BigInt(raw.used ?? 0) : 0n, code),
    };
  }
  if (raw.limit === 'session') return { limit: 'session', minutes: Number(raw.minutes) };
  return { limit: raw.limit as ExclusionKind, until: new Date(raw.until!).toISOString() };
}

/** The player's message for a refused stake. */
export function refusalMessage(refusal: StakeRefusal, currency: string, locale: LocaleCode): string {
  if (refusal.limit === 'loss' || refusal.limit === 'wager') {
    const limit = Number(refusal.amount);
    const left = Math.max(0, limit - Number(refusal.used));
    const exponent = CURRENCIES[currencyOf(currency)].exponent;
    return rgText(locale, refusal.limit === 'loss' ? 'lossLimit' : 'wagerLimit', {
      period: rgText(locale, refusal.period),
      limit: formatMoney(limit, currency),
      left: formatMoney(Number(left.toFixed(exponent)), currency),
    });
  }
  if (refusal.limit === 'session') return rgText(locale, 'sessionLimit', { minutes: refusal.minutes });
  const exclusion = refusal as Extract<StakeRefusal, { until: string }>;
  return rgText(locale, exclusion.limit, { until: shownDate(exclusion.until) });
}

/** The typed API error of a refused stake: GamingLimitExceededException, or UserExcludedException while excluded. */
export function refusalError(refusal: StakeRefusal, currency: string, locale: LocaleCode): AppError {
  const excluded = refusal.limit === 'time_out' || refusal.limit === 'self_exclusion' || refusal.limit === 'operator_exclusion';
  const message = refusalMessage(refusal, currency, locale);
  return new AppError(excluded ? 'UserExcludedException' : 'GamingLimitExceededException', message, {
    fields: { amount: message },
    details: { ...refusal, responsible_gaming: true },
  });
}

/**
 * Checks a stake against the player's limits and exclusions, under a per-player lock held to the
 * end of `tx`. Answers the refusal, or null with `count` telling whether the stake must then be
 * counted (recordStake) once its money moved.
 */
export async function checkStake(tx: Db | Tx, input: StakeInput): Promise<{ refusal: StakeRefusal | null; count: boolean }> {
  const now = input.now ?? new Date();
  const [row] = await preparedRows<{ verdict: RawRefusal | Record<string, never> | string | null }>(tx, 'rg_stake_check', CHECK_SQL, [
    input.userId,
    input.currency,
    input.amount.toString(),
    input.sessionStartedAt?.toISOString() ?? null,
    now.toISOString(),
  ]);
  const verdict = (typeof row?.verdict === 'string' ? JSON.parse(row.verdict) : row?.verdict) as RawRefusal | Record<string, never> | null;
  if (!verdict) return { refusal: null, count: false };
  if ('limit' in verdict) return { refusal: refusalView(verdict as RawRefusal, input.currency), count: false };
  return { refusal: null, count: true };
}

/** Counts an accepted stake in the player's play of the day (after checkStake said `count`). */
export async function recordStake(tx: Db | Tx, input: StakeInput): Promise<void> {
  await preparedRows(tx, 'rg_stake_record', RECORD_SQL, [input.userId, input.currency, input.amount.toString(), (input.now ?? new Date()).toISOString()]);
}

/**
 * For the sportsbook and any other stake taken inside a caller's transaction: refuses a stake
 * that would pass a loss or wager limit of the player (or any stake while a time-out or
 * self-exclusion runs) with a typed AppError, having written nothing; otherwise counts it in the
 * player's period totals, in `tx`, so it commits or rolls back with the stake itself.
 */
export async function assertStakeWithinLimits(tx: Tx, input: StakeInput & { locale?: LocaleCode }): Promise<void> {
  if (input.amount <= 0n) return;
  const { refusal, count } = await checkStake(tx, input);
  if (refusal) throw refusalError(refusal, input.currency, input.locale ?? 'en');
  if (count) await recordStake(tx, input);
}

/**
 * Counts money paid back to the player on a settled stake (a win, a refund, a cash-out) in the
 * player's period totals: a loss limit counts stakes less returns. Writes nothing for players
 * without a money limit. Call it in the transaction that pays.
 */
export async function recordSettledReturn(tx: Db | Tx, input: { userId: number; amount: bigint; currency: string; now?: Date }): Promise<void> {
  if (input.amount <= 0n) return;
  await preparedRows(tx, 'rg_return', RETURN_SQL, [input.userId, input.currency, input.amount.toString(), (input.now ?? new Date()).toISOString()]);
}

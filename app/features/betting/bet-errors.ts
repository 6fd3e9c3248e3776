import type { TFunction } from 'i18next';
import { BET_ERRORS, type BetErrorCode } from '../../../contract/betting.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * A refused bet or cash-out, read from the API's typed answer (InvalidParameterException with
 * details.code, contract/betting.ts): the code, the details the slip acts on, and the sentence to
 * show in the player's language. Responsible gaming refuses with its own types (a limit, a
 * self-exclusion). A code the slip does not know falls back to the server's (already localized)
 * field message.
 */
export type BetRefusal = {
  code: BetErrorCode | null;
  /** The input the server named ('stake', 'legs.0.selection_id', 'bonus_id', 'amount' ...). */
  field: string | null;
  message: string;
  details: Record<string, unknown>;
};

const isBetError = (value: unknown): value is BetErrorCode => typeof value === 'string' && (BET_ERRORS as readonly string[]).includes(value);

export function betRefusal(error: unknown, t: TFunction<'betting'>, currency: string): BetRefusal {
  if (!(error instanceof ApiError) || error.status >= 500) return { code: null, field: null, message: t('errors.generic'), details: {} };
  const code = isBetError(error.details.code) ? error.details.code : null;
  const [field, fieldMessage] = Object.entries(error.fields)[0] ?? [null, null];
  const details = error.details;
  const amount = (key: string) => (typeof details[key] === 'string' ? formatMoney(Number(details[key]), currency) : '');
  const message = code
    ? t(`errors.${code}`, { min: amount('min_stake'), max: amount('max_stake'), balance: amount('balance'), limit: String(details.limit ?? ''), amount: amount('amount') })
    : error.type === 'GamingLimitExceededException'
      ? t('errors.LIMIT_EXCEEDED')
      : error.type === 'UserExcludedException'
        ? t('errors.excluded')
        : error.type === 'TooManyRequestsException'
          ? t('errors.tooMany')
          : (fieldMessage ?? error.message ?? t('errors.generic'));
  return { code, field, message, details };
}

/** The selection a refusal is about (a suspended or closed market, a leg named by the field). */
export function refusedSelection(refusal: BetRefusal, legs: readonly number[]): number | null {
  if (typeof refusal.details.selection_id === 'number') return refusal.details.selection_id;
  const leg = /^legs\.(\d+)\./.exec(refusal.field ?? '');
  return leg ? (legs[Number(leg[1])] ?? null) : null;
}

/** ODDS_CHANGED's current prices. */
export function changedOdds(refusal: BetRefusal): Array<{ selectionId: number; odds: string }> {
  const legs = Array.isArray(refusal.details.legs) ? (refusal.details.legs as Array<{ selection_id?: unknown; odds?: unknown }>) : [];
  return legs
    .filter((leg) => typeof leg.selection_id === 'number' && typeof leg.odds === 'string')
    .map((leg) => ({ selectionId: leg.selection_id as number, odds: leg.odds as string }));
}

/**
 * Shared by the engines. Money is bigint minor units everywhere (as in the ledger): a bet's
 * `amount`/`bet` is what the player stakes, `win` is what the round pays back (stake included;
 * 0n for a loss). RTP is always 1 + E[win - total staked] / initial stake.
 */

export type GameInputErrorCode =
  | 'bad_amount'
  | 'bad_bet_type'
  | 'bad_numbers'
  | 'bad_target'
  | 'too_many_bets'
  | 'illegal_action'
  | 'round_over'
  | 'rng_mismatch'
  | 'bad_mines'
  | 'bad_tile'
  | 'nothing_won';

/** Invalid player input: a bet the table does not take or an action that is not legal now. */
export class GameInputError extends Error {
  readonly code: GameInputErrorCode;
  constructor(code: GameInputErrorCode, message: string) {
    super(message);
    this.name = 'GameInputError';
    this.code = code;
  }
}

/** A stake must be a bigint > 0 (and, when given, a multiple of `step`). */
export function assertStake(amount: unknown, what = 'amount', step = 1n): asserts amount is bigint {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new GameInputError('bad_amount', `${what} must be a bigint > 0 (minor units)`);
  if (amount % step !== 0n) throw new GameInputError('bad_amount', `${what} must be a multiple of ${step} minor units`);
}

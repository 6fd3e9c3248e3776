/**
 * Status codes of the seamless wallet's answers (docs/wallet-api.md) and the HTTP status each is
 * answered with: 200 for every request the wallet read and decided, 4xx/5xx only when it could
 * not read, trust or finish one.
 */
export const WALLET_STATUSES = {
  RS_OK: 200,
  /** The body is not JSON, or a field is missing or malformed. */
  RS_ERROR_WRONG_SYNTAX: 400,
  /** X-Signature is missing, malformed, older than 5 minutes, or does not match. */
  RS_ERROR_INVALID_SIGNATURE: 401,
  /** `provider` names no active provider, or one without a wallet secret. */
  RS_ERROR_INVALID_PARTNER: 401,
  /** `user` is not a game session the platform issued to this provider. */
  RS_ERROR_INVALID_TOKEN: 200,
  /** The game session has expired (balance and bet only: wins and rollbacks are never refused for it). */
  RS_ERROR_TOKEN_EXPIRED: 200,
  /** `game` is not the game of the session. */
  RS_ERROR_INVALID_GAME: 200,
  /** `currency` is not the currency of the session. */
  RS_ERROR_WRONG_CURRENCY: 200,
  /** The player is blocked or deleted: no new bets. */
  RS_ERROR_USER_DISABLED: 200,
  /** The balance does not cover the bet; the answer carries the balance. */
  RS_ERROR_NOT_ENOUGH_MONEY: 200,
  /** The bet is above a limit of the player's: the largest bet while a bonus is wagered. */
  RS_ERROR_BET_LIMIT_EXCEEDED: 200,
  /**
   * A responsible-gaming refusal (docs/responsible-gaming.md): the bet would pass the player's loss
   * or wager limit, their session-time limit is reached, or they are in a time-out or
   * self-exclusion. Nothing moved; `message` says which.
   */
  RS_ERROR_LIMIT_REACHED: 200,
  /** The transaction id was already used for a request with other content. */
  RS_ERROR_DUPLICATE_TRANSACTION: 200,
  /** A win names no accepted bet of this player and round. */
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 200,
  /** A bet arrived after its rollback, or a win for a bet that was rolled back. */
  RS_ERROR_TRANSACTION_ROLLED_BACK: 200,
  /** Something failed on the platform's side; nothing was recorded, retry later. */
  RS_ERROR_UNKNOWN: 500,
} as const;

export type WalletStatus = keyof typeof WALLET_STATUSES;

/** Answers that are final for their transaction id: stored, and given again to a repeat. */
export const STORED_STATUSES: ReadonlySet<WalletStatus> = new Set(['RS_OK', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_BET_LIMIT_EXCEEDED', 'RS_ERROR_LIMIT_REACHED', 'RS_ERROR_TRANSACTION_ROLLED_BACK']);

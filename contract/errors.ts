/**
 * The server error catalogue (spec 2, section 8). Every API failure answers one of these types,
 * always with the `Exception` suffix, and the HTTP status given here.
 */
export const ERROR_STATUS = {
  UnknownErrorException: 500,
  ApplicationDisabledException: 503,
  MethodNotFoundException: 404,
  AuthorizationException: 401,
  InvalidRequestException: 400,
  InternalServerErrorException: 500,
  AccessDeniedException: 403,
  UserDeletedException: 410,
  UserBannedException: 403,
  UserNeedDepositException: 409,
  UserNeedProfileDataException: 409,
  UserNeedConfirmContactException: 409,
  ApplicationUnavailableException: 503,
  InvalidParameterException: 422,
  TooManyRequestsException: 429,
  BillingServiceErrorException: 502,
  BillingTransactionDeclinedException: 402,
  BillingUnavailableException: 503,
  BillingDepositLimitExceededException: 409,
  WithdrawalDeclinedException: 402,
  WithdrawalLimitsExceededException: 409,
  WithdrawalLimitsPeriodExceededException: 409,
  KycUserProfileException: 409,
  KycWithdrawalException: 409,
  StorageQuotaExceededException: 413,
  SumsubVerificationRequiredException: 409,
  RequisitesOnVerificationException: 409,
  RequisitesValidationRequiredException: 422,
  RequisitesFraudulentException: 422,
  // Beyond the spec's catalogue (docs/api.md, docs/responsible-gaming.md): 409 like the other
  // limits (decision 004), so a form or a game shows the message rather than a forbidden page.
  /** A stake would pass the player's loss or wager limit, or their session-time limit is reached. */
  GamingLimitExceededException: 409,
  /** The player is in a time-out or self-exclusion: no sign-in, stake or deposit until it ends. */
  UserExcludedException: 409,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export const ERROR_TYPES = Object.keys(ERROR_STATUS) as ErrorType[];

export const isErrorType = (value: unknown): value is ErrorType =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

/**
 * Error objects the app shows on its error page (spec 1, section 8): statusCode defaults to 500
 * and any value outside 100..999 falls back to it.
 */
export type AppErrorShape = {
  statusCode: number;
  statusMessage: string;
  data?: unknown;
  fatal: boolean;
};

export function normalizeStatusCode(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 100 && n <= 999 ? n : 500;
}

export function createAppError(input: Partial<AppErrorShape> & { statusCode?: unknown }): AppErrorShape {
  return {
    statusCode: normalizeStatusCode(input.statusCode ?? 500),
    statusMessage: input.statusMessage ?? '',
    data: input.data,
    fatal: input.fatal ?? false,
  };
}

export const pageNotFoundMessage = (path: string) => `Page Not Found: ${path}`;

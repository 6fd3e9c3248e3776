import { ERROR_STATUS, type ErrorType } from '../../contract/errors.ts';

/**
 * A failure the API answers as `{"error": {type, message, fields}}`. Services throw these;
 * one mapper (server/api/respond.ts) turns them into the answer and the HTTP status.
 */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly fields?: Record<string, string>;
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** Machine-readable extras of the answer (e.g. resend_time of a two-factor login). */
  readonly details?: Record<string, unknown>;

  constructor(
    type: ErrorType,
    message: string,
    options: {
      fields?: Record<string, string>;
      status?: number;
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = type;
    this.type = type;
    this.fields = options.fields;
    this.status = options.status ?? ERROR_STATUS[type];
    this.headers = options.headers;
    this.details = options.details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

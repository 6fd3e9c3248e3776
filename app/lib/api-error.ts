/**
 * The error a failed /api call throws, on the server (loaders) and in the browser alike: the
 * answer's error type, message and fields, or a synthetic UnknownError with status 500.
 */
export class ApiError extends Error {
  readonly type: string;
  readonly status: number;
  readonly fields: Record<string, string>;
  /** Machine-readable extras (e.g. `two_factor` and `resend_time` of a login, `retry_after`). */
  readonly details: Record<string, unknown>;

  constructor(type: string, message: string, status: number, fields: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message);
    this.name = type;
    this.type = type;
    this.status = status;
    this.fields = fields;
    this.details = details;
  }

  static unknown(message = 'Unknown error'): ApiError {
    return new ApiError('UnknownError', message, 500);
  }

  /** Builds the error from a response body; anything unexpected becomes UnknownError. */
  static fromAnswer(status: number, body: unknown): ApiError {
    const error = (body as { error?: { type?: unknown; message?: unknown; fields?: unknown; details?: unknown } } | null)?.error;
    if (error && typeof error.type === 'string') {
      const fields = error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : {};
      const details = error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
      return new ApiError(error.type, typeof error.message === 'string' ? error.message : error.type, status, fields, details);
    }
    return ApiError.unknown();
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** The data of a successful answer, or the answer's error thrown as ApiError. */
export function unwrapAnswer<T>(status: number, body: unknown): T {
  if (status < 400 && body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  throw ApiError.fromAnswer(status >= 400 ? status : 500, body);
}

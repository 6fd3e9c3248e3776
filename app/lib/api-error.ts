/**
 * The error a failed /api call throws, on the server (loaders) and in the browser alike: the
 * answer's error type, message and fields, or a synthetic UnknownError with status 500.
 */
export class ApiError extends Error {
  readonly type: string;
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(type: string, message: string, status: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = type;
    this.type = type;
    this.status = status;
    this.fields = fields;
  }

  static unknown(message = 'Unknown error'): ApiError {
    return new ApiError('UnknownError', message, 500);
  }

  /** Builds the error from a response body; anything unexpected becomes UnknownError. */
  static fromAnswer(status: number, body: unknown): ApiError {
    const error = (body as { error?: { type?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
    if (error && typeof error.type === 'string') {
      const fields = error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : {};
      return new ApiError(error.type, typeof error.message === 'string' ? error.message : error.type, status, fields);
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

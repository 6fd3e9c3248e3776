import { data } from 'react-router';
import { ERROR_STATUS, isErrorType, pageNotFoundMessage } from '../../contract/errors.ts';
import { ApiError } from './api-error.ts';

/** What a page error carries to the error boundary (besides its HTTP status). */
export type PageErrorData = {
  /** The API error type behind it, when there is one (e.g. UserBannedException). */
  type?: string;
  message: string;
  path?: string;
  fatal?: boolean;
};

export function notFound(path: string): never {
  throw data<PageErrorData>({ message: pageNotFoundMessage(path), path }, { status: 404 });
}

/**
 * Converts a failed API call in a loader into a page error with the status of its type: a
 * banned player gets 403 with the banned type (the user-blocked page), a disabled site 503.
 */
export function toPageError(error: unknown): never {
  if (error instanceof ApiError) {
    const status = isErrorType(error.type) ? ERROR_STATUS[error.type] : error.status;
    const fatal = ['UserBannedException', 'ApplicationDisabledException', 'ApplicationUnavailableException'].includes(error.type);
    throw data<PageErrorData>({ type: error.type, message: error.message, fatal }, { status });
  }
  throw error;
}

import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error.ts';

/** What to say about a failed call: the server's (localized) message, or a generic line. */
export function errorMessage(error: unknown, t: TFunction<'profile'>): string {
  if (error instanceof ApiError && error.type !== 'UnknownError' && error.type !== 'InternalServerErrorException' && error.message) {
    return error.message;
  }
  return t('common.genericError');
}

/** Field messages of a failed call, limited to the fields a form shows. */
export function fieldErrors(error: unknown, names: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).filter(([name]) => names.includes(name)));
}

export const isTooManyRequests = (error: unknown): error is ApiError => error instanceof ApiError && error.type === 'TooManyRequestsException';

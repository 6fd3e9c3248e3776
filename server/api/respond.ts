import type { Context } from 'hono';
import { ERROR_STATUS } from '../../contract/errors.ts';
import type { ApiFailure } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';

/**
 * The one mapper from a thrown value to the API's error answer. Typed errors keep their type,
 * message and fields; anything else is logged with its stack and answered as a bare
 * InternalServerErrorException, so no stack or internal detail ever leaves the process.
 */
export function errorResponse(c: Context, error: unknown, logger: Logger): Response {
  if (error instanceof AppError) {
    const body: ApiFailure = { error: { type: error.type, message: error.message } };
    if (error.fields) body.error.fields = error.fields;
    if (error.details) body.error.details = error.details;
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(body, error.status as 400);
  }
  logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error in API call');
  const body: ApiFailure = { error: { type: 'InternalServerErrorException', message: 'Something went wrong' } };
  return c.json(body, ERROR_STATUS.InternalServerErrorException);
}

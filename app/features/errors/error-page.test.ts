import { describe, expect, it } from 'vitest';
import { createAppError } from '../../../contract/errors.ts';
import { errorKind } from './error-page.tsx';

describe('error page choice', () => {
  it.each([
    [404, undefined, 'notFound'],
    [410, undefined, 'notFound'],
    [418, undefined, 'notFound'],
    [403, undefined, 'forbidden'],
    [403, 'UserBannedException', 'userBlocked'],
    [503, 'ApplicationDisabledException', 'maintenance'],
    [503, 'ApplicationUnavailableException', 'maintenance'],
    [500, undefined, 'errorsSlot'],
    [502, undefined, 'errorsSlot'],
  ])('status %i with type %s shows %s', (statusCode, type, kind) => {
    expect(errorKind(createAppError({ statusCode, data: type ? { type } : {} }))).toBe(kind);
  });
});

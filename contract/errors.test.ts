import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, ERROR_TYPES, createAppError, normalizeStatusCode } from './errors.ts';

describe('error catalogue', () => {
  it('has every type of spec 2 section 8, each with the Exception suffix and an HTTP error status', () => {
    const spec = 'UnknownError, ApplicationDisabled, MethodNotFound, Authorization, InvalidRequest, InternalServerError, AccessDenied, UserDeleted, UserBanned, UserNeedDeposit, UserNeedProfileData, UserNeedConfirmContact, ApplicationUnavailable, InvalidParameter, TooManyRequests, BillingServiceError, BillingTransactionDeclined, BillingUnavailable, BillingDepositLimitExceeded, WithdrawalDeclined, WithdrawalLimitsExceeded, WithdrawalLimitsPeriodExceeded, KycUserProfile, KycWithdrawal, StorageQuotaExceeded, SumsubVerificationRequired, RequisitesOnVerification, RequisitesValidationRequired, RequisitesFraudulent'
      .split(', ')
      .map((name) => `${name}Exception`);
    // Responsible gaming adds two types of its own (docs/responsible-gaming.md).
    const added = ['GamingLimitExceededException', 'UserExcludedException'];
    expect([...ERROR_TYPES].sort()).toEqual([...spec, ...added].sort());
    for (const type of ERROR_TYPES) expect(ERROR_STATUS[type]).toBeGreaterThanOrEqual(400);
  });
  it('maps the statuses the issue names', () => {
    expect(ERROR_STATUS.AuthorizationException).toBe(401);
    expect(ERROR_STATUS.AccessDeniedException).toBe(403);
    expect(ERROR_STATUS.UserBannedException).toBe(403);
    expect(ERROR_STATUS.MethodNotFoundException).toBe(404);
    expect(ERROR_STATUS.TooManyRequestsException).toBe(429);
    expect(ERROR_STATUS.ApplicationDisabledException).toBe(503);
    expect(ERROR_STATUS.ApplicationUnavailableException).toBe(503);
  });
});

describe('app error objects', () => {
  it('default to 500 and fall back to it out of range', () => {
    expect(createAppError({}).statusCode).toBe(500);
    expect(normalizeStatusCode(99)).toBe(500);
    expect(normalizeStatusCode(1000)).toBe(500);
    expect(normalizeStatusCode('404')).toBe(404);
    expect(normalizeStatusCode(999)).toBe(999);
    expect(createAppError({ statusCode: 403, fatal: true, data: { type: 'UserBannedException' } })).toEqual({
      statusCode: 403,
      statusMessage: '',
      fatal: true,
      data: { type: 'UserBannedException' },
    });
  });
});

import type { Limit } from '../../platform/rate-limit/index.ts';

/**
 * Abuse limits of the accounts module. Per account they bound what one target can suffer; per IP
 * they bound what one source can try. Windows are fixed; the answer carries Retry-After.
 */
export const LIMITS = {
  /** Failed logins against one account (spec: at most 100 per hour). */
  loginFailuresPerAccount: { name: 'login-fail-account', max: 100, windowSeconds: 3600 },
  /** Failed logins from one address: far fewer, per minute. */
  loginFailuresPerIp: { name: 'login-fail-ip', max: 10, windowSeconds: 60 },
  /** Codes sent to one account (two-factor, confirmation, restore). */
  codeSendsPerAccount: { name: 'code-send-account', max: 10, windowSeconds: 3600 },
  codeSendsPerIp: { name: 'code-send-ip', max: 30, windowSeconds: 3600 },
  /** Wrong codes entered for one account, across codes (each code also dies after 5 tries). */
  codeTriesPerAccount: { name: 'code-try-account', max: 20, windowSeconds: 3600 },
  codeTriesPerIp: { name: 'code-try-ip', max: 30, windowSeconds: 600 },
  registrationsPerIp: { name: 'register-ip', max: 30, windowSeconds: 3600 },
  restoresPerIp: { name: 'restore-ip', max: 10, windowSeconds: 3600 },
  passwordChecksPerAccount: { name: 'password-check-account', max: 10, windowSeconds: 900 },
} as const satisfies Record<string, Limit>;

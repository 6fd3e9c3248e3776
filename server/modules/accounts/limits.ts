import type { Limit } from '../../platform/rate-limit/index.ts';
import type { GuessRules } from './guesses.ts';

/**
 * Abuse limits of the accounts module. Per account they bound what one target can suffer; per IP
 * they bound what one source can try. Windows are fixed; the answer carries Retry-After. Why these
 * numbers, against OWASP ASVS 2.2.1: docs/accounts.md, "Abuse limits".
 */
export const LIMITS = {
  /**
   * Wrong passwords (guesses.ts). Per account, a backoff rather than a cap, so a stranger cannot
   * lock the owner out: at most 91 wrong passwords an hour get checked (ASVS: no more than 100),
   * and the owner waits for a turn, a minute at most.
   */
  passwordGuesses: {
    perAddress: { name: 'login-fail-ip', max: 10, windowSeconds: 60 },
    perAccountAndAddress: { name: 'login-fail-pair', max: 5, windowSeconds: 900 },
    perAccount: {
      name: 'login-fail-account',
      windowSeconds: 3600,
      turns: [
        { afterFailures: 10, turnSeconds: 10 },
        { afterFailures: 20, turnSeconds: 20 },
        { afterFailures: 30, turnSeconds: 40 },
        { afterFailures: 40, turnSeconds: 60 },
      ],
    },
  },
  /**
   * Wrong codes (two-factor, confirmation, restore), across codes; each code also dies after 5
   * wrong tries. Longer turns than passwords: nobody mistypes many codes, and a restore code is
   * open to whoever knows the login.
   */
  codeGuesses: {
    perAddress: { name: 'code-try-ip', max: 30, windowSeconds: 600 },
    perAccountAndAddress: { name: 'code-try-pair', max: 10, windowSeconds: 3600 },
    perAccount: {
      name: 'code-try-account',
      windowSeconds: 3600,
      turns: [
        { afterFailures: 10, turnSeconds: 30 },
        { afterFailures: 20, turnSeconds: 60 },
        { afterFailures: 30, turnSeconds: 120 },
      ],
    },
  },
  /** Codes sent to one account (two-factor, confirmation, restore). */
  codeSendsPerAccount: { name: 'code-send-account', max: 10, windowSeconds: 3600 },
  codeSendsPerIp: { name: 'code-send-ip', max: 30, windowSeconds: 3600 },
  registrationsPerIp: { name: 'register-ip', max: 30, windowSeconds: 3600 },
  restoresPerIp: { name: 'restore-ip', max: 10, windowSeconds: 3600 },
  passwordChecksPerAccount: { name: 'password-check-account', max: 10, windowSeconds: 900 },
} as const satisfies Record<string, Limit | GuessRules>;

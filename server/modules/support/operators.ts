import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeEqual, sha256 } from '../../platform/crypto.ts';
import { enforce, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { recordAudit } from '../staff/index.ts';
import { OPERATOR_NAME_LIMITS } from '../../../contract/support.ts';
import { createSigner, decodeName, encodeName, OPERATOR_SESSION_SECONDS } from './identity.ts';

/**
 * Support operators of the chat console (decision 017): they sign in with their name and the
 * shared SUPPORT_OPERATOR_TOKEN; the answer is a signed HttpOnly session cookie for one shift.
 * Every sign-in, failed or not, is written to operator_audit, like the operators' commands.
 */
export const OPERATOR_LOGIN_LIMIT: Limit = { name: 'support-operator-login', max: 5, windowSeconds: 900 };

export function createOperators(deps: { db: Db; limits: RateLimitStore; appSecret: string; token: string | undefined }) {
  // Changing the operator token changes the key, which ends every console session.
  const signer = deps.token ? createSigner(sha256(`${deps.appSecret}:${deps.token}`), 'support-operator') : null;

  return {
    enabled: signer !== null,

    /** The cookie value of a new console session. */
    async login(name: string, token: string, ip: string): Promise<{ cookie: string; name: string }> {
      if (!signer || !deps.token) throw new AppError('AccessDeniedException', 'The support console is not configured');
      await enforce(deps.limits, ip, OPERATOR_LOGIN_LIMIT);
      const trimmed = name.trim();
      if (trimmed.length < OPERATOR_NAME_LIMITS.min || trimmed.length > OPERATOR_NAME_LIMITS.max) {
        throw new AppError('InvalidParameterException', 'Invalid parameter: name', { fields: { name: `${OPERATOR_NAME_LIMITS.min} to ${OPERATOR_NAME_LIMITS.max} characters` } });
      }
      const ok = safeEqual(sha256(token), sha256(deps.token));
      await recordAudit(deps.db, { actor: trimmed, action: ok ? 'support:login' : 'support:login-refused', subject: `ip:${ip}` });
      if (!ok) throw new AppError('AccessDeniedException', 'Wrong operator token', { fields: { token: 'Wrong operator token' } });
      return { cookie: signer.sign(encodeName(trimmed), OPERATOR_SESSION_SECONDS), name: trimmed };
    },

    /** The operator's name behind a console cookie; null when absent, forged or expired. */
    verify(cookie: string | undefined): string | null {
      const subject = signer?.verify(cookie) ?? null;
      return subject === null ? null : decodeName(subject);
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;

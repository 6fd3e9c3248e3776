import { hmacSha256, randomToken, safeEqual } from '../../platform/crypto.ts';

/**
 * Signed, short-lived identities kept in HttpOnly cookies (decision 017): a guest's chat identity
 * and an operator's console session. Both are `<subject>.<expires, unix seconds>.<hmac>`; nothing
 * is stored server-side, and the key of operator sessions includes SUPPORT_OPERATOR_TOKEN, so
 * changing that token ends every console session at once.
 */
export const GUEST_CHAT_COOKIE = 'chat_guest';
export const OPERATOR_COOKIE = 'support_operator';
/** A guest's chat identity lives a day after its last use (each chat call renews it). */
export const GUEST_CHAT_SECONDS = 24 * 3600;
/** A console session lasts one working shift. */
export const OPERATOR_SESSION_SECONDS = 12 * 3600;

const SUBJECT = /^[A-Za-z0-9_-]{1,120}$/;

export function createSigner(key: string, purpose: string) {
  const mac = (body: string) => hmacSha256(key, `${purpose}:${body}`);
  return {
    sign(subject: string, ttlSeconds: number, now = Date.now()): string {
      const body = `${subject}.${Math.floor(now / 1000) + ttlSeconds}`;
      return `${body}.${mac(body)}`;
    },
    /** The subject of a valid, unexpired value; null for anything else. */
    verify(value: string | undefined, now = Date.now()): string | null {
      if (!value || value.length > 400) return null;
      const parts = value.split('.');
      if (parts.length !== 3) return null;
      const [subject, expires, signature] = parts;
      if (!SUBJECT.test(subject) || !/^\d{1,12}$/.test(expires)) return null;
      if (!safeEqual(signature, mac(`${subject}.${expires}`))) return null;
      return Number(expires) * 1000 > now ? subject : null;
    },
  };
}

export const newGuestId = () => randomToken(16);

/** Operator names travel base64url-encoded in the cookie's subject. */
export const encodeName = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
export const decodeName = (subject: string) => Buffer.from(subject, 'base64url').toString('utf8');

import { hmacSha256, safeEqual } from '../../platform/crypto.ts';

/**
 * Signatures of provider callbacks: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. The timestamp is inside the signed text, so an old callback cannot be
 * replayed with a fresh time; one older than TOLERANCE_SECONDS is refused.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TOLERANCE_SECONDS = 300;

export function signBody(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmacSha256(secret, `${timestamp}.${body}`)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verifySignature(secret: string, body: string, header: string | undefined, now = Date.now()): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return { ok: false, reason: 'malformed' };
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  return safeEqual(parts.v1, hmacSha256(secret, `${timestamp}.${body}`)) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

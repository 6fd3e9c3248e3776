import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A secret token for a cookie or a link: 32 random bytes (256 bits), base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export const hmacSha256 = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex');

/** A code of `length` decimal digits, each drawn uniformly (crypto.randomInt has no modulo bias). */
export function randomDigits(length = 6): string {
  let code = '';
  for (let index = 0; index < length; index++) code += String(randomInt(10));
  return code;
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

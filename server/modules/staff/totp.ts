import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator
 * app reads from an otpauth:// QR code) through otplib. A code is accepted one step either side of
 * now (a phone's clock may drift by that much) and only once: the step it matched must be later
 * than the last one the member used, so a code seen over a shoulder cannot be replayed.
 *
 * The secret is kept encrypted (AES-256-GCM, key derived from APP_SECRET): a copy of the database
 * alone does not hand out second factors.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Croupier back office';

export function createTotp(appSecret: string) {
  const key = createHash('sha256').update(`${appSecret}:staff-totp-secret`).digest();

  function seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  function open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  return {
    /** A new secret: its sealed form to store and the otpauth:// address its QR code shows. */
    enrol(email: string): { sealed: string; secret: string; uri: string } {
      const secret = generateSecret();
      return { sealed: seal(secret), secret, uri: generateURI({ issuer: ISSUER, label: email, secret }) };
    },

    /**
     * The time step a code matched, or null: wrong, outside one step of `now`, or of a step at or
     * before `lastStep` (a replay).
     */
    async check(sealed: string, code: string, lastStep: number | null, now = Date.now()): Promise<number | null> {
      if (!/^[0-9]{6}$/.test(code)) return null;
      const result = await verify({
        secret: open(sealed),
        token: code,
        epoch: Math.floor(now / 1000),
        epochTolerance: TOTP_PERIOD_SECONDS,
        ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
      });
      // otplib answers a TOTP or an HOTP result type; a TOTP match carries the step it matched.
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    },

    /** The current code of a sealed secret (for tests and the ops tool's own checks). */
    code: async (sealed: string, now = Date.now()) => generate({ secret: open(sealed), epoch: Math.floor(now / 1000) }),
  };
}

export type Totp = ReturnType<typeof createTotp>;

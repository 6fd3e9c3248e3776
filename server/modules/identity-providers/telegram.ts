import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram mini-app sign-in data (`window.Telegram.WebApp.initData`), checked exactly as Telegram
 * documents for Web Apps (core.telegram.org/bots/webapps, "Validating data received via the Mini
 * App"):
 *   secret_key = HMAC_SHA256(key "WebAppData", message bot token)
 *   hash       = hex(HMAC_SHA256(key secret_key, message data_check_string))
 * where data_check_string is every received field except `hash`, as `key=value`, sorted by key,
 * joined by "\n". The comparison is constant-time; `auth_date` must be recent (a captured
 * initData must not sign in forever) and not in the future.
 */

export type TelegramUser = {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  language_code?: string;
};

/** Why initData was refused; the API answer carries it as `details.reason`. */
export type TelegramRefusal = 'missing' | 'malformed' | 'signature' | 'stale' | 'future';

export type TelegramCheck = { ok: true; user: TelegramUser; authDate: number } | { ok: false; reason: TelegramRefusal };

/** Clock skew tolerated for an auth_date "in the future" (servers' clocks differ a little). */
const FUTURE_SKEW_SECONDS = 60;

const hmac = (key: string | Buffer, message: string) => createHmac('sha256', key).update(message).digest();

/** The data_check_string of initData: every field but `hash`, `key=value`, sorted, "\n"-joined. */
export function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

/** The hash Telegram would put on these fields for this bot (tests build valid initData with it). */
export function signInitData(params: URLSearchParams, botToken: string): string {
  return hmac(hmac('WebAppData', botToken), dataCheckString(params)).toString('hex');
}

export function verifyInitData(
  initData: string,
  botToken: string,
  options: { maxAgeSeconds: number; now?: Date },
): TelegramCheck {
  if (!initData) return { ok: false, reason: 'missing' };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(initData);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const hash = params.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(signInitData(params, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'signature' };

  // Only signed data is read from here on.
  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, reason: 'malformed' };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (authDate > nowSeconds + FUTURE_SKEW_SECONDS) return { ok: false, reason: 'future' };
  if (nowSeconds - authDate > options.maxAgeSeconds) return { ok: false, reason: 'stale' };

  let user: TelegramUser;
  try {
    user = JSON.parse(params.get('user') ?? '') as TelegramUser;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!user || !Number.isSafeInteger(user.id) || user.id <= 0) return { ok: false, reason: 'malformed' };
  return { ok: true, user, authDate };
}

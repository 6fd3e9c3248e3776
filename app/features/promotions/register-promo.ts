import type { RegisterPromo } from './types.ts';

/**
 * Registration ends with a full page load, so what register answered about the promo code is
 * handed to the next page through session storage; the promotions host shows it there.
 */
const KEY = 'promo_register';

export type RegisterOutcome = { promo: RegisterPromo; code: string };

export function rememberRegisterPromo(promo: RegisterPromo | undefined, code: string): void {
  if (!promo) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ promo, code } satisfies RegisterOutcome));
  } catch {
    // Storage refused (private mode, quota): the bonus is granted all the same, only the popup is lost.
  }
}

/** The outcome once: it is removed as it is read. */
export function takeRegisterPromo(): RegisterOutcome | null {
  try {
    const value = sessionStorage.getItem(KEY);
    if (!value) return null;
    sessionStorage.removeItem(KEY);
    const outcome = JSON.parse(value) as RegisterOutcome;
    return outcome?.promo && typeof outcome.promo.activated === 'boolean' ? outcome : null;
  } catch {
    return null;
  }
}

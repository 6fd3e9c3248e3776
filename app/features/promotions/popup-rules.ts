import { stripLocale } from '../../../contract/locales.ts';
import { PROMO_CODE_ERRORS, type CampaignView, type PromoCodeError } from '../../../contract/promotions.ts';

/**
 * Rules of campaign popups and promo codes (spec 2 sections 2, 4 and 5), kept pure for tests:
 * where a popup may open, what ?popup= asks for, which popups a player has seen, and which
 * message a refused promo code shows.
 */

/** The storage API key of the campaign popups a player has been shown (ids, comma-separated). */
export const SEEN_POPUPS_KEY = 'seen_campaign_popups';
/** Enough to remember every popup campaign of a long while; the oldest ids go first. */
const SEEN_LIMIT = 200;
/** The address hash that opens ?popup= in preview mode (an operator checking a campaign). */
export const PREVIEW_HASH = '#popup-preview';

/** A campaign's system name, its address on the site (the server's rule). */
export const isCampaignSysname = (value: string) => value.length <= 64 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);

/** Campaign popups never open over a game (its page or its frame) nor on the deposit pages. */
export function popupAllowed(pathname: string): boolean {
  const path = stripLocale(pathname);
  if (path.startsWith('/game/') || path.startsWith('/platform/game/')) return false;
  return !(path === '/cashier/deposit' || path.startsWith('/cashier/deposit/'));
}

/** ?popup=<sysname> (the last one when repeated); the hash #popup-preview makes it a preview. */
export function popupFlag(search: string, hash: string): { sysname: string; preview: boolean } | null {
  const sysname = new URLSearchParams(search).getAll('popup').at(-1)?.trim().toLowerCase();
  if (!sysname || !isCampaignSysname(sysname)) return null;
  return { sysname, preview: hash === PREVIEW_HASH };
}

/** The ids a stored value lists; anything unreadable is ignored. */
export function parseSeen(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** The stored value after adding ids (each once, the newest kept when over the limit). */
export function addSeen(seen: number[], ids: number[]): string {
  const all = [...seen.filter((id) => !ids.includes(id)), ...ids];
  return [...new Set(all)].slice(-SEEN_LIMIT).join(',');
}

/** The running popup campaigns a player has not been shown yet, in the server's order. */
export const unseenPopups = <T extends Pick<CampaignView, 'id'>>(items: T[], seen: number[]): T[] => items.filter((item) => !seen.includes(item.id));

/**
 * What a refused promo code shows under the field (spec 2 section 5: by the server's code, falling
 * back to INVALID): a known code's own text; otherwise INVALID, or the server's message about the
 * field when it gave one (a limit, say).
 */
export function promoCodeProblem(error: { details?: Record<string, unknown>; fields?: Record<string, string> } | null | undefined): {
  code: PromoCodeError;
  message: string | null;
} {
  const code = error?.details?.code;
  if (typeof code === 'string' && (PROMO_CODE_ERRORS as readonly string[]).includes(code)) return { code: code as PromoCodeError, message: null };
  return { code: 'INVALID', message: error?.fields?.promo_code ?? null };
}

import type { FieldRule } from './validation.ts';

/**
 * What the site configuration's display switches mean (spec 2 section 3; decision 035 where the
 * spec names a switch without saying what it does). Pure: the pages read them, the tests pin them.
 * An unknown value of a string switch means its default, so an operator's typo never breaks a page.
 */

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** games.gamesItem.type: `default` (artwork, name and provider below) or `compact` (artwork with the name over it). */
export const GAME_ITEM_TYPES = ['default', 'compact'] as const;
export type GameItemType = (typeof GAME_ITEM_TYPES)[number];
export const gameItemType = (value: string | undefined): GameItemType => oneOf(GAME_ITEM_TYPES, value, 'default');

/** games.gamesItem.contentViewType: the hall's games as a `grid` of tiles or a `list` of rows. */
export const CONTENT_VIEW_TYPES = ['grid', 'list'] as const;
export type ContentViewType = (typeof CONTENT_VIEW_TYPES)[number];
export const contentViewType = (value: string | undefined): ContentViewType => oneOf(CONTENT_VIEW_TYPES, value, 'grid');

/** games.gamehall.type: filters `default` (chips above the games) or `sidebar` (a column beside them from laptop width). */
export const GAMEHALL_TYPES = ['default', 'sidebar'] as const;
export type GamehallType = (typeof GAMEHALL_TYPES)[number];
export const gamehallType = (value: string | undefined): GamehallType => oneOf(GAMEHALL_TYPES, value, 'default');

/**
 * functionalSettings.isTwoFAEnable: while off no one turns two-factor on, but a player who has it
 * still sees the panel, to turn it off (a switch never weakens an account's sign-in by itself).
 */
export const twoFactorPanelShown = (offered: boolean, enabled: boolean): boolean => offered || enabled;

// ---------------------------------------------------------------------------------------------
// Forms (forms.registration, forms.restore, forms.profileSettings, forms.currencyConditions)

type ConfiguredField = { fieldName: string; pattern?: string; validationDict?: ReadonlyArray<{ errorType: string; message: string }> };

/**
 * A form's own rules with the operator's definitions laid over them: a configured field the form
 * has gets the field's pattern and messages; fields the form does not have are ignored (a
 * configuration never adds an input the server would not take).
 */
export function withConfiguredFields(rules: Readonly<Record<string, FieldRule>>, fields: readonly ConfiguredField[] = []): Record<string, FieldRule> {
  const merged: Record<string, FieldRule> = { ...rules };
  for (const field of fields) {
    const rule = Object.hasOwn(merged, field.fieldName) ? merged[field.fieldName] : undefined;
    if (!rule) continue;
    merged[field.fieldName] = {
      ...rule,
      ...(field.pattern ? { pattern: field.pattern } : {}),
      ...(field.validationDict?.length ? { validationDict: field.validationDict } : {}),
    };
  }
  return merged;
}

/**
 * forms.currencyConditions: field name -> the account currencies the field is asked for (a
 * Brazilian CPF only from BRL players, say). A field without an entry applies to every currency;
 * an entry applies whatever the case of its codes.
 */
export function fieldAppliesToCurrency(conditions: Readonly<Record<string, readonly string[]>>, fieldName: string, currency: string | null | undefined): boolean {
  const wanted = Object.hasOwn(conditions, fieldName) ? conditions[fieldName] : undefined;
  if (!wanted) return true;
  if (!currency) return false;
  return wanted.some((code) => code.toUpperCase() === currency.toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// The document head's icons (webSettings.favicon)

export type FaviconLink = { rel: 'icon' | 'apple-touch-icon'; href: string; type?: string; sizes?: string };

const TYPES: Record<string, string> = { ico: 'image/x-icon', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp', gif: 'image/gif' };

/**
 * The favicon map, keyed by size and type (spec 2 section 3: `ico`, `png`, `apple`, `png-32x32`,
 * `apple-180x180`, `16x16`...), as the head's links. The file's extension gives its type (a `png`
 * key may name an SVG), else the key; a size in the key becomes `sizes`; a key naming `apple` is an
 * apple-touch-icon. Unsafe addresses are left out. Order: ico, sized icons from small to large,
 * unsized ones, then apple icons (browsers take the last icon that fits); without an apple icon in
 * the map, the site's own.
 */
export function faviconLinks(map: Readonly<Record<string, string>>, appleFallback = DEFAULT_APPLE_ICON): FaviconLink[] {
  const links: Array<FaviconLink & { rank: number; size: number }> = [];
  for (const [key, href] of Object.entries(map)) {
    if (!isIconAddress(href)) continue;
    const lower = key.toLowerCase();
    const size = /(\d{1,4})x(\d{1,4})/.exec(lower);
    const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(href)?.[1]?.toLowerCase();
    const type = (extension && TYPES[extension]) ?? Object.entries(TYPES).find(([name]) => lower.includes(name))?.[1];
    const apple = lower.includes('apple');
    const link: FaviconLink = { rel: apple ? 'apple-touch-icon' : 'icon', href };
    if (type && !apple) link.type = type;
    if (size) link.sizes = `${Number(size[1])}x${Number(size[2])}`;
    const rank = apple ? 3 : type === 'image/x-icon' ? 0 : size ? 1 : 2;
    links.push({ ...link, rank, size: size ? Number(size[1]) : 0 });
  }
  if (!links.some((link) => link.rel === 'apple-touch-icon')) links.push({ rel: 'apple-touch-icon', href: appleFallback, rank: 3, size: 0 });
  return links.sort((a, b) => a.rank - b.rank || a.size - b.size).map(({ rank: _rank, size: _size, ...link }) => link);
}

/** The site's own home-screen icon, used when the map declares no apple icon. */
export const DEFAULT_APPLE_ICON = '/brand/apple-touch-icon.png';

/** A site path (/brand/x.png, not //host) or an https address. */
const isIconAddress = (href: string): boolean => (/^\/(?!\/)/.test(href) || /^https:\/\//i.test(href)) && !/[\s"'<>]/.test(href);

// ---------------------------------------------------------------------------------------------
// The page loader (loader.showPercentProgress, loader.loaderLogo)

/** Milliseconds a navigation runs before the loader shows (a quick one shows nothing). */
export const LOADER_DELAY_MS = 250;

/**
 * The percentage the loader shows after `elapsedMs` of a navigation: the page's data arrives in
 * one answer whose size is unknown beforehand, so this is an estimate that rises quickly, then
 * slows, and never reaches 100 before the page is there (then it shows 100).
 */
export function loaderPercent(elapsedMs: number, done = false): number {
  if (done) return 100;
  const shown = Math.max(0, elapsedMs - LOADER_DELAY_MS);
  return Math.min(95, Math.floor(95 * (1 - Math.exp(-shown / 1200))));
}

// ---------------------------------------------------------------------------------------------
// Cashier inactivity (general info user_inactivity_cashier_time, user_inactivity_pp_time)

/** A payment page: one with a payment form (a deposit, a withdrawal). */
export const isPaymentPage = (pathname: string): boolean => /\/cashier\/(deposit|withdraw)(\/[^/]+)?\/?$/.test(pathname);

/**
 * The idle times that apply on a cashier page (seconds, or null): the cashier's on every cashier
 * page, the payment form's on payment pages only.
 */
export function cashierIdleTimes(general: { user_inactivity_cashier_time: number | null; user_inactivity_pp_time: number | null }, pathname: string): { cashier: number | null; payment: number | null } {
  const positive = (value: number | null) => (value !== null && value > 0 ? value : null);
  return { cashier: positive(general.user_inactivity_cashier_time), payment: isPaymentPage(pathname) ? positive(general.user_inactivity_pp_time) : null };
}

import type { Engine } from '../../../contract/studio.ts';
import { GAME_CATEGORIES, GAMES_PAGE_SIZES } from '../../../contract/constants.ts';

/** A game as games/get answers it (docs/api.md). */
export type Game = {
  sysname: string;
  name: string;
  image_url: string;
  description?: { name?: string; img_288_192?: string } | null;
  provider: string;
  type: string;
  tags?: string[];
  rtp?: string | null;
  volatility?: string;
  has_demo?: boolean;
  /** The studio engine that plays it; null for an external provider's game. */
  engine?: Engine | null;
  /** Operator badges (the back office's games screen): `new`, `hot`. */
  badges?: string[];
};

export type GamesPage = { items: Game[]; total: number };
export type GameCategory = { id: string; name: string; games_count: number };
export type GameProvider = { sysname: string; name: string; games_count: number };

/** Page size of the hall grid (spec 2 section 9). */
export const HALL_PAGE_SIZE = GAMES_PAGE_SIZES[0];
/** Games in a home row or in the search results. */
export const ROW_SIZE = GAMES_PAGE_SIZES[1];

export type CategoryId = (typeof GAME_CATEGORIES)[number];
export const isCategory = (value: string): value is CategoryId => (GAME_CATEGORIES as readonly string[]).includes(value);

/**
 * The live casino: live-dealer games of a live provider (through the aggregator), never the
 * platform's RNG tables. It exists for players only while it holds a game (issue 29).
 */
export const LIVE_CATEGORY = 'live' satisfies CategoryId;

/** Whether the categories (games/getCategories) count at least one live game. */
export const hasLiveGames = (categories: GameCategory[]) => categories.some((category) => category.id === LIVE_CATEGORY && category.games_count > 0);

/** The hall's category filter: an empty live casino is not offered (its address still answers, empty). */
export const offeredCategories = (categories: GameCategory[]) => categories.filter((category) => category.id !== LIVE_CATEGORY || category.games_count > 0);

/** The locale's name and artwork override the plain ones. */
export const gameName = (game: Game) => game.description?.name || game.name;
export const gameImage = (game: Game) => game.description?.img_288_192 || game.image_url;

/** `velvet-room` -> `Velvet Room`, when the provider list has no name for it. */
export const providerLabel = (sysname: string, names?: Record<string, string>) =>
  names?.[sysname] ?? sysname.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ');

/** `?providers=a,b` -> ['a', 'b'] (trimmed, unique, valid sysnames only). */
export function parseProviders(value: string | null | undefined): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const name = part.trim().toLowerCase();
    if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length <= 64) seen.add(name);
  }
  return [...seen].slice(0, 20);
}

/** The hall's own sorts: popular (real-money players of the last 7 days), newest, A to Z. */
export const HALL_SORTS = ['popular', 'new', 'az'] as const;
export type HallSort = (typeof HALL_SORTS)[number];
export const HALL_VOLATILITIES = ['low', 'medium', 'high'] as const;
export type HallVolatility = (typeof HALL_VOLATILITIES)[number];
/** "RTP at least": the steps offered (percent). */
export const HALL_RTP_STEPS = [96, 97, 99] as const;
/** Features a player looks for, by the games' tags. */
export const HALL_FEATURES = ['jackpot', 'bonus-buy', 'cascade', 'provably-fair', 'instant'] as const;
export type HallFeature = (typeof HALL_FEATURES)[number];

/** What narrows and orders the hall besides category and providers (`?sort=&volatility=&rtp=&feature=`). */
export type HallRefine = { sort: HallSort; volatility: HallVolatility | null; rtp: number | null; feature: HallFeature | null };
export const NO_REFINE: HallRefine = { sort: 'popular', volatility: null, rtp: null, feature: null };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : null);

/** The refinements of a hall address; anything unknown is ignored (an old or hand-made link still opens the hall). */
export function parseRefine(params: URLSearchParams): HallRefine {
  const rtp = Number(params.get('rtp'));
  return {
    sort: oneOf(HALL_SORTS, params.get('sort')) ?? 'popular',
    volatility: oneOf(HALL_VOLATILITIES, params.get('volatility')),
    rtp: (HALL_RTP_STEPS as readonly number[]).includes(rtp) ? rtp : null,
    feature: oneOf(HALL_FEATURES, params.get('feature')),
  };
}

/** The query of games/get for one page of the hall. */
export function hallQuery(filter: { category: string; providers: string[]; refine?: HallRefine }, offset: number, count = HALL_PAGE_SIZE) {
  const refine = filter.refine ?? NO_REFINE;
  return {
    offset,
    count,
    category: filter.category,
    ...(filter.providers.length ? { providers: filter.providers } : {}),
    ...(refine.sort !== 'popular' ? { sort_options: refine.sort === 'az' ? 'name' : 'new' } : {}),
    ...(refine.volatility ? { volatility: [refine.volatility] } : {}),
    ...(refine.rtp !== null ? { rtp_min: String(refine.rtp) } : {}),
    ...(refine.feature ? { tags: [refine.feature] } : {}),
  };
}

/** The hall address of a filter: the category as `?category=` (unless all), providers comma-separated, then the refinements. */
export function hallHref(category: string, providers: string[], base = '/gamehall', refine: HallRefine = NO_REFINE): string {
  const params = new URLSearchParams();
  if (category !== 'all') params.set('category', category);
  if (providers.length) params.set('providers', providers.join(','));
  if (refine.sort !== 'popular') params.set('sort', refine.sort);
  if (refine.volatility) params.set('volatility', refine.volatility);
  if (refine.rtp !== null) params.set('rtp', String(refine.rtp));
  if (refine.feature) params.set('feature', refine.feature);
  const search = params.toString().replace(/%2C/g, ',');
  return `${base}${search ? `?${search}` : ''}`;
}

/** Toggles one sysname in a list (the favourites rule, spec 2 section 4, and the provider filter). */
export const toggled = (list: string[], item: string) => (list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item]);

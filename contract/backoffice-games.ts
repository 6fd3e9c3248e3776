/**
 * What the back office's games screens exchange with the server (docs/backoffice.md, "Games
 * catalogue"): the catalogue's games and providers, the jackpot pools and the free-spin packs.
 */

export const GAME_BADGES = ['new', 'hot'] as const;
export type GameBadge = (typeof GAME_BADGES)[number];

export const ADMIN_GAME_SORTS = ['name', 'popularity', 'created_at', 'position'] as const;
export const FREE_SPIN_PACK_STATUSES = ['active', 'used', 'expired', 'cancelled'] as const;
/** Limits of a pack given from the back office. */
export const PACK_LIMITS = { spins: 500, validDays: 90 } as const;
/** The largest share of a bet a pool may take, basis points (10 %). */
export const JACKPOT_MAX_BPS = 1000;
/** The largest seed a pool may start with, major units. */
export const JACKPOT_MAX_SEED_MAJOR = 1_000_000;

export type AdminGameRow = {
  sysname: string;
  name: string;
  provider: string;
  provider_name: string;
  provider_active: boolean;
  type: string;
  engine: string | null;
  rtp: string;
  is_active: boolean;
  badges: GameBadge[];
  /** Countries whose players neither see nor launch it. */
  blocked_countries: string[];
  /** The categories holding the game, with its place in each (1 first). */
  categories: Array<{ id: string; position: number }>;
  image_url: string;
  created_at: string;
};

export type AdminGamesPage = { items: AdminGameRow[]; total: number };
export type AdminCategory = { id: string; names: Record<string, string>; games_count: number };
export type AdminProvider = { sysname: string; name: string; integration: string; is_active: boolean; games_count: number; active_games: number };

export type AdminPoolView = {
  id: number;
  jackpot: string;
  currency: string;
  names: Record<string, string>;
  is_active: boolean;
  /** Major units: what the pool holds now (this cycle's seed and contributions). */
  amount: string;
  /** Major units: what the next cycle starts with. */
  seed: string;
  /** What the current cycle started with. */
  cycle_seed: string;
  /** Share of each eligible bet, basis points (100 = 1 %). */
  contribution_bps: number;
  trigger_stake: string;
  min_bet: string;
  /** Eligible games (null: every game the platform's engines play). */
  games: string[] | null;
  cycle: number;
  cycle_started_at: string;
  hits: Array<{ at: string; user_id: number; game: string; amount: string; cycle: number }>;
};

export type FreeSpinPackView = {
  id: number;
  user_id: number;
  game: string;
  total_count: number;
  remaining_count: number;
  /** Stake of one spin, major units. */
  bet: string;
  currency: string;
  status: string;
  /** The bonus that issued it (null: given from the back office). */
  bonus_id: number | null;
  expires_at: string | null;
  created_at: string;
};
export type FreeSpinPacksPage = { items: FreeSpinPackView[]; total: number };

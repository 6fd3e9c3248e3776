/** The catalogue module: game providers, categories, games, favourites and free spin packs. */
export {
  CATALOGUE_CACHE,
  CATALOGUE_CACHE_MS,
  createCatalogue,
  FREE_SPIN_STATUSES,
  GAME_BADGES,
  GAME_FIELDS,
  GAME_SORTS,
  GAME_TYPES,
  type Catalogue,
  type GameBadge,
  type GameField,
  type GameInfo,
  type GameItem,
  type GameQuery,
  type GameSort,
  type GameType,
  type ProviderInfo,
  declaredRtpsOf,
} from './service.ts';
export {
  closeFreeSpinPack,
  freeSpinPackOwner,
  freeSpinsLeft,
  issueFreeSpinPack,
  nextFreeSpinPack,
  takeFreeSpin,
  type FreeSpinPack,
  type FreeSpinRefusal,
  type IssuePackInput,
} from './free-spins.ts';
export { type AdminGameQuery, type AdminGameRow, type CatalogueAdmin, type FreeSpinPackView, type GamePatch } from './admin.ts';

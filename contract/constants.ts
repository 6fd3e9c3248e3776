/** Business constants of spec 1 section 9 and spec 2 section 9, in one place. */

/** Device classes by viewport width (lower bounds, px). */
export const DEVICE_CLASSES = [
  { name: 'mobile', min: 0 },
  { name: 'tablet', min: 768 },
  { name: 'laptop', min: 992 },
  { name: 'largeLaptop', min: 1280 },
  { name: 'smallDesktop', min: 1366 },
  { name: 'desktop', min: 1440 },
  { name: 'largeDesktop', min: 1920 },
] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number]['name'];

export function deviceClassForWidth(width: number): DeviceClass {
  let current: DeviceClass = 'mobile';
  for (const entry of DEVICE_CLASSES) if (width >= entry.min) current = entry.name;
  return current;
}

export const HISTORY_PAGE_SIZE = 4;
export const RECENT_TRANSACTIONS = 4;
export const BANNERS_PAGE_SIZE = 10;
export const TOURNAMENT_GAMES_INITIAL = 12;
export const GAMES_PAGE_SIZES = [15, 12, 300] as const;
export const FREE_SPINS_FETCH_COUNT = 99;
export const GAME_CATEGORIES = ['all', 'casino', 'slot', 'live', 'fast'] as const;
export const FULL_SCREEN_MODES = ['all', 'telegram', 'product', 'none'] as const;
export const VIRTUAL_SCROLLER_LIMIT = 1000;

export const REGISTRATION_HINT_MS = 7_200_000;
export const CONFIRM_HINT_MS = 432_000_000;
export const INACTIVITY_WARNING_SHARE = 0.8;
export const HIT_TRACKING_DELAY_MS = 3000;
export const CHAT_POLL_MS = 500;

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_SOUND_VOLUME = 0.5;
export const TOAST_SHOW_DELAY_MS = 300;
export const TOAST_ID_LENGTH = 21;

export const HASH_SCROLL_RETRY_MS = 300;
export const HASH_SCROLL_MAX_TRIES = 4;

export const BALANCE_UPDATE_DEFAULTS = {
  isEnabledInterval: false,
  countSecondsForInterval: 10,
  isEnabledRequestsAfterClick: false,
  countSecondsForDelayBetweenClick: 1,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
} as const;

/** Progress percentage (spec 2, section 9): 100 when there is no maximum. */
export function progressPercent(current: number, min: number, max: number | null | undefined): number {
  if (max === null || max === undefined || max === min) return 100;
  return ((current - min) / (max - min)) * 100;
}

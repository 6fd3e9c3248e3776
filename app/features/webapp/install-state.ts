/** Chromium's beforeinstallprompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** localStorage key: when the player last said "not now" to installing (ms since epoch). */
export const DISMISSED_KEY = 'webapp_install_dismissed';

/** A "not now" holds for 30 days; after that the offer may come back once. */
export const DISMISS_FOR_MS = 30 * 24 * 3600 * 1000;

export function isDismissed(stored: string | null, now: number): boolean {
  const at = Number(stored);
  return stored !== null && Number.isFinite(at) && now - at < DISMISS_FOR_MS;
}

import { TOAST_DEFAULT_MS, TOAST_SHOW_DELAY_MS } from '../../../contract/constants.ts';
import type { LoyaltyNotice } from '../../../contract/loyalty.ts';
import type { ToastEntry } from '../toasts/store.ts';
import { noticeAmount, noticeKind, orderNotices } from './rules.ts';

type RunnerDeps = {
  /** loyalty/getnotifications: the unseen notices, marked seen by the call. */
  fetch: () => Promise<LoyaltyNotice[]>;
  show: (toast: Omit<ToastEntry, 'id'>) => void;
  /** Called once per batch that holds a credit notice (the sound). */
  chime?: () => void;
  /** Called when a fetch brought new notices (the loyalty info is read again). */
  onFresh?: () => void;
  delay?: (run: () => void, ms: number) => void;
};

/** A notice as its toast: a credit as success, any other as error; the message and the amount on the second line. */
export function noticeToast(notice: LoyaltyNotice): Omit<ToastEntry, 'id'> {
  const amount = noticeAmount(notice);
  const message = [notice.message, amount].filter(Boolean).join(' · ');
  return { kind: noticeKind(notice), title: notice.title || amount || '', message: message || undefined, durationMs: TOAST_DEFAULT_MS };
}

/**
 * The notices' fetch-and-show loop, apart from React so it can be tested: `request()` fetches
 * (one call at a time; a request during a call runs once more after it), and shows each new notice
 * TOAST_SHOW_DELAY_MS later, oldest first, never the same notice twice. A failed fetch shows nothing.
 */
export function createNoticeRunner({ fetch, show, chime, onFresh, delay = (run, ms) => void setTimeout(run, ms) }: RunnerDeps) {
  const shown = new Set<number>();
  let inFlight: Promise<void> | null = null;
  let again = false;

  async function loop() {
    do {
      again = false;
      const items = await fetch().catch(() => [] as LoyaltyNotice[]);
      const fresh = orderNotices(items).filter((notice) => !shown.has(notice.id));
      if (!fresh.length) continue;
      fresh.forEach((notice) => shown.add(notice.id));
      onFresh?.();
      delay(() => {
        fresh.forEach((notice) => show(noticeToast(notice)));
        if (fresh.some((notice) => notice.type === 'credit')) chime?.();
      }, TOAST_SHOW_DELAY_MS);
    } while (again);
  }

  return {
    request(): Promise<void> {
      if (inFlight) {
        again = true;
        return inFlight;
      }
      inFlight = loop().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

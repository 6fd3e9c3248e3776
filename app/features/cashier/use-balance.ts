import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isLoggedIn, type Amount, type UserInfo } from '../../../contract/api.ts';
import { api } from '../../lib/api-client.ts';
import { isLiveCovering } from '../../lib/live.ts';
import { useRootData } from '../../lib/locale.ts';
import {
  DEFAULT_BALANCE_SETTINGS,
  clickRefreshDelay,
  isBalancePollingAllowed,
  isTurnedOff,
  pollIntervalMs,
  shouldRefreshOnWake,
  type BalanceUpdateSettings,
} from './balance-rules.ts';
import { browserStorage, noteVisitedPath } from './return-path.ts';
import type { Balances } from './types.ts';

/**
 * The player's balances, kept fresh with getBalance through TanStack Query (spec 2 section 4):
 * the root loader's account info is the starting value; the site configuration's
 * settingsForUpdBalance decides whether it refreshes on an interval and after clicks, and whether
 * requests stop after a quiet while. Only for a signed-in player, never on a game page.
 *
 * One poller per page drives the timers, however many components read the balance. While the
 * page's live stream is open (app/lib/live.ts), the server pushes every change and the poller
 * sends nothing; it takes over when the stream drops.
 */
export const balanceQueryKey = (uid: number) => ['balance', uid] as const;

const pickBalances = (user: UserInfo): Balances => ({
  balance_main: user.balance_main,
  balance_bonus: user.balance_bonus,
  balance_betting_bonus: user.balance_betting_bonus,
  balance_fun: user.balance_fun,
});

/** When this page's root data was read: the starting value counts as fresh from then. */
const loadedAt = Date.now();
const STALE_MS = 15_000;

// --- the poller ----------------------------------------------------------------------------------

type PollerInput = { client: QueryClient; uid: number; allowed: boolean; settings: BalanceUpdateSettings };

const poller = {
  users: 0,
  input: null as PollerInput | null,
  lastActivityAt: Date.now(),
  lastRequestAt: null as number | null,
  interval: undefined as ReturnType<typeof setInterval> | undefined,
  clickTimer: undefined as ReturnType<typeof setTimeout> | undefined,
};

function refresh() {
  const input = poller.input;
  if (!input?.allowed) return;
  // The live stream brings every balance change as it happens: polling is only its fallback.
  if (isLiveCovering()) return;
  void input.client.refetchQueries({ queryKey: balanceQueryKey(input.uid), type: 'active' });
}

function schedule() {
  clearInterval(poller.interval);
  poller.interval = undefined;
  const input = poller.input;
  if (!input) return;
  const ms = pollIntervalMs(input.settings, { allowed: input.allowed, now: Date.now(), lastActivityAt: poller.lastActivityAt });
  if (ms === false) return;
  poller.interval = setInterval(() => {
    const current = poller.input;
    if (!current || isTurnedOff(current.settings, Date.now(), poller.lastActivityAt)) {
      schedule(); // stops the interval until activity wakes it
      return;
    }
    refresh();
  }, ms);
}

function markActivity(event?: Event) {
  const now = Date.now();
  const previous = poller.lastActivityAt;
  poller.lastActivityAt = now;
  const input = poller.input;
  if (!input) return;
  if (shouldRefreshOnWake(input.settings, { allowed: input.allowed, now, previousActivityAt: previous })) {
    refresh();
    schedule();
    return;
  }
  if (event?.type === 'click' && poller.clickTimer === undefined) {
    const delay = clickRefreshDelay(input.settings, { allowed: input.allowed, now, lastActivityAt: now, lastRequestAt: poller.lastRequestAt });
    if (delay !== null) {
      poller.clickTimer = setTimeout(() => {
        poller.clickTimer = undefined;
        refresh();
      }, delay);
    }
  }
}

const ACTIVITY_EVENTS = ['click', 'keydown', 'pointerdown', 'touchstart', 'wheel', 'scroll'] as const;

function attach(input: PollerInput): () => void {
  poller.input = input;
  poller.users += 1;
  if (poller.users === 1) {
    poller.lastActivityAt = Date.now();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActivity, { capture: true, passive: true });
  }
  schedule();
  return () => {
    poller.users -= 1;
    if (poller.users > 0) return;
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActivity, { capture: true });
    clearInterval(poller.interval);
    clearTimeout(poller.clickTimer);
    poller.interval = undefined;
    poller.clickTimer = undefined;
    poller.input = null;
  };
}

// --- hooks ---------------------------------------------------------------------------------------

/** All four balances (main, bonus, betting bonus, fun), fresh as the rules allow. */
export function useBalances(): Balances | null {
  const root = useRootData();
  const client = useQueryClient();
  const { pathname, search } = useLocation();
  const user = root?.user;
  const signedIn = isLoggedIn(user);
  const uid = user?.uid ?? 0;
  const allowed = isBalancePollingAllowed(signedIn, pathname);
  const settings = root?.config.functionalSettings.settingsForUpdBalance ?? DEFAULT_BALANCE_SETTINGS;
  const {
    isEnabledInterval,
    countSecondsForInterval,
    isEnabledRequestsAfterClick,
    countSecondsForDelayBetweenClick,
    isEnabledTurnOffRequests,
    countMinutesAfterWhichRequestsTurnedOff,
  } = settings;

  const query = useQuery({
    queryKey: balanceQueryKey(uid),
    queryFn: ({ signal }) => {
      poller.lastRequestAt = Date.now();
      return api<Balances>('getBalance', { signal });
    },
    enabled: allowed,
    initialData: user ? pickBalances(user) : undefined,
    initialDataUpdatedAt: loadedAt,
    staleTime: STALE_MS,
  });

  // A revalidated root loader (after a profile change, a sign-in ...) carries fresher balances.
  const seenUser = useRef(user);
  useEffect(() => {
    if (!user || seenUser.current === user) return;
    seenUser.current = user;
    if (isLoggedIn(user)) client.setQueryData(balanceQueryKey(user.uid), pickBalances(user));
  }, [client, user]);

  useEffect(() => {
    if (!signedIn) return;
    return attach({
      client,
      uid,
      allowed,
      settings: {
        isEnabledInterval,
        countSecondsForInterval,
        isEnabledRequestsAfterClick,
        countSecondsForDelayBetweenClick,
        isEnabledTurnOffRequests,
        countMinutesAfterWhichRequestsTurnedOff,
      },
    });
  }, [
    client,
    uid,
    signedIn,
    allowed,
    isEnabledInterval,
    countSecondsForInterval,
    isEnabledRequestsAfterClick,
    countSecondsForDelayBetweenClick,
    isEnabledTurnOffRequests,
    countMinutesAfterWhichRequestsTurnedOff,
  ]);

  // A route change is activity too; it also notes the page a later deposit returns to.
  useEffect(() => {
    markActivity();
    noteVisitedPath(browserStorage('sessionStorage'), `${pathname}${search}`);
  }, [pathname, search]);

  return query.data ?? (user ? pickBalances(user) : null);
}

/** The main balance (falls back to the root account info's). */
export function useBalance(): Amount {
  const balances = useBalances();
  return balances?.balance_main ?? { amount: '0.00', currency: 'EUR' };
}

/** Refetches the balance now (after a deposit, a withdrawal or its cancellation). */
export function useRefreshBalance(): () => Promise<void> {
  const client = useQueryClient();
  const uid = useRootData()?.user.uid ?? 0;
  return useCallback(() => client.invalidateQueries({ queryKey: balanceQueryKey(uid) }), [client, uid]);
}

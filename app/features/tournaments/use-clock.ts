import { useSyncExternalStore } from 'react';

function subscribe(notify: () => void) {
  const id = setInterval(notify, 1000);
  return () => clearInterval(id);
}
const snapshot = () => Math.floor(Date.now() / 1000) * 1000;

/** The time, every second, for countdowns; the loader's time on the server and while hydrating. */
export function useClock(serverNow: number): number {
  return useSyncExternalStore(subscribe, snapshot, () => serverNow);
}

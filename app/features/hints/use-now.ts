import { useSyncExternalStore } from 'react';

/** The clock, read every 15 seconds: fine enough for hints measured in hours and days. */
const STEP_MS = 15_000;

function subscribe(notify: () => void) {
  const id = setInterval(notify, STEP_MS);
  return () => clearInterval(id);
}

const snapshot = () => Math.floor(Date.now() / STEP_MS) * STEP_MS;

/**
 * The current time for time-based rules, without making render impure. On the server and while
 * hydrating it is `serverNow` (the time a loader rendered with, so both sides agree); without one
 * it is null there, and the caller renders nothing until the browser takes over.
 */
export function useNow(serverNow: number | null = null): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => serverNow);
}

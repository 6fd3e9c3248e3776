/**
 * Inactivity logout (spec 1 section 4), as a pure timer with an injectable clock: when signed in
 * and `time_to_force_logout` is set, a warning appears at 80% of that time with a countdown over
 * the last 20%; at the full time the user is logged out. Activity (a key press, click, scroll or
 * route change) resets the timer and ends the warning. Stopping (logging out) clears everything.
 *
 * Times are kept as deadlines and checked against the clock whenever a timer fires, so a timer
 * that fires late (a sleeping laptop, a throttled background tab) still lands in the right phase.
 */
export const WARNING_SHARE = 0.8;

export type InactivityPhase = 'stopped' | 'active' | 'warning' | 'expired';

export type Scheduler = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type InactivityCallbacks = {
  /** The warning starts; the user will be logged out at `logoutAt` (ms, on the scheduler's clock). */
  onWarning(logoutAt: number): void;
  /** Activity during the warning: the warning ends and the timer starts over. */
  onWarningEnd(): void;
  /** The full time passed without activity: log the user out. Called once. */
  onExpire(): void;
};

export type InactivityTimer = {
  /** Starts (or restarts) counting from now. */
  start(): void;
  /** Activity: counts from now again; ends the warning if it is showing. Ignored once stopped or expired. */
  activity(): void;
  /** Stops every timer (logging out); nothing is called afterwards. */
  stop(): void;
  phase(): InactivityPhase;
  /** When the logout happens if nothing else occurs (ms), or null when stopped or expired. */
  logoutAt(): number | null;
};

/** Milliseconds after the last activity at which the warning shows and the logout happens. */
export function inactivityTimes(totalSeconds: number): { warnAfterMs: number; logoutAfterMs: number } {
  const logoutAfterMs = Math.max(0, totalSeconds) * 1000;
  return { warnAfterMs: Math.round(logoutAfterMs * WARNING_SHARE), logoutAfterMs };
}

/** Whole seconds left before `logoutAt`, rounded up, never negative (what the countdown shows). */
export const secondsLeft = (logoutAt: number, now: number): number => Math.max(0, Math.ceil((logoutAt - now) / 1000));

export const browserScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createInactivityTimer(
  totalSeconds: number,
  callbacks: InactivityCallbacks,
  scheduler: Scheduler = browserScheduler,
): InactivityTimer {
  const { warnAfterMs, logoutAfterMs } = inactivityTimes(totalSeconds);
  let phase: InactivityPhase = 'stopped';
  let lastActivity = 0;
  let handle: unknown = null;

  const clear = () => {
    if (handle !== null) scheduler.clearTimeout(handle);
    handle = null;
  };

  function check() {
    handle = null;
    if (phase !== 'active' && phase !== 'warning') return;
    const now = scheduler.now();
    const logoutAt = lastActivity + logoutAfterMs;
    if (now >= logoutAt) {
      phase = 'expired';
      callbacks.onExpire();
      return;
    }
    const warnAt = lastActivity + warnAfterMs;
    if (now >= warnAt) {
      if (phase !== 'warning') {
        phase = 'warning';
        callbacks.onWarning(logoutAt);
      }
      handle = scheduler.setTimeout(check, logoutAt - now);
      return;
    }
    handle = scheduler.setTimeout(check, warnAt - now);
  }

  function start() {
    clear();
    const wasWarning = phase === 'warning';
    phase = 'active';
    lastActivity = scheduler.now();
    if (wasWarning) callbacks.onWarningEnd();
    check();
  }

  return {
    start,
    activity() {
      if (phase === 'active' || phase === 'warning') start();
    },
    stop() {
      clear();
      phase = 'stopped';
    },
    phase: () => phase,
    logoutAt: () => (phase === 'active' || phase === 'warning' ? lastActivity + logoutAfterMs : null),
  };
}

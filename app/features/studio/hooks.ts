import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The player's prefers-reduced-motion setting, live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * `wait(ms)` for animation sequences: resolves after `ms`, or never once the component is gone
 * (so a sequence simply stops). `cancelAll()` drops every pending wait.
 */
export function useWait() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        if (ms <= 0) return resolve();
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          resolve();
        }, ms);
        timers.current.add(timer);
      }),
    [],
  );
}

/** The latest value in a ref, for callbacks registered once. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Makes `action` the game's primary action (Space on the game, the frame's play command) while the
 * client is mounted, always calling its latest version: registered once, so a re-render does not
 * re-register it.
 */
export function usePrimaryAction(session: { setPrimaryAction: (action: (() => void) | null) => void }, action: () => unknown) {
  const latest = useLatest(action);
  useEffect(() => {
    session.setPrimaryAction(() => void latest.current());
    return () => session.setPrimaryAction(null);
    // Once per mount: `latest` follows the action, and the session's setter does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * How far an animation of `duration` ms has run, 0..1, frame by frame (requestAnimationFrame),
 * for the run `key` names (a new key starts again from 0). 1 at once under reduced motion; 0
 * while there is no run.
 */
export function useAnimationProgress(key: number | null, duration: number, reducedMotion: boolean): number {
  const [progress, setProgress] = useState<{ key: number; value: number } | null>(null);
  useEffect(() => {
    if (key === null || reducedMotion) return;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const value = Math.min(1, (now - started) / duration);
      setProgress({ key, value });
      if (value < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [key, duration, reducedMotion]);
  if (key === null) return 0;
  if (reducedMotion) return 1;
  return progress?.key === key ? progress.value : 0;
}

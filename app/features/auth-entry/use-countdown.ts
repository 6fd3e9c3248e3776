import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second; `restart(seconds)` sets a new deadline.
 * Kept as a deadline rather than a decrementing counter, so a throttled tab still shows the truth.
 */
export function useCountdown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [left, setLeft] = useState(Math.max(0, Math.ceil(initialSeconds)));

  useEffect(() => {
    if (!deadline) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline]);

  const restart = useCallback((seconds: number) => {
    const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    setLeft(Math.ceil(safe));
    setDeadline(safe ? Date.now() + safe * 1000 : 0);
  }, []);

  return { left, restart };
}

/** 75 -> "1:15", 9 -> "0:09". */
export const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown for "send again in N s": `start(60)` begins it, `left` is the whole
 * seconds remaining (0 when idle or done).
 */
export function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (until === null) return;
    const id = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 250);
    return () => clearInterval(id);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + Math.max(0, seconds) * 1000);
  }, []);
  const stop = useCallback(() => setUntil(null), []);

  const left = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { left, start, stop };
}

/** Seconds to wait from a TooManyRequests answer (`details.retry_after`), or the default. */
export function retryAfterSeconds(details: Record<string, unknown> | undefined, fallback: number): number {
  const value = Number(details?.retry_after);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : fallback;
}

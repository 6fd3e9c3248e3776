import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { showRoll } from './dice-logic.ts';

/**
 * The rolled number: while `rolling`, digits race; then it lands on `value` (hundredths). A new
 * `rollKey` starts the race again; `duration` 0 shows the value at once.
 */
export function useRollingNumber(value: number | null, rollKey: number, duration: number): { shown: number | null; landing: boolean } {
  const [settledKey, setSettledKey] = useState(rollKey);
  const [noise, setNoise] = useState<number | null>(null);
  useEffect(() => {
    if (value === null || duration <= 0) return;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - started) / duration);
      if (p >= 1) {
        setSettledKey(rollKey);
        return;
      }
      // Random digits that settle towards the result as time runs out.
      const spread = Math.round(10000 * (1 - p) ** 2);
      setNoise(Math.min(9999, Math.max(0, value + Math.floor(Math.random() * (2 * spread + 1)) - spread)));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // A roll restarts only with its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rollKey]);
  const landing = duration > 0 && value !== null && settledKey !== rollKey;
  return { shown: landing ? (noise ?? value) : value, landing };
}

export function RollNumber({ shown, won, landing, className }: { shown: number | null; won: boolean | null; landing: boolean; className?: string }) {
  return (
    <span
      className={clsx(
        'font-black tabular-nums transition-colors',
        landing ? 'text-white' : won === null ? 'text-ink-200' : won ? 'text-jade-400 drop-shadow-[0_0_24px_rgba(62,230,164,0.55)]' : 'text-ruby-400 drop-shadow-[0_0_24px_rgba(255,107,129,0.45)]',
        className,
      )}
      data-testid="dice-roll"
      data-landing={landing || undefined}
    >
      {shown === null ? '--.--' : showRoll(shown)}
    </span>
  );
}

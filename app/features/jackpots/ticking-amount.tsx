import clsx from 'clsx';
import { useLayoutEffect, useRef } from 'react';
import { money, wholeMoney } from './format.ts';

const DURATION_MS = 1_400;

const display = (value: number, currency: string, whole: boolean) => (whole ? wholeMoney(value, currency) : money(Math.round(value * 100) / 100, currency));

/**
 * A money amount that rolls to its new value when it changes (ease-out, about a second and a
 * half), glowing while it rolls. React renders the exact amount (server and browser agree); the
 * frames in between are written straight into the element's text, so rolling re-renders nothing.
 * Reduced motion jumps to the value.
 */
export function TickingAmount({ amount, currency, whole = false, className }: { amount: string; currency: string; whole?: boolean; className?: string }) {
  const target = Number(amount);
  const ref = useRef<HTMLSpanElement>(null);
  const last = useRef(target);

  useLayoutEffect(() => {
    const node = ref.current;
    const from = last.current;
    last.current = target;
    if (!node || from === target || !Number.isFinite(target) || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const start = performance.now();
    let frame = 0;
    const finish = () => {
      node.textContent = display(target, currency, whole);
      delete node.dataset.rolling;
    };
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / DURATION_MS);
      if (progress >= 1) return finish();
      node.textContent = display(from + (target - from) * (1 - (1 - progress) ** 3), currency, whole);
      frame = requestAnimationFrame(step);
    };
    node.dataset.rolling = '';
    node.textContent = display(from, currency, whole);
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
  }, [target, currency, whole]);

  return (
    <span
      ref={ref}
      className={clsx('tabular-nums transition-[filter] duration-500 data-[rolling]:drop-shadow-[0_0_14px_rgba(255,210,90,0.65)]', className)}
      data-testid="jackpot-amount"
      data-amount={amount}
    >
      {display(target, currency, whole)}
    </span>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { browserStorage, takeSuccessReturn } from './return-path.ts';
// The return bar's animation (cashier-return).
import './cashier.css';

/**
 * How long the success page shows before it takes the player back: time to read its title, the
 * amount and the method (the button goes back at once).
 */
export const RETURN_DELAY_MS = 8000;

/** Whole seconds left of the wait, as the countdown shows them. */
export const secondsLeft = (elapsedMs: number): number => Math.max(0, Math.ceil((RETURN_DELAY_MS - elapsedMs) / 1000));

/**
 * The success page's way back (spec 2 section 4): the return address kept by the deposit page is
 * read once, removed, then navigated to after a few seconds counted down on the page, or at once on
 * the button. The player may also choose to stay.
 */
export function SuccessReturn() {
  const { t } = useTranslation('cashier');
  const navigate = useNavigate();
  const taken = useRef<string | null | undefined>(undefined);
  const [target, setTarget] = useState<string | null>(null);
  const [staying, setStaying] = useState(false);
  const [left, setLeft] = useState(() => secondsLeft(0));

  useEffect(() => {
    if (taken.current === undefined) taken.current = takeSuccessReturn(browserStorage('localStorage'));
    setTarget(taken.current);
  }, []);

  useEffect(() => {
    if (!target || staying) return;
    const started = Date.now();
    const tick = setInterval(() => setLeft(secondsLeft(Date.now() - started)), 250);
    const timer = setTimeout(() => void navigate(target), RETURN_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [target, staying, navigate]);

  if (!target) return null;
  return (
    <div className="mt-6 w-full rounded-2xl bg-jade-500/10 p-4 ring-1 ring-jade-500/25" data-testid="payment-return" aria-live="polite">
      <p className="text-sm text-jade-400">{staying ? t('result.stayed') : t('result.returning', { count: left })}</p>
      {!staying && (
        <div className="mt-3 h-1 overflow-hidden rounded-full bg-ink-700" aria-hidden="true">
          <div className="h-full origin-left rounded-full bg-jade-400" style={{ animation: `cashier-return ${RETURN_DELAY_MS}ms linear forwards` }} />
        </div>
      )}
      <div className="mt-3 flex justify-center gap-2">
        <Button size="sm" onClick={() => void navigate(target)} data-testid="payment-return-now">
          {t('result.returnNow')}
        </Button>
        {!staying && (
          <Button size="sm" variant="ghost" onClick={() => setStaying(true)} data-testid="payment-return-stay">
            {t('result.stay')}
          </Button>
        )}
      </div>
    </div>
  );
}

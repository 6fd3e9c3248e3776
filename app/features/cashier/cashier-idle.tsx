import { useGatesT } from './gates-i18n.ts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { create } from 'zustand';
import { isLoggedIn } from '../../../contract/api.ts';
import { cashierIdleTimes } from './idle-rules.ts';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { createInactivityTimer, secondsLeft, type InactivityTimer } from '../session/inactivity.ts';
import { useToasts } from '../toasts/store.ts';

/** Activity that keeps the cashier open, as for the inactivity logout (spec 1 section 4); route changes count too. */
const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll', 'input'] as const;

/**
 * The payment forms' generation: the deposit and withdrawal routes key their page on it, so a
 * payment form left idle too long is dropped with everything typed in it; `cleared` tells the
 * new form why it is empty.
 */
export const usePaymentForms = create<{ generation: number; cleared: { seconds: number; path: string } | null; clear(seconds: number, path: string): void; seen(): void }>((set) => ({
  generation: 0,
  cleared: null,
  clear: (seconds, path) => set((state) => ({ generation: state.generation + 1, cleared: { seconds, path } })),
  seen: () => set({ cleared: null }),
}));

type Warning = { kind: 'cashier' | 'payment'; at: number };

/** "90 s" or "2 min": how long the player was idle. */
export function idleDuration(seconds: number, t: (key: string, options: Record<string, unknown>) => string): string {
  return seconds < 120 ? t('idle.seconds', { count: seconds }) : t('idle.minutes', { count: Math.round(seconds / 60) });
}

/**
 * Cashier inactivity (general info user_inactivity_cashier_time and user_inactivity_pp_time;
 * decision 035). Signed in, on a cashier page: after the cashier time without a key press,
 * click, scroll or route change the cashier closes (the player goes home, a notice says why);
 * on a payment page (deposit, withdrawal) after the payment time the form is cleared of what was
 * typed. Each warns from 80% of its time with a countdown, like the inactivity logout.
 */
export function CashierIdle() {
  const { t } = useGatesT();
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const signedIn = isLoggedIn(root?.user);
  const times = root ? cashierIdleTimes(root.general, location.pathname) : { cashier: null, payment: null };
  const [warning, setWarning] = useState<Warning | null>(null);
  const cleared = usePaymentForms((state) => state.cleared);
  const timers = useRef<InactivityTimer[]>([]);
  const home = localize('/');
  const closedTitle = t('idle.closedTitle');

  useEffect(() => {
    if (!signedIn || (times.cashier === null && times.payment === null)) return;
    const made: InactivityTimer[] = [];
    const end = (kind: Warning['kind']) => setWarning((current) => (current?.kind === kind ? null : current));
    if (times.cashier !== null) {
      const seconds = times.cashier;
      made.push(
        createInactivityTimer(seconds, {
          onWarning: (at) => setWarning({ kind: 'cashier', at }),
          onWarningEnd: () => end('cashier'),
          onExpire() {
            end('cashier');
            useToasts.getState().show({ kind: 'info', title: closedTitle, message: t('idle.closedText', { duration: idleDuration(seconds, t) }), durationMs: 60_000 });
            void navigate(home, { replace: true });
          },
        }),
      );
    }
    if (times.payment !== null) {
      const seconds = times.payment;
      const timer: InactivityTimer = createInactivityTimer(seconds, {
        onWarning: (at) => setWarning({ kind: 'payment', at }),
        onWarningEnd: () => end('payment'),
        onExpire() {
          end('payment');
          // The address keeps its method, not what a method switch carried (amount, requisites); the
          // page opens at its top, where the notice says why the form is empty.
          void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
          usePaymentForms.getState().clear(seconds, location.pathname);
        },
      });
      made.push(timer);
    }
    const onActivity = () => {
      for (const timer of made) timer.activity();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    for (const timer of made) timer.start();
    timers.current = made;
    document.documentElement.dataset.cashierIdle = 'armed';
    return () => {
      delete document.documentElement.dataset.cashierIdle;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      for (const timer of made) timer.stop();
      timers.current = [];
      setWarning(null);
    };
    // location.pathname: a payment page and another cashier page arm different timers.
    // The address and the functions read at expiry are those of when the timers were armed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, times.cashier, times.payment, home, closedTitle, location.pathname]);

  // A route change within the cashier is activity too.
  useEffect(() => {
    for (const timer of timers.current) timer.activity();
  }, [location.key]);

  return (
    <>
      {warning && <IdleWarning key={`${warning.kind}:${warning.at}`} warning={warning} />}
      {cleared?.path === location.pathname && !warning && (
        <div role="status" className="mb-4 flex items-start gap-3 rounded-2xl bg-ink-850 px-4 py-3 text-sm text-ink-200 ring-1 ring-white/10" data-testid="cashier-idle-cleared">
          <Icon name="info" size={18} className="mt-0.5 shrink-0 text-gold-400" />
          <span className="flex-1">{t('idle.clearedText', { duration: idleDuration(cleared.seconds, t) })}</span>
          <button type="button" onClick={() => usePaymentForms.getState().seen()} className="shrink-0 text-xs font-semibold text-gold-400 hover:text-gold-300">
            {t('idle.dismiss')}
          </button>
        </div>
      )}
    </>
  );
}

/** The countdown before the cashier closes or the payment form is cleared. */
function IdleWarning({ warning }: { warning: Warning }) {
  const { t } = useGatesT();
  const [left, setLeft] = useState(() => secondsLeft(warning.at, Date.now()));
  useEffect(() => {
    const tick = window.setInterval(() => setLeft(secondsLeft(warning.at, Date.now())), 250);
    return () => window.clearInterval(tick);
  }, [warning.at]);
  return (
    // Fixed under the header: the player may be anywhere down the page.
    <div role="status" className="fixed inset-x-4 top-[calc(var(--header-height)+12px)] z-50 mx-auto flex max-w-lg items-center gap-3 rounded-2xl bg-ink-900/95 px-4 py-3 text-sm text-amber-100 shadow-2xl ring-1 ring-amber-300/40 backdrop-blur" data-testid="cashier-idle-warning" data-kind={warning.kind}>
      <Icon name="clock" size={18} className="shrink-0 text-amber-300" />
      <span>{t(warning.kind === 'cashier' ? 'idle.cashierWarning' : 'idle.paymentWarning', { seconds: left })}</span>
    </div>
  );
}

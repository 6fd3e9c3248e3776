import clsx from 'clsx';
import { showAmount } from './money.ts';

/** The spin button's arrow, shared by the slots. */
export const SPIN_ICON = (
  <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v5h-5" />
  </svg>
);

const TONES = {
  violet: { loud: 'bg-gradient-to-b from-violet-700/95 to-fuchsia-900/95 ring-gold-300', quiet: 'ring-gold-400/60', text: 'text-gold-300' },
  sea: { loud: 'bg-gradient-to-b from-cyan-700/95 to-blue-950/95 ring-cyan-200', quiet: 'ring-cyan-300/60', text: 'text-cyan-200' },
} as const;

/**
 * A slot's banner over its message row: a title and, when given, an amount. `loud` (free spins,
 * big wins) gets the shimmering title; a plain win stays quiet.
 */
export function WinBanner({ title, amount, currency, loud, tone, testId, kind }: { title: string; amount: string | null; currency: string; loud: boolean; tone: keyof typeof TONES; testId: string; kind: string }) {
  const look = TONES[tone];
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center" data-testid={testId} data-kind={kind}>
      <div
        className={clsx(
          'studio-pop flex max-w-full flex-col items-center rounded-2xl px-5 py-1.5 text-center shadow-[0_12px_40px_rgba(0,0,0,0.6)] ring-2 backdrop-blur-md tablet:flex-row tablet:items-baseline tablet:gap-3 tablet:px-7',
          loud ? look.loud : clsx('bg-ink-950/90', look.quiet),
        )}
      >
        <p className={clsx('font-black tracking-wider uppercase', loud ? 'studio-shimmer-text text-2xl' : clsx('text-base tablet:text-xl', look.text))}>{title}</p>
        {amount && (
          <p className="text-xl font-black whitespace-nowrap text-white tabular-nums tablet:text-2xl" data-testid={`${testId}-amount`}>
            {showAmount(amount)} <span className={clsx('text-xs font-bold tablet:text-base', look.text)}>{currency}</span>
          </p>
        )}
      </div>
    </div>
  );
}

/** The last round's win beside the spin button: green once it beats the stake. */
export function LastWinBox({ label, amount, beats, testId }: { label: string; amount: string; beats: boolean; testId: string }) {
  return (
    <div className="min-w-[5.5rem] text-center" data-testid={testId}>
      <span className="mb-1 block text-[10px] font-bold tracking-[0.16em] text-ink-300 uppercase">{label}</span>
      <span className={clsx('block rounded-2xl bg-black/40 px-2 py-2 text-base font-extrabold tabular-nums ring-1 ring-white/10', beats ? 'text-jade-400' : 'text-ink-200')}>{showAmount(amount)}</span>
    </div>
  );
}

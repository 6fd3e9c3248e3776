import clsx from 'clsx';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatTime, statusTone } from './format.ts';

/** Small building blocks shared by the cashier pages. */

/** A block of a cashier page: the design system's panel. */
export { Panel as Card } from '../../ui/panel.tsx';

/** A numbered step title inside a form. */
export function StepTitle({ step, children, aside }: { step: number; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center gap-3">
      <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-gold-500/15 text-sm font-bold text-gold-300 ring-1 ring-gold-400/30">
        {step}
      </span>
      <h2 className="flex-1 text-base font-bold">{children}</h2>
      {aside}
    </div>
  );
}

const TONES = {
  jade: 'bg-jade-500/10 text-jade-400 ring-jade-500/30',
  ruby: 'bg-ruby-500/10 text-ruby-400 ring-ruby-500/30',
  gold: 'bg-gold-500/10 text-gold-300 ring-gold-500/30',
  ink: 'bg-white/5 text-ink-300 ring-white/10',
} as const;

/** A payment status as a coloured pill, in the page's language. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('cashier');
  const tone = statusTone(status);
  return (
    <span
      className={clsx('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1', TONES[tone], className)}
      data-testid="status-badge"
      data-status={status}
    >
      <span className={clsx('h-1.5 w-1.5 rounded-full bg-current', tone === 'gold' && 'animate-pulse')} aria-hidden="true" />
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

const subscribeNothing = () => () => {};

/**
 * True once the page runs in the browser after hydration. Server and hydration render the UTC
 * time (so both agree); the browser then switches to the player's own clock.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** A payment time: dd.mm.yyyy H:mm, or only the date or the time. */
export function DateTime({ iso, part = 'both', className }: { iso: string; part?: 'both' | 'date' | 'time'; className?: string }) {
  const { t } = useTranslation('cashier');
  const client = useIsClient();
  const clock = client ? {} : ({ timeZone: 'UTC' } as const);
  const text =
    part === 'date' ? formatDate(iso, clock) : part === 'time' ? formatTime(iso, clock) : formatDateTime(iso, { ...clock, joiner: t('dateJoiner') });
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}

/** Label and value on one line of a summary (receipt, details, limits). */
export function Row({ label, children, strong = false, testId }: { label: ReactNode; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-ink-300">{label}</dt>
      <dd className={clsx('min-w-0 text-right break-words', strong ? 'text-base font-bold text-white' : 'text-sm font-medium text-ink-100')} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

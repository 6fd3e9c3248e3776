import clsx from 'clsx';
import type { EventView, MarketView } from '../../../contract/betting.ts';
import { formatDate, formatTime } from '../cashier/format.ts';
import { useBettingT } from './i18n.ts';

/** The event's main market in a list: the result (1X2, or the winner where a draw cannot be). */
export const mainMarket = (event: EventView): MarketView | undefined =>
  event.markets.find((market) => market.type === '1x2') ?? event.markets.find((market) => market.type === 'match_winner');

/** The short label of a result price: 1, X, 2. */
export const resultLabel = (key: string) => (key === 'home' ? '1' : key === 'draw' ? 'X' : key === 'away' ? '2' : '');

/** "LIVE" with a beating dot and the clock ("67'", "Set 2 · 3–4"). */
export function LiveBadge({ event, className }: { event: Pick<EventView, 'clock'>; className?: string }) {
  const { t } = useBettingT();
  return (
    <span className={clsx('inline-flex items-center gap-1.5 text-xs font-bold', className)} data-testid="live-badge">
      <span className="inline-flex items-center gap-1 rounded-md bg-ruby-500/15 px-1.5 py-0.5 text-ruby-400 ring-1 ring-ruby-400/30">
        <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-ruby-400" aria-hidden="true" />
        {t('live.badge')}
      </span>
      {event.clock && <span className="text-ruby-300 tabular-nums" data-testid="live-clock">{event.clock.label}</span>}
    </span>
  );
}

/** When a scheduled event starts: "Today 18:30", "Tomorrow 9:00" or "28.11 20:45". */
export function StartTime({ iso, className }: { iso: string; className?: string }) {
  const { t } = useBettingT();
  const date = new Date(iso);
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 86_400_000);
  const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  const day = sameDay(date, today) ? t('time.today') : sameDay(date, tomorrow) ? t('time.tomorrow') : formatDate(iso).slice(0, 5);
  return (
    <time dateTime={iso} className={clsx('text-xs text-ink-400 tabular-nums', className)} suppressHydrationWarning>
      {day} {formatTime(iso)}
    </time>
  );
}

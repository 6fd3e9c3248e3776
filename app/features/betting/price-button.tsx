import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import type { EventView, MarketView, SelectionView } from '../../../contract/betting.ts';
import { Icon } from '../../ui/icon.tsx';
import { compareOdds } from './odds.ts';
import { useShowOdds } from './odds-format.tsx';
import { useSlip } from './slip-store.ts';

/** How long a moved price stays lit. */
const FLASH_MS = 1800;

/**
 * One price: a button that adds the selection to the slip (or takes it out). When the price moves
 * it flashes green (up) or red (down) with an arrow; a suspended market greys it with a lock.
 */
export function PriceButton({
  event,
  market,
  selection,
  label,
  className,
}: {
  event: EventView;
  market: MarketView;
  selection: SelectionView;
  /** Shown above the price (1 / X / 2, Over 2.5 ...). */
  label?: string;
  className?: string;
}) {
  const show = useShowOdds();
  const inSlip = useSlip((state) => state.picks.some((pick) => pick.selectionId === selection.id));
  const toggle = useSlip((state) => state.toggle);
  const flash = usePriceFlash(selection.odds);
  const suspended = market.status !== 'open' || (event.status !== 'scheduled' && event.status !== 'live');

  return (
    <button
      type="button"
      disabled={suspended}
      aria-pressed={inSlip}
      aria-label={`${selection.name} ${show(selection.odds)}`}
      onClick={() =>
        toggle({
          selectionId: selection.id,
          eventId: event.id,
          odds: selection.odds,
          current: selection.odds,
          suspended: false,
          eventName: `${event.home} – ${event.away}`,
          marketName: market.name,
          selectionName: selection.name,
          live: event.status === 'live',
        })
      }
      className={clsx(
        'relative flex h-12 min-w-0 flex-col items-center justify-center rounded-xl px-2 text-center ring-1 transition select-none',
        suspended
          ? 'cursor-not-allowed bg-ink-900/60 text-ink-500 ring-white/5'
          : inSlip
            ? 'bg-gold-500 text-ink-950 ring-gold-300 shadow-[0_4px_20px_-6px_rgba(245,184,46,0.8)]'
            : 'bg-ink-800 text-white ring-white/10 hover:bg-ink-700 hover:ring-gold-400/50',
        !suspended && !inSlip && flash === 'up' && 'bg-jade-500/20 ring-jade-400',
        !suspended && !inSlip && flash === 'down' && 'bg-ruby-500/20 ring-ruby-400',
        className,
      )}
      data-testid="price"
      data-selection={selection.id}
      data-odds={selection.odds}
      data-flash={flash ?? undefined}
      data-suspended={suspended || undefined}
    >
      {label && <span className={clsx('max-w-full truncate text-[11px] leading-none font-medium', inSlip ? 'text-ink-900' : 'text-ink-400')}>{label}</span>}
      <span className={clsx('flex items-center gap-1 text-sm font-extrabold tabular-nums', label && 'mt-1')}>
        {suspended ? (
          <Icon name="lock" size={14} />
        ) : (
          <>
            {flash && <Icon name={flash === 'up' ? 'arrowUp' : 'arrowDown'} size={12} className={inSlip ? undefined : flash === 'up' ? 'text-jade-400' : 'text-ruby-400'} />}
            {show(selection.odds)}
          </>
        )}
      </span>
    </button>
  );
}

/** 'up' or 'down' for a while after the price moved; null otherwise. */
export function usePriceFlash(odds: string): 'up' | 'down' | null {
  const previous = useRef(odds);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (previous.current === odds) return;
    const order = compareOdds(odds, previous.current);
    previous.current = odds;
    if (!order) return;
    setFlash(order > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [odds]);
  return flash;
}

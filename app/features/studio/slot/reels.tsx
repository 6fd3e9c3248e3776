import clsx from 'clsx';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotSymbol } from '../../../../games/engines/slot/paytable.ts';
import { cellKey, lineColour, linePoints, REELS, ROWS } from './slot-logic.ts';
import { SymbolArt } from './symbols.tsx';

/**
 * One reel: a window of three cells over a column of symbols. A new `spinKey` jumps the column
 * to its bottom (the window it starts from) and lets it run down to the top three (the stop).
 */
function Reel({
  reel,
  column,
  spinKey,
  duration,
  highlighted,
  dimmed,
}: {
  reel: number;
  column: SlotSymbol[];
  spinKey: number;
  duration: number;
  highlighted: Set<string>;
  dimmed: boolean;
}) {
  const strip = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || spinKey === 0) return;
    const start = ((column.length - ROWS) / column.length) * 100;
    el.style.transition = 'none';
    el.style.transform = `translateY(-${start}%)`;
    if (duration <= 0) {
      el.style.transform = 'translateY(0)';
      return;
    }
    void el.getBoundingClientRect(); // commit the start position before moving
    el.style.transition = `transform ${duration}ms cubic-bezier(0.12, 0.6, 0.22, 1.045)`;
    el.style.transform = 'translateY(0)';
    // The column is fixed for one spin: only a new spin restarts the run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spinKey]);

  return (
    <div className="relative overflow-hidden rounded-xl bg-gradient-to-b from-[#1b0f3a] via-[#241452] to-[#1b0f3a] shadow-[inset_0_6px_12px_rgba(0,0,0,0.6),inset_0_-6px_12px_rgba(0,0,0,0.6)]" data-testid="slot-reel">
      <div className="aspect-[1/3] w-full" />
      <div ref={strip} className="absolute inset-x-0 top-0 will-change-transform" style={{ height: `${(column.length / ROWS) * 100}%` }}>
        {column.map((symbol, index) => {
          const onScreen = index < ROWS;
          const hit = onScreen && highlighted.has(cellKey(reel, index));
          return (
            <div
              key={index}
              className="relative p-[6%]"
              style={{ height: `${100 / column.length}%` }}
              data-testid={onScreen ? 'slot-cell' : undefined}
              data-symbol={onScreen ? symbol : undefined}
              data-win={hit || undefined}
            >
              <div
                className={clsx(
                  'relative grid h-full w-full place-items-center rounded-[14%] transition duration-300',
                  hit ? 'studio-glow bg-gradient-to-b from-gold-400/35 to-gold-600/10' : 'bg-gradient-to-b from-white/[0.09] to-white/[0.02]',
                  dimmed && !hit && 'opacity-35 saturate-50',
                )}
              >
                <SymbolArt symbol={symbol} className={clsx('h-[86%] w-[86%] drop-shadow-[0_4px_6px_rgba(0,0,0,0.55)]', hit && 'studio-pulse')} />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The five reels in their golden cabinet, with the winning line drawn over them. */
export function Reels({
  columns,
  spinKey,
  durations,
  highlighted,
  showingWins,
  activeLine,
  spinning,
}: {
  columns: SlotSymbol[][];
  spinKey: number;
  durations: number[];
  highlighted: Set<string>;
  showingWins: boolean;
  /** Payline (1-20) to draw, or null. */
  activeLine: number | null;
  spinning: boolean;
}) {
  const { t } = useTranslation('studio');
  const onScreen = columns.map((column) => column.slice(0, ROWS).map((symbol) => t(`slot.symbols.${symbol}`)));
  return (
    <div className="rounded-[1.6rem] bg-gradient-to-b from-gold-300 via-gold-600 to-gold-400 p-[5px] shadow-[0_20px_60px_-15px_rgba(0,0,0,0.9),0_0_40px_-10px_rgba(245,184,46,0.45)]">
      <div className="relative rounded-[1.35rem] bg-gradient-to-b from-[#0d0620] to-[#160b33] p-1.5 tablet:p-2.5">
        <div className="relative grid grid-cols-5 gap-1 tablet:gap-2" data-testid="slot-reels" data-spinning={spinning || undefined} aria-hidden="true">
          {columns.map((column, reel) => (
            <Reel key={reel} reel={reel} column={column} spinKey={spinKey} duration={durations[reel] ?? 0} highlighted={highlighted} dimmed={showingWins} />
          ))}
          {activeLine !== null && (
            <svg className="pointer-events-none absolute inset-0 h-full w-full" viewBox={`0 0 ${REELS} ${ROWS}`} preserveAspectRatio="none" aria-hidden="true">
              <polyline
                key={activeLine}
                points={linePoints(activeLine)
                  .map(([x, y]) => `${x},${y}`)
                  .join(' ')}
                fill="none"
                stroke={lineColour(activeLine)}
                strokeWidth="5"
                strokeLinecap="round"
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                pathLength={100}
                className="studio-dash"
                style={{ filter: `drop-shadow(0 0 6px ${lineColour(activeLine)})` }}
              />
            </svg>
          )}
        </div>
        <p className="sr-only" aria-live="polite">
          {spinning ? t('slot.spinning') : onScreen.map((column, reel) => t('slot.reelReads', { reel: reel + 1, symbols: column.join(', ') })).join('. ')}
        </p>
      </div>
    </div>
  );
}

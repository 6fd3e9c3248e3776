import clsx from 'clsx';
import { memo, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CascadeSymbol } from '../../../../games/engines/cascade/paytable.ts';
import { cascadeDefs, cascadeSymbolMarkup } from './cascade-art.ts';
import { REELS, ROWS } from './cascade-logic.ts';

const PREFIX = 'pc';

/** The gradients of the symbols, once per page. */
export function CascadeDefs() {
  return <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: `<defs>${cascadeDefs(PREFIX)}</defs>` }} />;
}

/** One symbol, drawn by cascade-art.ts (constant markup, no player input in it). */
export const CascadeSymbolArt = memo(function CascadeSymbolArt({ symbol, className }: { symbol: CascadeSymbol; className?: string }) {
  return <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: cascadeSymbolMarkup(symbol, PREFIX) }} />;
});

export type BoardView = {
  grid: CascadeSymbol[][];
  /** Bubble multiplier of each cell (reel * ROWS + row), 0 for none. */
  bubbles: number[];
  /** How many rows each cell falls from, fall[reel][row]; animates on a new `key`. */
  fall: number[][];
  key: number;
  /** Length of a one-row fall, ms (0: no animation). */
  rowMs: number;
  /** Extra delay per reel, ms (the first drop of a spin runs left to right). */
  staggerMs: number;
};

/**
 * The 6 x 5 grid in its sea-glass frame. On each new view the cells start `fall` rows higher
 * (CSS transforms) and drop into place; the cells in `winning` glow, then vanish when `vanishing`.
 */
export function Board({ view, winning, vanishing, spinning }: { view: BoardView; winning: Set<number>; vanishing: boolean; spinning: boolean }) {
  const { t } = useTranslation('studio');
  const cells = useRef<Array<HTMLDivElement | null>>([]);
  useLayoutEffect(() => {
    if (view.key === 0) return;
    const moving: HTMLDivElement[] = [];
    cells.current.forEach((el, cell) => {
      if (!el) return;
      const reel = Math.floor(cell / ROWS);
      const rows = view.fall[reel]?.[cell % ROWS] ?? 0;
      el.style.transition = 'none';
      el.style.transform = rows > 0 && view.rowMs > 0 ? `translateY(-${rows * 100}%)` : 'translateY(0)';
      if (rows > 0 && view.rowMs > 0) {
        el.style.transitionDelay = '';
        moving.push(el);
        el.dataset.ms = String(Math.round(view.rowMs * (2 + rows) * 0.6 + reel * view.staggerMs));
        el.dataset.delay = String(reel * view.staggerMs);
      }
    });
    if (moving.length === 0) return;
    void cells.current[0]?.getBoundingClientRect(); // commit the start positions before moving
    for (const el of moving) {
      el.style.transition = `transform ${Number(el.dataset.ms) - Number(el.dataset.delay)}ms cubic-bezier(0.3, 0.05, 0.35, 1.12) ${el.dataset.delay}ms`;
      el.style.transform = 'translateY(0)';
    }
    // A view is fixed once shown: only a new key starts a new fall.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.key]);

  const reads = view.grid.map((column, reel) => t('cascade.reelReads', { reel: reel + 1, symbols: column.map((symbol) => t(`cascade.symbols.${symbol}`)).join(', ') }));
  return (
    <div className="rounded-[1.6rem] bg-gradient-to-b from-cyan-200 via-teal-500 to-sky-700 p-[4px] shadow-[0_20px_60px_-15px_rgba(0,0,0,0.9),0_0_50px_-12px_rgba(56,220,255,0.55)]">
      <div className="relative overflow-hidden rounded-[1.4rem] bg-[radial-gradient(ellipse_at_top,#16507a_0%,#0b2a4d_45%,#061428_100%)] p-1.5 tablet:p-2.5">
        <span className="pointer-events-none absolute -top-10 left-1/4 h-40 w-1/2 rotate-12 bg-cyan-200/10 blur-2xl" aria-hidden="true" />
        <div className="relative grid grid-cols-6 gap-1 overflow-hidden rounded-xl tablet:gap-1.5" data-testid="cascade-grid" data-spinning={spinning || undefined} aria-hidden="true">
          {Array.from({ length: REELS }, (_, reel) => (
            <div key={reel} className="flex flex-col rounded-lg bg-gradient-to-b from-white/[0.07] to-white/[0.02]">
              {Array.from({ length: ROWS }, (_, row) => {
                const cell = reel * ROWS + row;
                const symbol = view.grid[reel][row];
                const hit = winning.has(cell);
                const bubble = view.bubbles[cell] ?? 0;
                return (
                  <div
                    key={row}
                    ref={(el) => {
                      cells.current[cell] = el;
                    }}
                    className="relative aspect-square p-[7%] will-change-transform"
                    data-testid="cascade-cell"
                    data-symbol={symbol}
                    data-win={hit || undefined}
                  >
                    <div
                      className={clsx(
                        'relative grid h-full w-full place-items-center rounded-[22%] transition duration-200',
                        hit && 'studio-glow bg-gradient-to-b from-cyan-200/40 to-cyan-500/10',
                        hit && vanishing && 'scale-0 opacity-0',
                        winning.size > 0 && !hit && 'opacity-40 saturate-50',
                      )}
                    >
                      <CascadeSymbolArt symbol={symbol} className={clsx('h-[92%] w-[92%] drop-shadow-[0_4px_5px_rgba(0,0,0,0.5)]', hit && !vanishing && 'studio-pulse')} />
                      {symbol === 'bubble' && bubble > 0 && (
                        <span className="absolute inset-0 grid place-items-center text-[clamp(0.7rem,3.2vw,1.35rem)] font-black text-white [text-shadow:0_2px_4px_rgba(0,40,80,0.9)]" data-testid="cascade-bubble">
                          ×{bubble}
                        </span>
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <p className="sr-only" aria-live="polite">
          {spinning ? t('cascade.tumbling') : reads.join('. ')}
        </p>
      </div>
    </div>
  );
}

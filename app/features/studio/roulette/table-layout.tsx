import clsx from 'clsx';
import { Fragment, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, chipRank } from '../chip.tsx';
import { COLUMN_BETS, DOZEN_BETS, EVEN_BETS, colorOf, insideSpots, spotKey, spotNumbers, toVertical, type InsideSpot, type Rect, type SpotBet } from './table.ts';

const SPOTS = insideSpots();
const CELL_BG = { red: 'bg-[#b5102a]', black: 'bg-[#15171f]', green: 'bg-[#0f7a42]' } as const;

type Orientation = 'horizontal' | 'vertical';

export type TableProps = {
  bets: Map<string, { bet: SpotBet; amount: string }>;
  presets: readonly string[];
  onPlace: (bet: SpotBet) => void;
  disabled: boolean;
  /** The last result: its number glows, winning spots' chips shine. */
  result: number | null;
};

/** The accessible name of a spot: "Split 17-20", "Red", "2nd dozen". */
function useSpotLabel() {
  const { t } = useTranslation('studio');
  return (bet: SpotBet) => {
    if (bet.numbers) return bet.type === 'straight' ? t('roulette.bets.straight', { number: bet.numbers[0] }) : t(`roulette.bets.${bet.type}`, { numbers: bet.numbers.join('-') });
    if (bet.index) return t(`roulette.bets.${bet.type}`, { index: bet.index });
    return t(`roulette.bets.${bet.type}`);
  };
}

function PlacedChip({ amount, presets, won, className, style }: { amount: string; presets: readonly string[]; won: boolean; className?: string; style?: CSSProperties }) {
  return (
    <span className={clsx('pointer-events-none absolute z-20 -translate-x-1/2 -translate-y-1/2', className)} style={style} data-testid="placed-chip">
      <span className={clsx('block rounded-full', won && 'studio-glow')}>
        <Chip amount={amount} rank={chipRank(amount, presets)} size={26} className="h-[clamp(18px,3.2vw,30px)] w-[clamp(18px,3.2vw,30px)]" />
      </span>
    </span>
  );
}

/**
 * The betting layout, horizontal (tablet and up) or vertical (phones): numbers with their
 * colours, the zero, columns, dozens and even-money boxes; the lines between numbers take
 * splits, streets, corners and six lines. Pointing at a spot lights the numbers it covers.
 */
export function TableLayout({ orientation, bets, presets, onPlace, disabled, result }: TableProps & { orientation: Orientation }) {
  const { t } = useTranslation('studio');
  const label = useSpotLabel();
  const [hover, setHover] = useState<SpotBet | null>(null);
  const lit = useMemo(() => new Set(hover ? spotNumbers(hover) : []), [hover]);
  const vertical = orientation === 'vertical';
  const won = (bet: SpotBet) => result !== null && spotNumbers(bet).includes(result) && !(result === 0 && !bet.numbers);

  const placeProps = (bet: SpotBet) => ({
    type: 'button' as const,
    disabled,
    onClick: () => onPlace(bet),
    onPointerEnter: () => setHover(bet),
    onPointerLeave: () => setHover(null),
    onFocus: () => setHover(bet),
    onBlur: () => setHover(null),
    'aria-label': label(bet),
    'data-spot': spotKey(bet),
  });

  const chipFor = (bet: SpotBet, style?: CSSProperties) => {
    const placed = bets.get(spotKey(bet));
    // On an outside box the chip sits to one side, so the box's label stays readable.
    const aside: CSSProperties = vertical ? { left: '50%', top: '78%' } : { left: '80%', top: '50%' };
    return placed ? <PlacedChip amount={placed.amount} presets={presets} won={won(bet)} style={style ?? aside} /> : null;
  };

  // Grid placement of numbers and outside boxes.
  const numberArea = (n: number): CSSProperties => {
    if (n === 0) return vertical ? { gridColumn: '3 / 6', gridRow: '1' } : { gridColumn: '1', gridRow: '1 / 4' };
    const col = Math.ceil(n / 3) - 1;
    const row = 2 - ((n - 1) % 3);
    return vertical ? { gridColumn: String(3 + ((n - 1) % 3)), gridRow: String(col + 2) } : { gridColumn: String(col + 2), gridRow: String(row + 1) };
  };
  const columnArea = (index: number): CSSProperties => (vertical ? { gridColumn: String(2 + index), gridRow: '14' } : { gridColumn: '14', gridRow: String(4 - index) });
  const dozenArea = (index: number): CSSProperties =>
    vertical ? { gridColumn: '2', gridRow: `${2 + 4 * (index - 1)} / span 4` } : { gridColumn: `${2 + 4 * (index - 1)} / span 4`, gridRow: '4' };
  const evenArea = (i: number): CSSProperties => (vertical ? { gridColumn: '1', gridRow: `${2 + 2 * i} / span 2` } : { gridColumn: `${2 + 2 * i} / span 2`, gridRow: '5' });

  const unitsW = vertical ? 3 : 13;
  const unitsH = vertical ? 13 : 3;
  const place = (rect: Rect): CSSProperties => {
    const r = vertical ? toVertical(rect) : rect;
    return { left: `${(r.x0 / unitsW) * 100}%`, top: `${(r.y0 / unitsH) * 100}%`, width: `${((r.x1 - r.x0) / unitsW) * 100}%`, height: `${((r.y1 - r.y0) / unitsH) * 100}%` };
  };
  const centre = (rect: Rect): CSSProperties => {
    const r = vertical ? toVertical(rect) : rect;
    return { left: `${(((r.x0 + r.x1) / 2) / unitsW) * 100}%`, top: `${(((r.y0 + r.y1) / 2) / unitsH) * 100}%` };
  };

  const box = 'relative flex items-center justify-center border border-white/55 font-bold text-white transition-colors';
  return (
    <div
      className={clsx(
        'grid rounded-2xl border-2 border-[#e8c97a]/70 bg-[radial-gradient(120%_120%_at_50%_0%,#13804f,#0a5234_60%,#073b26)] p-1.5 shadow-[inset_0_0_40px_rgba(0,0,0,0.45),0_16px_40px_-12px_rgba(0,0,0,0.8)]',
        vertical ? 'w-full grid-cols-[0.8fr_0.8fr_1fr_1fr_1fr] grid-rows-[repeat(14,minmax(30px,1fr))]' : 'aspect-[14/4.6] w-full grid-cols-[1.1fr_repeat(12,1fr)_1.1fr] grid-rows-[1fr_1fr_1fr_0.8fr_0.8fr]',
      )}
      data-testid={`roulette-table-${orientation}`}
    >
      {Array.from({ length: 37 }, (_, n) => {
        const hit = result === n;
        return (
          <div
            key={n}
            style={numberArea(n)}
            className={clsx(
              box,
              'text-[clamp(11px,1.6vw,18px)]',
              n === 0 && (vertical ? 'rounded-t-[40%]' : 'rounded-l-[40%]'),
              lit.has(n) && 'brightness-150',
              hit && 'studio-glow z-10',
            )}
            data-number={n}
          >
            <span className={clsx('grid aspect-square w-[min(80%,2.2em)] place-items-center rounded-full', CELL_BG[colorOf(n)], lit.has(n) && 'ring-2 ring-gold-300')}>{n}</span>
          </div>
        );
      })}

      {COLUMN_BETS.map((bet) => (
        <button key={spotKey(bet)} {...placeProps(bet)} style={columnArea(bet.index ?? 1)} className={clsx(box, 'text-[clamp(9px,1.2vw,14px)] hover:bg-white/10', won(bet) && 'bg-gold-400/25')}>
          {t('roulette.twoToOne')}
          {chipFor(bet)}
        </button>
      ))}
      {DOZEN_BETS.map((bet) => (
        <button key={spotKey(bet)} {...placeProps(bet)} style={dozenArea(bet.index ?? 1)} className={clsx(box, 'text-[clamp(9px,1.3vw,15px)] hover:bg-white/10', won(bet) && 'bg-gold-400/25')}>
          <span className={clsx(vertical && '-rotate-90 whitespace-nowrap')}>{t(`roulette.dozenShort.${bet.index}`)}</span>
          {chipFor(bet)}
        </button>
      ))}
      {EVEN_BETS.map((bet, i) => (
        <button key={spotKey(bet)} {...placeProps(bet)} style={evenArea(i)} className={clsx(box, 'text-[clamp(9px,1.3vw,15px)] hover:bg-white/10', won(bet) && 'bg-gold-400/25')}>
          {bet.type === 'red' || bet.type === 'black' ? (
            <span className={clsx('block h-[1.4em] w-[2.2em] rotate-45 rounded-sm ring-1 ring-white/70', bet.type === 'red' ? 'bg-[#c8102e]' : 'bg-[#15171f]', vertical && 'h-[2.2em] w-[1.4em]')} aria-hidden="true" />
          ) : (
            <span className={clsx(vertical && '-rotate-90 whitespace-nowrap')}>{t(`roulette.evenShort.${bet.type}`)}</span>
          )}
          {chipFor(bet)}
        </button>
      ))}

      <div className="pointer-events-none relative" style={vertical ? { gridColumn: '3 / 6', gridRow: '1 / 14' } : { gridColumn: '1 / 14', gridRow: '1 / 4' }}>
        {SPOTS.map((spot: InsideSpot) => (
          <button
            key={spot.key}
            {...placeProps(spot.bet)}
            style={place(spot.rect)}
            className={clsx(
              'pointer-events-auto absolute rounded-sm outline-offset-0 disabled:cursor-not-allowed',
              spot.kind === 'number' ? 'z-0' : spot.kind === 'edge' ? 'z-10 hover:bg-gold-300/40' : 'z-20 hover:bg-gold-300/60',
            )}
          />
        ))}
        {SPOTS.map((spot) => (
          <Fragment key={`chip-${spot.key}`}>{chipFor(spot.bet, centre(spot.rect))}</Fragment>
        ))}
      </div>
    </div>
  );
}

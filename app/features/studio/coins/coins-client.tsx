import clsx from 'clsx';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, BarButton, StakeSelector } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { beatsStake, showAmount } from '../money.ts';
import { Sheet } from '../sheet.tsx';
import { winTier, type WinTier } from '../slot/slot-logic.ts';
import { outcomeOf, type StudioClientProps } from '../types.ts';
import {
  INITIAL_STOPS,
  JACKPOTS,
  REELS,
  ROWS,
  afterRespin,
  baseScreen,
  blurStrip,
  boardTotal,
  featureStart,
  jackpotAmount,
  screenAt,
  winningCells,
  type CellView,
  type CoinView,
  type CoinsOutcomeView,
} from './coins-logic.ts';
import { CoinsPaytable } from './paytable.tsx';
import { CoinsSymbolArt, CoinsSymbolDefs } from './symbols.tsx';

type Banner = { kind: 'trigger' } | { kind: 'grand'; amount: string } | { kind: 'feature'; amount: string } | { kind: 'win'; amount: string; tier: WinTier };
type Feature = { respinsLeft: number; total: string; respinning: boolean };

/**
 * Rivet Royale: five reels that blur and stop one after another on the server's stops, the
 * paying lines lit, and when six coins or more land, the Hold and Win board: the coins stay,
 * the empty cells spin for each respin of the outcome in turn, the counter goes back to 3 when
 * a coin lands, and a full screen wins the Grand. The prizes are shown at the current stake.
 */
export default function CoinsClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, stake, currency } = session;
  const { pace } = session.launch;
  const [cells, setCells] = useState<CellView[]>(() => screenAt(INITIAL_STOPS));
  const [spinning, setSpinning] = useState<boolean[]>(() => Array(REELS).fill(false));
  const [lit, setLit] = useState<Set<number>>(new Set());
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [feature, setFeature] = useState<Feature | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [info, setInfo] = useState<string>(() => t('coins.hint'));
  const [lastWin, setLastWin] = useState<string | null>(null);
  const [lastBet, setLastBet] = useState('0');
  const [animating, setAnimating] = useState(false);
  const [paytableOpen, setPaytableOpen] = useState(false);
  const [rounds, setRounds] = useState(0);
  const running = useRef(false);

  const spin = useCallback(async () => {
    if (running.current || session.busy) return;
    const pressedAt = performance.now();
    running.current = true;
    setBanner(null);
    setLit(new Set());
    setFresh(new Set());
    setFeature(null);
    session.clearError();
    setInfo(t('coins.goodLuck'));
    if (!reducedMotion) setSpinning(Array(REELS).fill(true));
    const round = await session.play({ amount: stake }, stake);
    if (!round) {
      setSpinning(Array(REELS).fill(false));
      setInfo(t('coins.hint'));
      running.current = false;
      return;
    }
    setAnimating(true);
    setLastWin(null);
    const outcome = outcomeOf<CoinsOutcomeView>(round);
    setLastBet(outcome.bet);
    const screen = baseScreen(outcome);
    // The reels stop in turn; a licence's shortest spin (from the press) stretches them.
    const left = pressedAt + pace.min_spin_ms - performance.now();
    const gaps = Array.from({ length: REELS }, (_, reel) => (reel === 0 ? 450 : 220));
    const planned = gaps.reduce((a, b) => a + b, 0);
    const scale = left > planned ? left / planned : 1;
    if (reducedMotion) {
      await wait(Math.max(0, left));
      setCells(screen);
    } else {
      for (let reel = 0; reel < REELS; reel++) {
        await wait(Math.round(gaps[reel] * scale));
        setCells((now) => now.map((cell, index) => (Math.floor(index / ROWS) === reel ? screen[index] : cell)));
        setSpinning((now) => now.map((on, index) => (index === reel ? false : on)));
      }
    }
    const lines = winningCells(outcome);
    setLit(lines);
    if (outcome.lineWins.length > 0) {
      setLastWin(outcome.linesWin);
      setInfo(t('coins.linesWin', { count: outcome.lineWins.length, amount: showAmount(outcome.linesWin), currency }));
    } else if (outcome.coins.length > 0 && !outcome.feature) {
      setInfo(t('coins.coinsShort', { count: outcome.coins.length }));
    } else {
      setInfo(t('coins.tryAgain'));
    }
    if (outcome.feature) {
      const f = outcome.feature;
      await wait(reducedMotion ? 300 : 700);
      setLit(new Set(outcome.coins.map((coin) => coin.cell)));
      setBanner({ kind: 'trigger' });
      setInfo(t('coins.triggered', { count: outcome.coins.length }));
      await wait(reducedMotion ? 900 : 1600);
      setBanner(null);
      setLit(new Set());
      let board = featureStart(outcome);
      setCells(board);
      setFeature({ respinsLeft: 3, total: boardTotal(board), respinning: false });
      await wait(reducedMotion ? 200 : 600);
      for (const respin of f.respins) {
        setFeature((now) => now && { ...now, respinning: true });
        await wait(reducedMotion ? 150 : 750);
        board = afterRespin(board, respin.landed);
        setCells(board);
        setFresh(new Set(respin.landed.map((coin) => coin.cell)));
        setFeature({ respinsLeft: respin.respinsLeft, total: boardTotal(board), respinning: false });
        setInfo(respin.landed.length > 0 ? t('coins.landed', { count: respin.landed.length }) : t('coins.blank', { count: respin.respinsLeft }));
        await wait(reducedMotion ? 250 : respin.landed.length > 0 ? 800 : 450);
      }
      setFresh(new Set());
      if (f.grand) {
        setBanner({ kind: 'grand', amount: f.grandWin });
        await wait(reducedMotion ? 1000 : 2200);
      }
      setBanner({ kind: 'feature', amount: f.win });
      setInfo(t('coins.featureWin', { amount: showAmount(f.win), currency }));
      await wait(reducedMotion ? 1000 : 2000);
    }
    const tier = winTier(outcome.win, outcome.bet);
    setBanner(tier === 'none' ? null : { kind: 'win', amount: outcome.win, tier });
    setLastWin(outcome.win);
    session.commit(round);
    setRounds((n) => n + 1);
    setAnimating(false);
    running.current = false;
  }, [session, stake, wait, pace, reducedMotion, t, currency]);

  usePrimaryAction(session, spin);

  useEffect(() => {
    if (!banner || banner.kind !== 'win') return;
    const timer = setTimeout(() => setBanner(null), banner.tier === 'win' ? 2200 : 3600);
    return () => clearTimeout(timer);
  }, [banner]);

  const describeCell = (cell: CellView) => (cell.coin ? t('coins.coinReads', { amount: showAmount(cell.coin.win) }) : cell.symbol ? t(`coins.symbols.${cell.symbol}`) : t('coins.empty'));
  const reading = useMemo(
    () => Array.from({ length: REELS }, (_, reel) => t('coins.reelReads', { reel: reel + 1, symbols: cells.slice(reel * ROWS, reel * ROWS + ROWS).map(describeCell).join(', ') })).join('. '),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cells, t],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col items-center gap-2 px-2 pb-2 tablet:gap-3 tablet:px-4 tablet:pb-4" data-testid="coins-client" data-rounds={rounds}>
      <CoinsSymbolDefs />
      <div className="flex min-h-9 w-full max-w-3xl items-center justify-between gap-2">
        <p className="truncate text-[11px] font-bold tracking-[0.18em] text-amber-200/90 uppercase">{t('coins.tagline')}</p>
        <BarButton icon="coins" label={t('coins.paytable')} onClick={() => setPaytableOpen(true)} testId="open-paytable" />
      </div>

      <ul className="grid w-full max-w-3xl grid-cols-4 gap-1.5 tablet:gap-3" data-testid="coins-jackpots">
        {JACKPOTS.map(({ prize, multiplier }) => (
          <li
            key={prize}
            className={clsx(
              'rounded-xl px-1 py-1 text-center ring-1 tablet:py-1.5',
              prize === 'grand' ? 'bg-gradient-to-b from-amber-300 to-amber-700 text-ink-950 ring-amber-100/70' : 'bg-gradient-to-b from-[#3a2412] to-[#1d1209] text-amber-100 ring-amber-500/40',
            )}
            data-prize={prize}
          >
            <span className="block text-[9px] font-black tracking-[0.2em] uppercase opacity-80 tablet:text-[11px]">{t(`coins.prizes.${prize}`)}</span>
            <span className="block text-xs font-black tabular-nums tablet:text-base">{showAmount(jackpotAmount(stake, multiplier))}</span>
          </li>
        ))}
      </ul>

      <div className="flex min-h-0 w-full flex-1 flex-col items-center justify-start gap-2 tablet:justify-center tablet:gap-3">
        <div className="relative w-full" style={{ maxWidth: 'min(800px, calc((100dvh - 300px) * 1.6))' }}>
          <div className="rounded-[1.6rem] bg-gradient-to-b from-[#f3c87a] via-[#9a5b1e] to-[#e0a24e] p-[5px] shadow-[0_20px_60px_-15px_rgba(0,0,0,0.9),0_0_40px_-12px_rgba(255,170,60,0.5)]">
            <div className="relative rounded-[1.35rem] bg-gradient-to-b from-[#1a120c] to-[#2b1a10] p-1.5 tablet:p-2.5">
              {feature && (
                <div className="absolute inset-x-0 -top-0.5 z-10 flex justify-center" data-testid="coins-respins" data-left={feature.respinsLeft}>
                  <span className="flex -translate-y-1/2 items-center gap-2 rounded-full bg-ink-950/95 px-3 py-1 text-[11px] font-black tracking-wider text-amber-200 uppercase shadow-lg ring-1 ring-amber-400/60">
                    {t('coins.respins')}
                    {[1, 2, 3].map((n) => (
                      <span key={n} className={clsx('h-2.5 w-2.5 rounded-full ring-1 ring-amber-300/60', n <= feature.respinsLeft ? 'bg-amber-300 shadow-[0_0_8px_rgba(255,200,80,0.9)]' : 'bg-transparent')} />
                    ))}
                  </span>
                </div>
              )}
              <div className="grid grid-cols-5 gap-1 tablet:gap-2" data-testid="coins-board" data-feature={feature ? 'on' : undefined} aria-hidden="true">
                {Array.from({ length: REELS }, (_, reel) => (
                  <ReelColumn
                    key={reel}
                    reel={reel}
                    cells={cells.slice(reel * ROWS, reel * ROWS + ROWS)}
                    spinning={spinning[reel]}
                    lit={lit}
                    fresh={fresh}
                    respinning={feature?.respinning ?? false}
                    reducedMotion={reducedMotion}
                  />
                ))}
              </div>
              <p className="sr-only" aria-live="polite">
                {spinning.some(Boolean) ? t('coins.spinning') : reading}
              </p>
            </div>
          </div>
        </div>
        <div className="relative flex h-16 w-full max-w-3xl items-center justify-center tablet:h-14">
          <p className={clsx('text-center text-xs font-semibold text-ink-200 tablet:text-sm', banner && 'opacity-0')} aria-live="polite" data-testid="coins-info">
            {feature ? t('coins.featureSoFar', { amount: showAmount(feature.total), currency }) + ' · ' : ''}
            {info}
          </p>
          {banner && <CoinsBanner banner={banner} currency={currency} />}
        </div>
      </div>

      <div className="flex w-full max-w-3xl items-end justify-between gap-2 rounded-3xl bg-black/45 px-3 py-2 ring-1 ring-white/10 backdrop-blur tablet:px-5">
        <StakeSelector presets={session.limits.presets} value={stake} onChange={session.setStake} disabled={animating || session.busy} currency={currency} label={t('coins.totalBet')} />
        <ActionButton onClick={() => void spin()} disabled={animating || session.busy} busy={session.busy} label={t('coins.spin')} testId="coins-spin" className="h-[4.5rem] w-[4.5rem] text-[11px] tablet:h-20 tablet:w-20">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M20 12a8 8 0 1 1-2.34-5.66" />
            <path d="M20 4v5h-5" />
          </svg>
        </ActionButton>
        <div className="min-w-[5.5rem] text-center" data-testid="coins-last-win">
          <span className="mb-1 block text-[10px] font-bold tracking-[0.16em] text-ink-300 uppercase">{t('coins.win')}</span>
          <span className={clsx('block rounded-2xl bg-black/40 px-2 py-2 text-base font-extrabold tabular-nums ring-1 ring-white/10', lastWin && beatsStake(lastWin, lastBet) ? 'text-jade-400' : 'text-ink-200')}>
            {showAmount(lastWin ?? '0')}
          </span>
        </div>
      </div>

      <Sheet title={t('coins.paytable')} open={paytableOpen} onClose={() => setPaytableOpen(false)}>
        <CoinsPaytable stake={stake} currency={currency} />
      </Sheet>
    </div>
  );
}

/** One reel: its three cells, or its strip blurring past while it spins. */
function ReelColumn({
  reel,
  cells,
  spinning,
  lit,
  fresh,
  respinning,
  reducedMotion,
}: {
  reel: number;
  cells: CellView[];
  spinning: boolean;
  lit: Set<number>;
  fresh: Set<number>;
  respinning: boolean;
  reducedMotion: boolean;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const wasSpinning = useRef(false);
  useLayoutEffect(() => {
    if (spinning && strip.current && !reducedMotion) {
      const run = strip.current.animate([{ transform: 'translateY(-66.6%)' }, { transform: 'translateY(0)' }], { duration: 240, iterations: Infinity });
      wasSpinning.current = true;
      return () => run.cancel();
    }
    if (!spinning && wasSpinning.current && column.current && !reducedMotion) {
      wasSpinning.current = false;
      column.current.animate([{ transform: 'translateY(-8%)' }, { transform: 'translateY(3%)' }, { transform: 'translateY(0)' }], { duration: 260, easing: 'ease-out' });
    }
  }, [spinning, reducedMotion]);
  const anyLit = lit.size > 0;
  return (
    <div className="relative overflow-hidden rounded-xl bg-gradient-to-b from-[#2a1b12] via-[#3b2616] to-[#2a1b12] shadow-[inset_0_6px_12px_rgba(0,0,0,0.65),inset_0_-6px_12px_rgba(0,0,0,0.65)]" data-testid="coins-reel">
      <div className="aspect-[1/3] w-full" />
      {spinning ? (
        <div ref={strip} className="absolute inset-x-0 top-0 h-[300%] blur-[1.5px]">
          {[...blurStrip(reel, reel * 5), ...blurStrip(reel, reel * 5)].slice(0, 9).map((symbol, i) => (
            <div key={i} className="h-[11.111%] p-[8%] opacity-80">
              <CoinsSymbolArt symbol={symbol} className="h-full w-full" />
            </div>
          ))}
        </div>
      ) : (
        <div ref={column} className="absolute inset-0 grid grid-rows-3">
          {cells.map((cell, row) => {
            const index = reel * ROWS + row;
            const hit = lit.has(index);
            return (
              <div key={row} className="relative p-[7%]" data-testid="coins-cell" data-symbol={cell.symbol ?? 'empty'} data-value={cell.coin?.win} data-prize={cell.coin?.prize} data-win={hit || undefined}>
                <div
                  className={clsx(
                    'relative grid h-full w-full place-items-center rounded-[16%] transition duration-300',
                    hit ? 'studio-glow bg-gradient-to-b from-amber-300/40 to-amber-700/10' : cell.symbol ? 'bg-gradient-to-b from-white/[0.08] to-white/[0.02]' : 'bg-black/40 ring-1 ring-amber-900/40 ring-inset',
                    anyLit && !hit && 'opacity-40 saturate-50',
                    !cell.symbol && respinning && !reducedMotion && 'animate-pulse bg-amber-500/15',
                  )}
                >
                  {cell.symbol && <CoinsSymbolArt symbol={cell.symbol} className={clsx('h-[88%] w-[88%] drop-shadow-[0_4px_6px_rgba(0,0,0,0.55)]', (hit || fresh.has(index)) && !reducedMotion && 'studio-pulse')} />}
                  {cell.coin && <CoinLabel coin={cell.coin} />}
                  {!cell.symbol && <RivetMark />}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** What a coin is worth, over its face: the amount, or the prize's name above it. */
function CoinLabel({ coin }: { coin: CoinView }) {
  const { t } = useTranslation('studio');
  return (
    <span className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center leading-none">
      {coin.prize !== 'cash' && <span className="mb-0.5 rounded bg-ink-950/80 px-1 text-[8px] font-black tracking-wider text-amber-200 uppercase tablet:text-[11px]">{t(`coins.prizes.${coin.prize}`)}</span>}
      <span className="text-[11px] font-black text-[#4a2a02] tabular-nums [text-shadow:0_1px_0_rgba(255,240,190,0.8)] tablet:text-lg">{showAmount(coin.win)}</span>
    </span>
  );
}

/** An empty cell of the Hold and Win board: a brass rivet. */
function RivetMark() {
  return <span className="h-[18%] w-[18%] rounded-full bg-gradient-to-b from-amber-200/40 to-amber-900/40 shadow-inner" />;
}

function CoinsBanner({ banner, currency }: { banner: Banner; currency: string }) {
  const { t } = useTranslation('studio');
  const title = banner.kind === 'win' ? t(`slot.tier.${banner.tier}`) : t(`coins.banner.${banner.kind}`);
  const amount = banner.kind === 'trigger' ? null : banner.amount;
  const loud = banner.kind !== 'win' || banner.tier !== 'win';
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center" data-testid="coins-banner" data-kind={banner.kind}>
      <div
        className={clsx(
          'studio-pop flex max-w-full flex-col items-center rounded-2xl px-5 py-1.5 text-center shadow-[0_12px_40px_rgba(0,0,0,0.6)] ring-2 backdrop-blur-md tablet:flex-row tablet:items-baseline tablet:gap-3 tablet:px-7',
          loud ? 'bg-gradient-to-b from-[#8a4a12]/95 to-[#3b1d08]/95 ring-amber-300' : 'bg-ink-950/90 ring-amber-400/60',
        )}
      >
        <p className={clsx('font-black tracking-wider uppercase', loud ? 'studio-shimmer-text text-2xl' : 'text-base text-amber-200 tablet:text-xl')}>{title}</p>
        {amount && (
          <p className="text-xl font-black whitespace-nowrap text-white tabular-nums tablet:text-2xl" data-testid="coins-banner-amount">
            {showAmount(amount)} <span className="text-xs font-bold text-amber-200 tablet:text-base">{currency}</span>
          </p>
        )}
      </div>
    </div>
  );
}

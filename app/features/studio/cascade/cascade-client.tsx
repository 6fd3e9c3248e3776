import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, BarButton, StakeSelector } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { addAmounts, beatsStake, isPositive, showAmount, subtractAmount } from '../money.ts';
import { Sheet } from '../sheet.tsx';
import { LastWinBox, SPIN_ICON, WinBanner } from '../win-banner.tsx';
import { winTier, type WinTier } from '../slot/slot-logic.ts';
import { outcomeOf, type StudioClientProps } from '../types.ts';
import { Board, CascadeDefs, type BoardView } from './board.tsx';
import { INITIAL_GRID, REELS, ROWS, fallDistances, spinTurns, type CascadeOutcomeView, type CascadeStepView, type CascadeWinView, type SpinTurn } from './cascade-logic.ts';
import { CascadePaytable } from './paytable.tsx';

type Banner =
  | { kind: 'freeAward'; count: number }
  | { kind: 'retrigger'; count: number }
  | { kind: 'freeTotal'; amount: string }
  | { kind: 'win'; amount: string; tier: WinTier; capped: boolean };
type FreeState = { number: number; awarded: number; freeWin: string; bubbles: number };
type Message = { kind: 'wins'; wins: CascadeWinView[] } | { kind: 'tumbles'; count: number; amount: string } | { kind: 'scatter'; count: number; amount: string } | { kind: 'multiplied'; multiplier: number; from: string; amount: string } | { kind: 'none'; free: boolean };

const bubblesOf = (step: CascadeStepView) => {
  const out = new Array<number>(REELS * ROWS).fill(0);
  for (const b of step.bubbles) out[b.cell] = b.value;
  return out;
};
const sumOf = (step: CascadeStepView) => step.bubbles.reduce((sum, b) => sum + b.value, 0);

/**
 * Pearl Cascade: a 6 x 5 grid that pays 8 or more of a symbol anywhere. Each spin drops in reel
 * by reel, the winning symbols glow and vanish, the rest fall and new ones drop in, until nothing
 * wins; free spins play back one by one with their counter and the bubbles' multiplier.
 */
export default function CascadeClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, stake, currency } = session;
  const { pace } = session.launch;
  const [view, setView] = useState<BoardView>({ grid: INITIAL_GRID, bubbles: [], fall: [], key: 0, rowMs: 0, staggerMs: 0 });
  const [winning, setWinning] = useState<Set<number>>(() => new Set());
  const [vanishing, setVanishing] = useState(false);
  const [animating, setAnimating] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [free, setFree] = useState<FreeState | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const [lastBet, setLastBet] = useState('0');
  const [paytableOpen, setPaytableOpen] = useState(false);
  const [rounds, setRounds] = useState(0);
  const fast = useRef(false);
  const running = useRef(false);

  const pause = useCallback((normal: number, hurried: number, reduced = Math.min(normal, 400)) => wait(reducedMotion ? reduced : fast.current ? hurried : normal), [wait, reducedMotion]);

  /** Plays one spin's tumble sequence; `paid` is what the round had paid before it. */
  const showSpin = useCallback(
    async (turn: SpinTurn, paid: string, pressedAt: number | null): Promise<string> => {
      const { spin } = turn;
      const [first] = spin.steps;
      setMessage(null);
      setWinning(new Set());
      setVanishing(false);
      // The first drop: every cell from above the grid, reel by reel. A licence's shortest spin
      // (contract/jurisdiction.ts) counts from the press: the drop runs slower rather than the
      // result waiting on a still grid.
      const left = pressedAt === null ? 0 : pressedAt + pace.min_spin_ms - performance.now() - 60;
      let rowMs = reducedMotion ? 0 : fast.current ? 40 : turn.free ? 70 : 90;
      let staggerMs = reducedMotion ? 0 : fast.current ? 20 : 70;
      const dropTime = () => rowMs * (2 + ROWS) * 0.6 + (REELS - 1) * staggerMs;
      if (!reducedMotion && left > dropTime()) {
        const scale = left / dropTime();
        rowMs *= scale;
        staggerMs *= scale;
      }
      setDropping(true);
      setView((v) => ({ grid: first.grid, bubbles: bubblesOf(first), fall: Array.from({ length: REELS }, () => new Array<number>(ROWS).fill(ROWS)), key: v.key + 1, rowMs, staggerMs }));
      setFree((f) => (f ? { ...f, bubbles: sumOf(first) } : f));
      await wait(reducedMotion ? Math.max(120, left) : dropTime() + 80);
      setDropping(false);
      let total = paid;
      for (let i = 0; i < spin.steps.length; i++) {
        const step = spin.steps[i];
        if (step.wins.length === 0) break;
        setWinning(new Set(step.removed));
        setMessage({ kind: 'wins', wins: step.wins });
        total = addAmounts(total, ...step.wins.map((w) => w.win));
        setLastWin(total);
        await pause(900, 260, 700);
        const next = spin.steps[i + 1];
        if (!next) break; // the cap ended the sequence on this grid
        setVanishing(true);
        await pause(260, 120, 0);
        setView((v) => ({ grid: next.grid, bubbles: bubblesOf(next), fall: fallDistances(step.removed), key: v.key + 1, rowMs: reducedMotion ? 0 : fast.current ? 45 : 80, staggerMs: 0 }));
        setWinning(new Set());
        setVanishing(false);
        setFree((f) => (f ? { ...f, bubbles: sumOf(next) } : f));
        await pause(520, 180, 150);
      }
      const paying = spin.steps.filter((step) => step.wins.length > 0).length;
      if (paying > 1) {
        setMessage({ kind: 'tumbles', count: paying, amount: spin.tumbleWin });
        await pause(900, 250, 600);
      }
      // The bubbles multiply what the tumbles won; the scatters pay on top.
      if (spin.multiplier > 1) {
        const from = spin.tumbleWin;
        const multiplied = subtractAmount(spin.win, spin.scatterWin);
        setMessage({ kind: 'multiplied', multiplier: spin.multiplier, from, amount: multiplied });
        total = addAmounts(paid, multiplied);
        setLastWin(total);
        await pause(1300, 400, 900);
      }
      if (isPositive(spin.scatterWin)) {
        setWinning(new Set(spin.steps.at(-1)!.grid.flatMap((column, reel) => column.flatMap((symbol, row) => (symbol === 'lanternfish' ? [reel * ROWS + row] : [])))));
        setMessage({ kind: 'scatter', count: spin.scatters, amount: spin.scatterWin });
        total = addAmounts(total, spin.scatterWin);
        setLastWin(total);
        await pause(1100, 350, 800);
        setWinning(new Set());
      }
      const paidNow = addAmounts(paid, spin.win);
      if (!isPositive(spin.win)) {
        setMessage({ kind: 'none', free: turn.free });
        await pause(turn.free ? 420 : 150, 120, 150);
      }
      return paidNow;
    },
    [pace, reducedMotion, wait, pause],
  );

  const spin = useCallback(async () => {
    if (running.current) {
      if (pace.quick_stop) fast.current = true; // a second press hurries the sequence along
      return;
    }
    const pressedAt = performance.now();
    if (session.busy) return;
    running.current = true;
    fast.current = false;
    setBanner(null);
    setMessage(null);
    session.clearError();
    const round = await session.play({ amount: stake }, stake);
    if (!round) {
      running.current = false;
      return;
    }
    setAnimating(true);
    setLastWin(null);
    const outcome = outcomeOf<CascadeOutcomeView>(round);
    setLastBet(outcome.bet);
    let paid = '0.00';
    for (const turn of spinTurns(outcome)) {
      if (turn.free) setFree({ number: turn.number, awarded: turn.awarded, freeWin: subtractAmount(turn.freeWin, turn.spin.win), bubbles: 0 });
      paid = await showSpin(turn, paid, turn.number === 0 ? pressedAt : null);
      if (turn.free) setFree((f) => (f ? { ...f, awarded: turn.awarded + turn.spin.freeSpinsAwarded, freeWin: turn.freeWin } : f));
      if (turn.spin.freeSpinsAwarded > 0) {
        setBanner({ kind: turn.free ? 'retrigger' : 'freeAward', count: turn.spin.freeSpinsAwarded });
        await pause(1800, 500, 1400);
        setBanner(null);
      }
    }
    if (outcome.freeSpins.length > 0) {
      setBanner({ kind: 'freeTotal', amount: outcome.freeSpinsWin });
      await pause(2000, 600, 1400);
    }
    const tier = winTier(outcome.win, outcome.bet);
    setBanner(tier === 'none' ? null : { kind: 'win', amount: outcome.win, tier, capped: outcome.capped });
    setFree(null);
    setLastWin(outcome.win);
    session.commit(round);
    setRounds((n) => n + 1);
    setAnimating(false);
    running.current = false;
  }, [session, stake, showSpin, pause, pace]);

  usePrimaryAction(session, spin);

  useEffect(() => {
    if (!banner || banner.kind !== 'win') return;
    const timer = setTimeout(() => setBanner(null), banner.tier === 'win' ? 2200 : 3600);
    return () => clearTimeout(timer);
  }, [banner]);

  const info = (() => {
    if (!message) return animating ? t('cascade.goodLuck') : t('cascade.hint');
    switch (message.kind) {
      case 'wins':
        return message.wins.map((w) => t('cascade.symbolWin', { count: w.count, symbol: t(`cascade.symbols.${w.symbol}`), amount: showAmount(w.win) })).join(' · ');
      case 'tumbles':
        return t('cascade.tumblesWin', { count: message.count, amount: showAmount(message.amount) });
      case 'scatter':
        return t('cascade.scatterWin', { count: message.count, amount: showAmount(message.amount) });
      case 'multiplied':
        return t('cascade.multiplied', { multiplier: message.multiplier, from: showAmount(message.from), amount: showAmount(message.amount) });
      case 'none':
        return message.free ? t('cascade.noWin') : t('cascade.tryAgain');
    }
  })();

  return (
    <div className="flex min-h-0 flex-1 flex-col items-center gap-2 px-2 pb-2 tablet:gap-3 tablet:px-4 tablet:pb-4" data-testid="cascade-client" data-rounds={rounds}>
      <CascadeDefs />
      <div className="flex min-h-9 w-full max-w-3xl items-center justify-between gap-2">
        {free ? (
          <div className="flex min-w-0 flex-wrap items-center gap-1.5 tablet:gap-2" data-testid="cascade-free-spins">
            <span className="rounded-full bg-gradient-to-r from-cyan-500 to-blue-700 px-3 py-1 text-xs font-black tracking-wider text-white uppercase shadow-lg ring-1 ring-white/25">
              {t('cascade.freeSpinCounter', { number: free.number, total: free.awarded })}
            </span>
            <span className={clsx('rounded-full px-2.5 py-1 text-xs font-black shadow-lg ring-1', free.bubbles > 0 ? 'studio-pulse bg-cyan-200 text-ink-950 ring-white/60' : 'bg-black/40 text-cyan-100 ring-white/15')} data-testid="cascade-multiplier">
              {t('cascade.bubbleSum', { sum: free.bubbles })}
            </span>
            <span className="text-xs font-bold text-cyan-200 tabular-nums">{t('cascade.freeWinSoFar', { amount: showAmount(free.freeWin) })}</span>
          </div>
        ) : (
          <p className="truncate text-[11px] font-bold tracking-[0.18em] text-cyan-200/90 uppercase">{t('cascade.tagline')}</p>
        )}
        <BarButton icon="coins" label={t('cascade.paytable')} onClick={() => setPaytableOpen(true)} testId="open-paytable" />
      </div>

      <div className="flex min-h-0 w-full flex-1 flex-col items-center justify-start gap-2 tablet:justify-center tablet:gap-3">
        <div className="relative w-full" style={{ maxWidth: 'min(760px, calc((100dvh - 262px) * 1.2))' }}>
          <Board view={view} winning={winning} vanishing={vanishing} spinning={dropping} />
        </div>
        <div className="relative flex h-20 w-full max-w-3xl items-center justify-center tablet:h-14">
          <p className={clsx('text-center text-xs font-semibold text-ink-200 tablet:text-sm', banner && 'opacity-0')} aria-live="polite" data-testid="cascade-info">
            {info}
          </p>
          {banner && <CascadeBanner banner={banner} currency={currency} />}
        </div>
      </div>

      <div className="flex w-full max-w-3xl items-end justify-between gap-2 rounded-3xl bg-black/45 px-3 py-2 ring-1 ring-white/10 backdrop-blur tablet:px-5">
        <StakeSelector presets={session.limits.presets} value={stake} onChange={session.setStake} disabled={animating || session.busy} currency={currency} label={t('cascade.totalBet')} />
        <ActionButton
          onClick={() => void spin()}
          disabled={animating ? !pace.quick_stop : session.busy}
          busy={session.busy}
          label={animating && pace.quick_stop ? t('cascade.skip') : t('cascade.spin')}
          testId="cascade-spin"
          className="h-[4.5rem] w-[4.5rem] text-[11px] tablet:h-20 tablet:w-20"
        >
          {animating && pace.quick_stop ? <span>{t('cascade.skip')}</span> : SPIN_ICON}
        </ActionButton>
        <LastWinBox label={t('cascade.win')} amount={lastWin ?? '0'} beats={!!lastWin && beatsStake(lastWin, lastBet)} testId="cascade-last-win" />
      </div>

      <Sheet title={t('cascade.paytable')} open={paytableOpen} onClose={() => setPaytableOpen(false)}>
        <CascadePaytable stake={stake} currency={currency} />
      </Sheet>
    </div>
  );
}

function CascadeBanner({ banner, currency }: { banner: Banner; currency: string }) {
  const { t } = useTranslation('studio');
  let title: string;
  let amount: string | null = null;
  if (banner.kind === 'freeAward' || banner.kind === 'retrigger') title = t(`cascade.${banner.kind}`, { count: banner.count });
  else if (banner.kind === 'freeTotal') {
    title = t('cascade.freeTotal');
    amount = banner.amount;
  } else {
    title = banner.capped ? t('cascade.maxWin') : t(`cascade.tier.${banner.tier}`);
    amount = banner.amount;
  }
  const loud = !(banner.kind === 'win' && banner.tier === 'win');
  return <WinBanner title={title} amount={amount} currency={currency} loud={loud} tone="sea" testId="cascade-banner" kind={banner.kind} />;
}

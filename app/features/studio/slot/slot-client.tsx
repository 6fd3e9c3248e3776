import clsx from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotSymbol } from '../../../../games/engines/slot/paytable.ts';
import type { FreeSpinsOffer } from '../../../../contract/studio.ts';
import { Icon } from '../../../ui/icon.tsx';
import { ActionButton, BarButton, StakeSelector } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { addAmounts, beatsStake, isPositive, showAmount } from '../money.ts';
import { Sheet } from '../sheet.tsx';
import { LastWinBox, SPIN_ICON, WinBanner } from '../win-banner.tsx';
import { outcomeOf, type SlotOutcomeView, type SlotSpinView, type StudioClientProps } from '../types.ts';
import { Paytable } from './paytable.tsx';
import { Reels } from './reels.tsx';
import { FREE_SPINS_MULTIPLIER, REELS, initialWindows, lineColour, reelColumn, spinSteps, winTier, winningCells, type WinTier } from './slot-logic.ts';
import { SymbolDefs } from './symbols.tsx';

type Banner =
  | { kind: 'freeAward'; count: number }
  | { kind: 'retrigger'; count: number }
  | { kind: 'freeTotal'; amount: string }
  | { kind: 'win'; amount: string; tier: WinTier }
  | { kind: 'packDone'; amount: string };
type FreeState = { number: number; awarded: number; freeWin: string };

/**
 * The video slot: five reels that run down and stop one after another on the server's stops,
 * the paying lines drawn in turn with their wins, free spins played back one by one with their
 * counter and x3 badge, and a banner for the round's total. A free-spin pack of the player's
 * (real money) is played first: its spins run at the pack's stake and take nothing from the
 * balance, with what is left shown above the reels.
 */
export default function SlotClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, stake, currency } = session;
  /** The licence's pace: the shortest spin, and whether a second press may hurry one. */
  const { pace } = session.launch;
  const [columns, setColumns] = useState<SlotSymbol[][]>(initialWindows);
  const [spinKey, setSpinKey] = useState(0);
  const [durations, setDurations] = useState<number[]>(() => Array(REELS).fill(0));
  const [shown, setShown] = useState<SlotSpinView | null>(null);
  const [animating, setAnimating] = useState(false);
  const [free, setFree] = useState<FreeState | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);
  /** The stake of the round whose win is shown: only a win above it shows as one. */
  const [lastBet, setLastBet] = useState('0');
  /** Which winning line is drawn, for the spin on screen. */
  const [lineTurn, setLineTurn] = useState<{ spin: SlotSpinView | null; index: number }>({ spin: null, index: 0 });
  const [paytableOpen, setPaytableOpen] = useState(false);
  /** Rounds played and shown in this session. */
  const [rounds, setRounds] = useState(0);
  /** The pack whose spin is on its way or on the reels (as it was before the spin). */
  const [packInPlay, setPackInPlay] = useState<FreeSpinsOffer | null>(null);
  /** What each pack's spins won in this session, for the banner when it is over. */
  const packWins = useRef(new Map<number, string>());
  const fast = useRef(false);
  const running = useRef(false);
  const windows = useRef(columns.map((column) => column.slice(0, 3)));

  // The pack on show: the player's next one, or the one just spent while its last spin plays out.
  const pack = session.freeSpins ?? (packInPlay ? { ...packInPlay, remaining: 0 } : null);

  const highlighted = useMemo(() => (shown ? winningCells(shown) : new Set<string>()), [shown]);
  const lines = shown?.lineWins ?? [];
  const lineIndex = lineTurn.spin === shown ? lineTurn.index : 0;
  const activeWin = lines.length ? lines[lineIndex % lines.length] : null;

  // The winning lines take turns on the reels.
  useEffect(() => {
    if (!shown || shown.lineWins.length < 2) return;
    const timer = setInterval(() => setLineTurn((turn) => ({ spin: shown, index: (turn.spin === shown ? turn.index : 0) + 1 })), reducedMotion ? 2200 : 1100);
    return () => clearInterval(timer);
  }, [shown, reducedMotion]);

  const showSpin = useCallback(
    async (spin: SlotSpinView, inFree: boolean, pressedAt: number | null) => {
      const quick = fast.current;
      let times = Array.from({ length: REELS }, (_, reel) =>
        reducedMotion ? 0 : quick ? 160 + reel * 50 : inFree ? 480 + reel * 150 : 700 + reel * 240,
      );
      // A licence's shortest spin (contract/jurisdiction.ts), counted from the press: the reels
      // run longer rather than the result waiting on still reels.
      const left = pressedAt === null ? 0 : pressedAt + pace.min_spin_ms - performance.now() - 60;
      if (!reducedMotion && left > Math.max(...times)) times = times.map((time) => Math.round((time * left) / Math.max(...times)));
      const travel = (reel: number) => (reducedMotion ? 0 : quick ? 6 : inFree ? 10 + reel * 4 : 14 + reel * 6);
      setShown(null);
      setColumns(spin.stops.map((stop, reel) => reelColumn(reel, stop, windows.current[reel], travel(reel))));
      setDurations(times);
      setSpinKey((key) => key + 1);
      windows.current = spin.grid.map((column) => [...column]);
      await wait(reducedMotion ? Math.max(120, left) : Math.max(...times) + 60);
      setShown(spin);
      const linger = isPositive(spin.win) ? (fast.current ? 350 : inFree ? 1000 : 1300) : fast.current ? 120 : inFree ? 380 : 150;
      await wait(linger);
    },
    [reducedMotion, wait, pace],
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
    setShown(null);
    session.clearError();
    const fromPack = session.freeSpins;
    setPackInPlay(fromPack);
    const round = fromPack ? await session.playFreeSpin() : await session.play({ amount: stake }, stake);
    if (!round) {
      setPackInPlay(null);
      running.current = false;
      return;
    }
    setAnimating(true);
    setLastWin(null);
    const outcome = outcomeOf<SlotOutcomeView>(round);
    setLastBet(outcome.bet);
    const steps = spinSteps(outcome);
    let paid = '0.00';
    for (const step of steps) {
      if (step.free) setFree({ number: step.number, awarded: step.awarded, freeWin: steps[step.number - 1]?.freeWin ?? '0.00' });
      await showSpin(step.spin, step.free, step === steps[0] ? pressedAt : null);
      paid = addAmounts(paid, step.spin.win);
      if (isPositive(paid)) setLastWin(paid);
      if (step.free) setFree({ number: step.number, awarded: step.awarded + step.spin.freeSpinsAwarded, freeWin: step.freeWin });
      if (step.spin.freeSpinsAwarded > 0) {
        setBanner({ kind: step.free ? 'retrigger' : 'freeAward', count: step.spin.freeSpinsAwarded });
        await wait(fast.current ? 500 : 1800);
        setBanner(null);
      }
    }
    if (outcome.freeSpins.length > 0) {
      setBanner({ kind: 'freeTotal', amount: outcome.freeSpinsWin });
      await wait(fast.current ? 600 : 2000);
    }
    const tier = winTier(outcome.win, outcome.bet);
    setBanner(tier === 'none' ? null : { kind: 'win', amount: outcome.win, tier });
    setFree(null);
    setLastWin(outcome.win);
    session.commit(round);
    setRounds((n) => n + 1);
    setAnimating(false);
    running.current = false;
    if (fromPack) {
      const won = addAmounts(packWins.current.get(fromPack.pack_id) ?? '0.00', outcome.win);
      packWins.current.set(fromPack.pack_id, won);
      setPackInPlay(null);
      // The pack's last spin: what the whole pack won, once the round's own banner has shown.
      if (round.free_spins?.pack_id !== fromPack.pack_id) {
        if (tier !== 'none') await wait(fast.current ? 700 : 2000);
        setBanner({ kind: 'packDone', amount: won });
      }
    }
  }, [session, stake, showSpin, wait, pace]);

  usePrimaryAction(session, spin);

  // The win banners fade by themselves.
  useEffect(() => {
    if (!banner || (banner.kind !== 'win' && banner.kind !== 'packDone')) return;
    const timer = setTimeout(() => setBanner(null), banner.kind === 'win' && banner.tier === 'win' ? 2200 : 3600);
    return () => clearTimeout(timer);
  }, [banner]);

  const info = (() => {
    if (!shown) return animating ? t('slot.goodLuck') : pack ? t('slot.packHint') : t('slot.hint');
    if (activeWin) return t('slot.lineWin', { line: activeWin.line, count: activeWin.count, symbol: t(`slot.symbols.${activeWin.symbol}`), amount: showAmount(activeWin.win) });
    if (isPositive(shown.scatterWin)) return t('slot.scatterWin', { count: shown.scatters, amount: showAmount(shown.scatterWin) });
    return free ? t('slot.noWin') : t('slot.tryAgain');
  })();

  return (
    <div className="flex min-h-0 flex-1 flex-col items-center gap-2 px-2 pb-2 tablet:gap-3 tablet:px-4 tablet:pb-4" data-testid="slot-client" data-rounds={rounds}>
      <SymbolDefs />
      <div className="flex min-h-9 w-full max-w-3xl items-center justify-between gap-2">
        {free ? (
          <div className="flex items-center gap-2" data-testid="slot-free-spins">
            <span className="rounded-full bg-gradient-to-r from-violet-600 to-fuchsia-600 px-3 py-1 text-xs font-black tracking-wider text-white uppercase shadow-lg ring-1 ring-white/20">
              {t('slot.freeSpinCounter', { number: free.number, total: free.awarded })}
            </span>
            <span className="studio-pulse rounded-full bg-gold-400 px-2.5 py-1 text-xs font-black text-ink-950 shadow-lg" data-testid="slot-multiplier">
              ×{FREE_SPINS_MULTIPLIER}
            </span>
            <span className="text-xs font-bold text-gold-300 tabular-nums">{t('slot.freeWinSoFar', { amount: showAmount(free.freeWin) })}</span>
          </div>
        ) : pack ? (
          <PackBadge pack={pack} />
        ) : (
          <p className="truncate text-[11px] font-bold tracking-[0.18em] text-gold-300/90 uppercase">{t('slot.tagline')}</p>
        )}
        <BarButton icon="coins" label={t('slot.paytable')} onClick={() => setPaytableOpen(true)} testId="open-paytable" />
      </div>

      {/* The reels, then a row kept for the info line and the win banners: a banner never covers
          the symbols it is about. On a phone the group sits under the top bar, the spare height
          goes above the controls. */}
      <div className="flex min-h-0 w-full flex-1 flex-col items-center justify-start gap-2 tablet:justify-center tablet:gap-3">
        <div className="relative w-full" style={{ maxWidth: 'min(820px, calc((100dvh - 262px) * 1.62))' }}>
          <Reels columns={columns} spinKey={spinKey} durations={durations} highlighted={highlighted} showingWins={highlighted.size > 0} activeLine={activeWin?.line ?? null} spinning={animating && !shown} />
        </div>
        <div className="relative flex h-20 w-full max-w-3xl items-center justify-center tablet:h-14" data-testid="slot-message-row">
          {/* Under a banner the line turns transparent (screen readers still have it): no words stick out beside it. */}
          <p className={clsx('flex items-center gap-2 text-center text-xs font-semibold text-ink-200 tablet:text-sm', banner && 'opacity-0')} aria-live="polite" data-testid="slot-info">
            {activeWin && <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: lineColour(activeWin.line) }} />}
            {info}
          </p>
          {banner && <SlotBanner banner={banner} currency={currency} />}
        </div>
      </div>

      <div className="flex w-full max-w-3xl items-end justify-between gap-2 rounded-3xl bg-black/45 px-3 py-2 ring-1 ring-white/10 backdrop-blur tablet:px-5">
        <StakeSelector
          presets={session.limits.presets}
          value={pack ? pack.stake : stake}
          onChange={session.setStake}
          disabled={!!pack || animating || session.busy}
          currency={currency}
          label={pack ? t('slot.packStake') : t('slot.totalBet')}
        />
        <ActionButton
          onClick={() => void spin()}
          disabled={animating ? !pace.quick_stop : session.busy}
          busy={session.busy}
          label={animating && pace.quick_stop ? t('slot.skip') : pack ? t('slot.freeSpin') : t('slot.spin')}
          testId="slot-spin"
          tone={pack && !animating ? 'jade' : 'gold'}
          className="h-[4.5rem] w-[4.5rem] text-[11px] tablet:h-20 tablet:w-20"
        >
          {animating && pace.quick_stop ? (
            <span>{t('slot.skip')}</span>
          ) : pack ? (
            <span className="flex flex-col items-center gap-0.5 leading-none">
              {SPIN_ICON}
              <span className="text-[10px] tracking-wider">{t('slot.free')}</span>
            </span>
          ) : (
            SPIN_ICON
          )}
        </ActionButton>
        <LastWinBox label={t('slot.win')} amount={lastWin ?? '0'} beats={!!lastWin && beatsStake(lastWin, lastBet)} testId="slot-last-win" />
      </div>

      <Sheet title={t('slot.paytable')} open={paytableOpen} onClose={() => setPaytableOpen(false)}>
        <Paytable stake={stake} currency={currency} />
      </Sheet>
    </div>
  );
}

/** What is left of the player's free-spin pack, above the reels. */
function PackBadge({ pack }: { pack: FreeSpinsOffer }) {
  const { t } = useTranslation('studio');
  return (
    <p
      className="flex min-w-0 items-center gap-1.5 rounded-2xl bg-gradient-to-r from-emerald-500 to-teal-600 px-3 py-1 text-[11px] leading-tight font-black text-white shadow-lg ring-1 ring-white/25 tablet:rounded-full tablet:text-xs"
      title={pack.title ?? undefined}
      data-testid="slot-pack"
      data-remaining={pack.remaining}
    >
      <Icon name="gift" size={14} className="shrink-0" />
      {/* On a phone the text may take two lines rather than lose the stake. */}
      <span className="tabular-nums tablet:truncate">{t('slot.pack', { count: pack.remaining, stake: showAmount(pack.stake), currency: pack.currency })}</span>
    </p>
  );
}

function SlotBanner({ banner, currency }: { banner: Banner; currency: string }) {
  const { t } = useTranslation('studio');
  let title: string;
  let amount: string | null = null;
  if (banner.kind === 'freeAward' || banner.kind === 'retrigger') title = t(`slot.${banner.kind}`, { count: banner.count });
  else if (banner.kind === 'freeTotal' || banner.kind === 'packDone') {
    title = t(banner.kind === 'packDone' ? 'slot.packDone' : 'slot.freeTotal');
    amount = banner.amount;
  } else {
    title = t(`slot.tier.${banner.tier}`);
    amount = banner.amount;
  }
  const loud = !(banner.kind === 'win' && banner.tier === 'win');
  return <WinBanner title={title} amount={amount} currency={currency} loud={loud} tone="violet" testId="slot-banner" kind={banner.kind} />;
}

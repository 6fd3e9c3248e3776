import clsx from 'clsx';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, ChipRack, ToolButton } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { addAmounts, beatsStake, compareAmounts, isPositive, showAmount } from '../money.ts';
import { outcomeOf, type RouletteOutcomeView, type StudioClientProps } from '../types.ts';
import { TableLayout } from './table-layout.tsx';
import { aggregate, colorOf, spotKey, toPlayBets, totalStake, wheelRotationFor, type Placement, type SpotBet } from './table.ts';
import { Wheel } from './wheel.tsx';

const SPIN_MS = 4800;
const HISTORY = 14;
const NUMBER_BG = { red: 'bg-[#c8102e]', black: 'bg-[#15171f] ring-1 ring-white/20', green: 'bg-[#0f8a4a]' } as const;

type WheelState = { rotation: number; ball: number; dropped: boolean; duration: number };

/**
 * European roulette: pick a chip, place it on numbers, lines, corners or outside boxes; undo,
 * clear, double or place the last spin's bets again; the wheel turns and the ball lands on the
 * server's number; winning bets shine and the last numbers line up.
 */
export default function RouletteClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, currency, limits } = session;
  const [chip, setChip] = useState(() => (limits.presets.includes(session.stake) ? session.stake : limits.presets[Math.min(2, limits.presets.length - 1)]));
  const [placements, setPlacements] = useState<Placement[]>([]);
  const [lastBets, setLastBets] = useState<Placement[]>([]);
  const [wheel, setWheel] = useState<WheelState>({ rotation: 0, ball: 0, dropped: true, duration: 0 });
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<RouletteOutcomeView | null>(null);
  const [history, setHistory] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const bets = useMemo(() => aggregate(placements), [placements]);
  const total = totalStake(placements);
  const locked = spinning || session.busy;

  const place = (bet: SpotBet) => {
    if (locked) return;
    if (compareAmounts(addAmounts(total, chip), limits.max) > 0) {
      setNotice(t('roulette.tableMax', { max: showAmount(limits.max), currency }));
      return;
    }
    setNotice(null);
    setResult(null);
    setPlacements((list) => [...list, { key: spotKey(bet), bet, amount: chip }]);
  };
  const undo = () => setPlacements((list) => list.slice(0, -1));
  const clear = () => setPlacements([]);
  const double = () => {
    if (compareAmounts(addAmounts(total, total), limits.max) > 0) {
      setNotice(t('roulette.tableMax', { max: showAmount(limits.max), currency }));
      return;
    }
    setPlacements((list) => [...list, ...list]);
  };
  const rebet = () => setPlacements(lastBets);

  const spin = useCallback(async () => {
    if (spinning || session.busy) return;
    if (placements.length === 0) {
      setNotice(t('roulette.placeFirst'));
      return;
    }
    setNotice(null);
    session.clearError();
    const staked = totalStake(placements);
    const round = await session.play({ bets: toPlayBets(placements) }, staked);
    if (!round) return;
    const outcome = outcomeOf<RouletteOutcomeView>(round);
    setSpinning(true);
    setResult(null);
    setLastBets(placements);
    if (!reducedMotion) {
      setWheel((w) => ({ ...w, dropped: false, duration: 0 }));
      await wait(40);
      setWheel((w) => ({
        rotation: wheelRotationFor(outcome.number, w.rotation),
        ball: w.ball - 360 * 3 - (((w.ball % 360) + 360) % 360),
        dropped: true,
        duration: SPIN_MS,
      }));
      await wait(SPIN_MS + 150);
    } else {
      setWheel((w) => ({ rotation: wheelRotationFor(outcome.number, w.rotation, 0), ball: 0, dropped: true, duration: 0 }));
    }
    setResult(outcome);
    setHistory((list) => [outcome.number, ...list].slice(0, HISTORY));
    session.commit(round);
    setSpinning(false);
  }, [spinning, session, placements, t, reducedMotion, wait]);

  usePrimaryAction(session, spin);

  const outcomeLine = result ? (
    <p className="studio-pop text-xs font-bold break-words tablet:text-center tablet:text-sm" data-testid="roulette-outcome">
      <span className="text-ink-200">{t('roulette.landed', { number: result.number, colour: t(`roulette.colour.${colorOf(result.number)}`) })}</span>{' '}
      {beatsStake(result.win, result.bet) ? (
        <span className="text-jade-400">{t('roulette.youWin', { amount: showAmount(result.win), currency })}</span>
      ) : isPositive(result.win) ? (
        // Less than or as much as the spin's stake comes back: a loss, not a win (docs/studio.md).
        <span className="text-ink-200">{t('roulette.returned', { amount: showAmount(result.win), currency })}</span>
      ) : (
        <span className="text-ink-400">{t('roulette.noWin')}</span>
      )}
    </p>
  ) : (
    <p className="text-xs font-semibold text-ink-300 tablet:text-center tablet:text-sm">{spinning ? t('roulette.noMoreBets') : notice ?? t('roulette.placeBets')}</p>
  );

  const tableProps = { bets, presets: limits.presets, onPlace: place, disabled: locked, result: result?.number ?? null };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="roulette-client">
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-2 pt-1 pb-2 tablet:px-5">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 tablet:my-auto tablet:flex-row tablet:items-center tablet:gap-8">
          <div className="flex items-center gap-3 tablet:w-[32%] tablet:max-w-[400px] tablet:shrink-0 tablet:flex-col">
            <Wheel
              rotation={wheel.rotation}
              ballRotation={wheel.ball}
              ballDropped={wheel.dropped}
              duration={wheel.duration}
              result={spinning ? null : (result?.number ?? null)}
              className="w-[40%] max-w-[170px] shrink-0 tablet:w-full tablet:max-w-[min(100%,calc(100dvh-300px))]"
            />
            <div className="min-w-0 flex-1 space-y-2 tablet:w-full">
              <div aria-live="polite">{outcomeLine}</div>
              <div>
                <p className="mb-1 text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('roulette.history')}</p>
                <ol className="flex flex-wrap gap-1" data-testid="roulette-history">
                  {history.length === 0 && <li className="text-xs text-ink-400">{t('roulette.noHistory')}</li>}
                  {history.map((n, i) => (
                    <li key={`${i}-${n}`} className={clsx('grid h-7 w-7 place-items-center rounded-full text-xs font-bold text-white', NUMBER_BG[colorOf(n)], i === 0 && 'ring-2 ring-gold-300')}>
                      {n}
                    </li>
                  ))}
                </ol>
              </div>
            </div>
          </div>
          <div className="min-w-0 flex-1">
            <div className="hidden tablet:block">
              <TableLayout orientation="horizontal" {...tableProps} />
            </div>
            <div className="mx-auto max-w-[420px] tablet:hidden">
              <TableLayout orientation="vertical" {...tableProps} />
            </div>
          </div>
        </div>
      </div>

      <div className="border-t border-white/10 bg-black/50 px-2 pt-2 pb-2 backdrop-blur tablet:px-5">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 laptop:flex-row laptop:items-center laptop:justify-between">
          <ChipRack presets={limits.presets} value={chip} onChange={setChip} disabled={locked} size={40} />
          <div className="flex items-center justify-between gap-2 laptop:justify-end laptop:gap-4">
            <div className="flex gap-1">
              <ToolButton label={t('roulette.undo')} onClick={undo} disabled={locked || placements.length === 0} testId="roulette-undo" />
              <ToolButton label={t('roulette.clear')} onClick={clear} disabled={locked || placements.length === 0} testId="roulette-clear" />
              {placements.length === 0 && lastBets.length > 0 ? (
                <ToolButton label={t('roulette.rebet')} onClick={rebet} disabled={locked} testId="roulette-rebet" />
              ) : (
                <ToolButton label={t('roulette.double')} onClick={double} disabled={locked || placements.length === 0} testId="roulette-double" />
              )}
            </div>
            <div className="text-right">
              <span className="block text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('roulette.totalBet')}</span>
              <span className="block text-base font-extrabold text-gold-300 tabular-nums" data-testid="roulette-total">
                {showAmount(total)} <span className="text-[10px] text-ink-300">{currency}</span>
              </span>
            </div>
            <ActionButton onClick={() => void spin()} disabled={locked || placements.length === 0} busy={session.busy} label={t('roulette.spin')} testId="roulette-spin" className="h-16 w-16 text-xs">
              {t('roulette.spin')}
            </ActionButton>
          </div>
        </div>
      </div>
    </div>
  );
}

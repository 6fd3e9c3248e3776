import clsx from 'clsx';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayBar, RecentRounds } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { isPositive, showAmount } from '../money.ts';
import { outcomeOf, type KenoOutcomeView, type StudioClientProps } from '../types.ts';
import { BALL_MS, BOARD, cellState, MAX_PICKS, oneIn, paytableOf, payout, quickPick, showMultiplier, togglePick } from './keno-logic.ts';

const HISTORY = 10;

/**
 * Keno: the player picks 1 to 10 numbers of 40 (or quick-picks them), bets, and the server draws
 * 10. The balls come out one by one (every 160 ms; all at once under reduced motion); picks that
 * come out turn green, and the paytable of the pick count lights the line that paid.
 */
export default function KenoClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, stake } = session;
  const [picks, setPicks] = useState<number[]>([3, 11, 18, 26, 34]);
  const [drawing, setDrawing] = useState<KenoOutcomeView | null>(null);
  const [revealed, setRevealed] = useState<number[]>([]);
  const [last, setLast] = useState<KenoOutcomeView | null>(null);
  const [history, setHistory] = useState<KenoOutcomeView[]>([]);
  const [rounds, setRounds] = useState(0);
  const locked = drawing !== null || session.busy;

  const draw = useCallback(async () => {
    if (locked || picks.length === 0) return;
    session.clearError();
    const round = await session.play({ amount: stake, picks }, stake);
    if (!round) return;
    const outcome = outcomeOf<KenoOutcomeView>(round);
    setLast(null);
    setDrawing(outcome);
    setRevealed([]);
    if (!reducedMotion) {
      for (let i = 1; i <= outcome.drawn.length; i++) {
        await wait(BALL_MS);
        setRevealed(outcome.drawn.slice(0, i));
      }
      await wait(200);
    }
    setRevealed(outcome.drawn);
    setDrawing(null);
    setLast(outcome);
    setHistory((list) => [outcome, ...list].slice(0, HISTORY));
    setRounds((n) => n + 1);
    session.commit(round);
  }, [locked, picks, session, stake, reducedMotion, wait]);

  usePrimaryAction(session, draw);

  const choose = (next: number[]) => {
    if (locked) return;
    setPicks(next);
    // A new choice clears the last draw from the board.
    setRevealed([]);
    setLast(null);
  };
  const shownPicks = drawing?.picks ?? last?.picks ?? picks;
  const hitsSoFar = shownPicks.filter((n) => revealed.includes(n)).length;
  const table = paytableOf(shownPicks.length);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="keno-client" data-rounds={rounds}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto grid max-w-5xl gap-3 laptop:grid-cols-[minmax(0,1fr)_20rem] laptop:items-start laptop:gap-5">
          <section className="rounded-3xl bg-[radial-gradient(120%_90%_at_50%_0%,#3a1f5e_0%,#1a1033_55%,#0b0a1f_100%)] p-3 shadow-2xl ring-1 ring-white/10 tablet:p-4">
            <div className="mb-3 flex min-h-9 flex-wrap items-center gap-1.5" aria-live="polite" data-testid="keno-drawn">
              {revealed.length === 0 ? (
                <span className="text-sm text-ink-300">{t('keno.hint', { max: MAX_PICKS })}</span>
              ) : (
                revealed.map((n) => (
                  <span
                    key={n}
                    className={clsx(
                      'grid h-8 w-8 place-items-center rounded-full text-xs font-black tabular-nums shadow',
                      shownPicks.includes(n) ? 'bg-jade-400 text-ink-950' : 'bg-white text-ink-900',
                      !reducedMotion && 'studio-pop',
                    )}
                    data-testid="keno-ball"
                  >
                    {n}
                  </span>
                ))
              )}
            </div>
            <div className="grid grid-cols-8 gap-1.5 tablet:gap-2" role="group" aria-label={t('keno.board')} data-testid="keno-board">
              {BOARD.map((n) => {
                const state = cellState(n, shownPicks, revealed);
                return (
                  <button
                    key={n}
                    type="button"
                    onClick={() => choose(togglePick(picks, n))}
                    disabled={locked || (!picks.includes(n) && picks.length >= MAX_PICKS)}
                    aria-pressed={picks.includes(n)}
                    aria-label={t(`keno.cell.${state}`, { number: n })}
                    className={clsx(
                      'relative aspect-square rounded-xl text-sm font-black tabular-nums ring-1 transition tablet:text-base',
                      state === 'hit' && 'bg-gradient-to-b from-jade-300 to-jade-500 text-ink-950 ring-jade-200 shadow-[0_0_16px_rgba(62,230,164,0.55)]',
                      state === 'picked' && 'bg-gradient-to-b from-gold-300 to-gold-500 text-ink-950 ring-gold-200',
                      state === 'drawn' && 'bg-white/10 text-white ring-violet-400',
                      state === 'idle' && 'bg-black/35 text-ink-100 ring-white/10 enabled:hover:bg-white/10',
                      'disabled:cursor-default',
                    )}
                    data-testid="keno-cell"
                    data-number={n}
                    data-state={state}
                  >
                    {n}
                    {state === 'drawn' && <span className="absolute inset-x-2 bottom-1 h-0.5 rounded bg-violet-400" aria-hidden="true" />}
                  </button>
                );
              })}
            </div>
            <div className="mt-3 flex items-center justify-between gap-2">
              <p className="text-sm font-bold" data-testid="keno-outcome">
                {last && !drawing ? (
                  <span className={isPositive(last.win) ? 'text-jade-400' : 'text-ink-200'}>
                    {isPositive(last.win) ? t('keno.won', { hits: last.hits.length, picks: last.picks.length, amount: showAmount(last.win) }) : t('keno.lost', { hits: last.hits.length, picks: last.picks.length })}
                  </span>
                ) : (
                  <span className="text-ink-300">{drawing ? t('keno.drawing', { hits: hitsSoFar }) : t('keno.picked', { count: picks.length, max: MAX_PICKS })}</span>
                )}
              </p>
              <div className="flex shrink-0 gap-1.5">
                <button type="button" disabled={locked} onClick={() => choose(quickPick(picks.length || 5))} className="h-9 rounded-xl bg-white/5 px-3 text-sm font-bold text-ink-100 ring-1 ring-white/10 hover:bg-white/10 disabled:opacity-50" data-testid="keno-quick">
                  {t('keno.quick')}
                </button>
                <button type="button" disabled={locked || picks.length === 0} onClick={() => choose([])} className="h-9 rounded-xl bg-white/5 px-3 text-sm font-bold text-ink-100 ring-1 ring-white/10 hover:bg-white/10 disabled:opacity-50" data-testid="keno-clear">
                  {t('keno.clear')}
                </button>
              </div>
            </div>
          </section>

          <div className="flex flex-col gap-3">
            <section className="rounded-3xl bg-black/35 p-3 ring-1 ring-white/10 tablet:p-4" data-testid="keno-paytable">
              <h2 className="text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('keno.paytable', { count: shownPicks.length })}</h2>
              {table.length === 0 ? (
                <p className="mt-2 text-xs text-ink-400">{t('keno.pickFirst')}</p>
              ) : (
                <table className="mt-2 w-full text-sm tabular-nums">
                  <thead className="text-[10px] tracking-[0.12em] text-ink-400 uppercase">
                    <tr>
                      <th className="pb-1 text-left font-bold">{t('keno.hits')}</th>
                      <th className="pb-1 text-right font-bold">{t('keno.pays')}</th>
                      <th className="pb-1 text-right font-bold">{t('keno.odds')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {table.map((line) => {
                      const paid = last !== null && !drawing && last.hits.length === line.hits;
                      return (
                        <tr key={line.hits} className={clsx(paid ? 'bg-jade-500/20 text-jade-300' : 'text-ink-100')} data-testid="keno-pay-line" data-hits={line.hits}>
                          <td className="rounded-l-lg px-1.5 py-1 font-bold">{line.hits}</td>
                          <td className="px-1.5 py-1 text-right font-extrabold whitespace-nowrap">
                            {showMultiplier(line.multiplier)}× <span className="text-[11px] font-semibold text-ink-400">({showAmount(payout(stake, line.multiplier))})</span>
                          </td>
                          <td className="rounded-r-lg px-1.5 py-1 text-right text-xs whitespace-nowrap text-ink-400">{t('keno.oneIn', { n: oneIn(line.chance) })}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
              <p className="mt-2 text-[11px] text-ink-400">{t('keno.rtp')}</p>
            </section>

            <RecentRounds
              title={t('keno.history')}
              empty={t('keno.noHistory')}
              items={history}
              testId="keno-history"
              render={(item) => ({
                className: clsx('font-bold ring-1', isPositive(item.win) ? 'bg-jade-500/15 text-jade-400 ring-jade-400/30' : 'bg-white/5 text-ink-300 ring-white/10'),
                text: `${item.hits.length}/${item.picks.length}`,
              })}
            />
          </div>
        </div>
      </div>

      <PlayBar session={session} locked={locked} ready={picks.length > 0} lastWin={last?.win ?? null} lastWinTestId="keno-last-win" action={t('keno.action')} onAction={() => void draw()} testId="keno-draw" wide />
    </div>
  );
}

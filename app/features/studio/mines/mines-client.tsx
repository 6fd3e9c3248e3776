import clsx from 'clsx';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoundView } from '../../../../contract/studio.ts';
import { ActionButton, PlayBar, RecentRounds } from '../controls.tsx';
import { useLatest } from '../hooks.ts';
import { isPositive, showAmount } from '../money.ts';
import { outcomeOf, type MinesView, type StudioClientProps } from '../types.ts';
import { Gem, Mine } from './mines-art.tsx';
import { BOARD, cashOutAmount, clampMines, MAX_MINES, MIN_MINES, MINE_PRESETS, multiplierFor, nextSafeChance, safeTiles, showMultiplier, tileLook, UNCOVER_MS } from './mines-logic.ts';

const HISTORY = 12;

/**
 * Mines: the player sets the mines (1-24) and the stake, bets, then turns tiles of the 5 x 5
 * board one at a time. Each gem raises the multiplier (the next one is shown before the click);
 * "Cash out" takes the stake x the multiplier; a mine ends the round with nothing and the board
 * shows where the mines were. The mines stay on the server until the round ends; a board left
 * open comes back on launch (`open_round`).
 */
export default function MinesClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const { reducedMotion, stake, currency } = session;
  const resumed = session.launch.open_round?.engine === 'mines' ? session.launch.open_round : null;
  const [round, setRound] = useState<RoundView | null>(resumed);
  const [mines, setMines] = useState<number>(resumed ? outcomeOf<MinesView>(resumed).mines : 3);
  const [history, setHistory] = useState<MinesView[]>([]);
  const [rounds, setRounds] = useState(0);

  const view = round ? outcomeOf<MinesView>(round) : null;
  const inPlay = round?.status === 'open';
  const locked = session.busy;
  const count = view && inPlay ? view.mines : mines;
  const bet = view && inPlay ? view.bet : stake;
  const safe = inPlay && view ? view.picks.length : 0;
  const current = multiplierFor(count, safe);
  const next = multiplierFor(count, safe + 1);
  const cashOut = safe > 0 ? cashOutAmount(bet, count, safe) : '0.00';

  const show = useCallback(
    (next: RoundView) => {
      setRound(next);
      session.commit(next);
      if (next.status === 'settled') {
        setHistory((list) => [outcomeOf<MinesView>(next), ...list].slice(0, HISTORY));
        setRounds((n) => n + 1);
      }
    },
    [session],
  );

  const start = useCallback(async () => {
    if (locked || inPlay) return;
    session.clearError();
    const next = await session.play({ amount: stake, mines }, stake);
    if (next) show(next);
  }, [locked, inPlay, session, stake, mines, show]);

  const reveal = async (tile: number) => {
    if (!round || !inPlay || locked || view?.picks.includes(tile)) return;
    session.clearError();
    const next = await session.act(round.round_id, 'reveal', '', tile);
    if (next) show(next);
  };

  const cash = async () => {
    if (!round || !inPlay || locked || safe === 0) return;
    session.clearError();
    const next = await session.act(round.round_id, 'cashout');
    if (next) show(next);
  };

  // A board resumed after a reload keeps the stake it was bet with on show.
  useEffect(() => {
    if (resumed) session.setStake(outcomeOf<MinesView>(resumed).bet);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const primary = useLatest(() => void (inPlay ? cash() : start()));
  useEffect(() => {
    session.setPrimaryAction(() => primary.current());
    return () => session.setPrimaryAction(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const picks = view?.picks ?? [];
  const minesAt = view?.minesAt ?? null;
  const last = round?.status === 'settled' ? view : null;
  const chance = nextSafeChance(count, safe);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="mines-client" data-phase={inPlay ? 'open' : last ? 'settled' : 'idle'} data-rounds={rounds}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto grid max-w-5xl gap-3 laptop:grid-cols-[minmax(0,1fr)_20rem] laptop:items-start laptop:gap-5">
          <section className="rounded-3xl bg-[radial-gradient(120%_90%_at_50%_0%,#14465a_0%,#0b2533_55%,#06121b_100%)] p-3 shadow-2xl ring-1 ring-white/10 tablet:p-4">
            <div className="mb-3 flex min-h-9 items-center justify-between gap-2" aria-live="polite">
              <p className="text-sm font-bold" data-testid="mines-status">
                {last ? (
                  last.result === 'mine' ? (
                    <span className="text-ruby-400">{t('mines.boom')}</span>
                  ) : (
                    <span className="text-jade-400">{t(last.result === 'cleared' ? 'mines.cleared' : 'mines.cashedOut', { multiplier: showMultiplier(last.multiplier), amount: showAmount(last.win) })}</span>
                  )
                ) : inPlay ? (
                  <span className="text-ink-100">{safe === 0 ? t('mines.pickFirst') : t('mines.found', { count: safe, left: safeTiles(count) - safe })}</span>
                ) : (
                  <span className="text-ink-300">{t('mines.hint')}</span>
                )}
              </p>
              <span className="shrink-0 rounded-full bg-black/40 px-2.5 py-1 text-xs font-bold text-ink-200 ring-1 ring-white/10" data-testid="mines-count-badge">
                {t('mines.minesOnBoard', { count })}
              </span>
            </div>
            <div className="mx-auto grid max-w-[min(100%,30rem)] grid-cols-5 gap-1.5 tablet:gap-2.5" role="group" aria-label={t('mines.board')} data-testid="mines-board">
              {BOARD.map((tile) => {
                const look = tileLook(tile, picks, minesAt);
                const order = picks.indexOf(tile);
                const fresh = order === picks.length - 1 && order >= 0;
                return (
                  <button
                    key={tile}
                    type="button"
                    onClick={() => void reveal(tile)}
                    disabled={!inPlay || locked || look !== 'hidden'}
                    aria-label={t(`mines.tile.${look}`, { n: tile + 1 })}
                    className={clsx(
                      'grid aspect-square place-items-center rounded-xl ring-1 transition tablet:rounded-2xl',
                      look === 'hidden' && 'bg-gradient-to-b from-[#2d5f78] to-[#1a3b4d] shadow-[inset_0_2px_0_rgba(255,255,255,0.18),0_4px_0_#0b1d27] ring-white/10',
                      look === 'hidden' && inPlay && !locked && 'cursor-pointer hover:-translate-y-0.5 hover:brightness-125',
                      look === 'gem' && 'bg-[#0d2f2a] ring-jade-400/60 shadow-[0_0_18px_rgba(62,230,164,0.35)]',
                      look === 'boom' && 'bg-ruby-600/40 ring-ruby-400',
                      (look === 'gem-dim' || look === 'mine-dim') && 'bg-black/30 ring-white/5',
                      !reducedMotion && fresh && look === 'gem' && 'studio-flip',
                      !reducedMotion && look === 'boom' && 'studio-shake',
                      !reducedMotion && (look === 'gem-dim' || look === 'mine-dim') && 'studio-pop',
                      'disabled:cursor-default',
                    )}
                    style={!reducedMotion && (look === 'gem-dim' || look === 'mine-dim') ? { animationDelay: `${tile * UNCOVER_MS}ms` } : undefined}
                    data-testid="mines-tile"
                    data-tile={tile}
                    data-look={look}
                  >
                    {(look === 'gem' || look === 'gem-dim') && <Gem dim={look === 'gem-dim'} />}
                    {(look === 'mine-dim' || look === 'boom') && <Mine dim={look === 'mine-dim'} />}
                  </button>
                );
              })}
            </div>
          </section>

          <div className="flex flex-col gap-3">
            <section className="rounded-3xl bg-black/35 p-3 ring-1 ring-white/10 tablet:p-4" data-testid="mines-setup">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase" id="mines-count-label">
                  {t('mines.count')}
                </h2>
                <div className="flex items-center gap-1.5">
                  <button type="button" className="grid h-8 w-8 place-items-center rounded-lg bg-white/5 text-lg font-black text-ink-100 ring-1 ring-white/10 hover:bg-white/10 disabled:opacity-40" disabled={inPlay || locked || mines <= MIN_MINES} onClick={() => setMines(clampMines(mines - 1))} aria-label={t('mines.fewer')} data-testid="mines-fewer">
                    −
                  </button>
                  <output className="w-8 text-center text-lg font-black text-white tabular-nums" aria-labelledby="mines-count-label" data-testid="mines-count">
                    {count}
                  </output>
                  <button type="button" className="grid h-8 w-8 place-items-center rounded-lg bg-white/5 text-lg font-black text-ink-100 ring-1 ring-white/10 hover:bg-white/10 disabled:opacity-40" disabled={inPlay || locked || mines >= MAX_MINES} onClick={() => setMines(clampMines(mines + 1))} aria-label={t('mines.more')} data-testid="mines-more">
                    +
                  </button>
                </div>
              </div>
              <div className="mt-2 grid grid-cols-5 gap-1.5" role="radiogroup" aria-labelledby="mines-count-label">
                {MINE_PRESETS.map((preset) => (
                  <button
                    key={preset}
                    type="button"
                    role="radio"
                    aria-checked={count === preset}
                    disabled={inPlay || locked}
                    onClick={() => setMines(preset)}
                    className={clsx('h-9 rounded-xl text-sm font-black tabular-nums ring-1 disabled:opacity-50', count === preset ? 'bg-gold-400 text-ink-950 ring-gold-300' : 'bg-white/5 text-ink-100 ring-white/10 hover:bg-white/10')}
                    data-testid="mines-preset"
                  >
                    {preset}
                  </button>
                ))}
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
                <div className="rounded-2xl bg-white/[0.04] p-2 ring-1 ring-white/5">
                  <dt className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('mines.current')}</dt>
                  <dd className={clsx('text-xl font-black tabular-nums', safe > 0 ? 'text-jade-400' : 'text-ink-300')} data-testid="mines-multiplier">
                    {safe > 0 ? `${showMultiplier(current)}×` : '—'}
                  </dd>
                </div>
                <div className="rounded-2xl bg-white/[0.04] p-2 ring-1 ring-white/5">
                  <dt className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('mines.next')}</dt>
                  <dd className="text-xl font-black text-gold-300 tabular-nums" data-testid="mines-next">
                    {next > 0 ? `${showMultiplier(next)}×` : '—'}
                  </dd>
                  {next > 0 && <dd className="text-[11px] text-ink-400">{t('mines.safeChance', { percent: (chance * 100).toFixed(chance < 0.1 ? 1 : 0) })}</dd>}
                </div>
              </dl>
              <p className="mt-2 text-[11px] text-ink-400">{t('mines.rtp')}</p>
            </section>

            <RecentRounds
              title={t('mines.history')}
              empty={t('mines.noHistory')}
              items={history}
              testId="mines-history"
              render={(item) => ({
                className: clsx('font-bold ring-1', isPositive(item.win) ? 'bg-jade-500/15 text-jade-400 ring-jade-400/30' : 'bg-ruby-500/10 text-ruby-300 ring-ruby-400/25'),
                text: isPositive(item.win) ? `${showMultiplier(item.multiplier)}×` : '✕',
                title: t('mines.historyItem', { mines: item.mines, tiles: item.result === 'mine' ? item.picks.length - 1 : item.picks.length }),
              })}
            />
          </div>
        </div>
      </div>

      <PlayBar
        session={session}
        locked={inPlay || locked}
        lastWin={last?.win ?? null}
        lastWinTestId="mines-last-win"
        action={t('mines.action')}
        onAction={() => void start()}
        testId="mines-play"
        wide
        button={
          inPlay ? (
            <ActionButton onClick={() => void cash()} disabled={locked || safe === 0} busy={locked} label={t('mines.cashOutLabel', { amount: showAmount(cashOut), currency })} testId="mines-cashout" tone="jade" className="h-16 w-32 rounded-2xl! text-sm leading-tight">
              <span>
                {t('mines.cashOut')}
                <span className="block text-base tabular-nums" data-testid="mines-cashout-amount">
                  {showAmount(cashOut)}
                </span>
              </span>
            </ActionButton>
          ) : undefined
        }
      />
    </div>
  );
}

import clsx from 'clsx';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { HiloActionName } from '../../../../contract/studio.ts';
import { PlayingCard } from '../blackjack/card.tsx';
import { PlayBar, RecentRounds } from '../controls.tsx';
import { usePrimaryAction } from '../hooks.ts';
import { isPositive, showAmount } from '../money.ts';
import { useSteppedRound } from '../stepped-round.ts';
import type { StudioClientProps } from '../types.ts';
import { GUESS_SIGN, guessOptions, historyOf, MAX_SKIPS, showChance, showMultiplier, type HiloView } from './hilo-logic.ts';

const HISTORY = 12;

/**
 * Hi-Lo: a bet shows the first card; the player guesses whether the next card is higher or lower
 * (each button shows its chance and the multiplier and payout a right guess brings), skips the
 * card (5 times a round), or cashes out after a right guess. The server draws each card only
 * when the player acts; an open round comes back on launch with its cards. A new card turns over
 * (at once under reduced motion); a wrong guess shakes it.
 */
export default function HiloClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const { reducedMotion, stake } = session;
  const { round, view, history, lastWin, show } = useSteppedRound<HiloView>(session, 'hilo', HISTORY);
  const inPlay = round?.status === 'open' && view?.phase === 'playing';
  const locked = session.busy;

  const start = useCallback(async () => {
    if (locked || inPlay) return;
    session.clearError();
    const next = await session.play({ amount: stake }, stake);
    if (next) show(next);
  }, [locked, inPlay, session, stake, show]);

  const act = async (action: HiloActionName) => {
    if (!round || !inPlay || locked) return;
    session.clearError();
    const next = await session.act(round.round_id, action);
    if (next) show(next);
  };

  usePrimaryAction(session, start);

  const card = view ? view.cards[view.cards.length - 1] : null;
  const options = view && inPlay ? guessOptions(view) : [];
  const strip = view ? historyOf(view) : [];
  const lost = view?.phase === 'lost';
  const cashed = view?.phase === 'cashed';
  const motion = !reducedMotion;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="hilo-client" data-phase={view?.phase ?? 'idle'} data-cards={view?.cards.length ?? 0}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto grid max-w-5xl gap-3 laptop:grid-cols-[minmax(0,1fr)_20rem] laptop:items-start laptop:gap-5">
          <section className="rounded-3xl bg-[radial-gradient(120%_90%_at_50%_0%,#1d5f7a_0%,#0f3349_55%,#071a28_100%)] p-3 shadow-2xl ring-1 ring-white/10 tablet:p-5">
            <div className="flex items-start justify-between gap-2">
              <div>
                <span className="block text-[10px] font-bold tracking-[0.16em] text-ink-300 uppercase">{t('hilo.multiplier')}</span>
                <span className="text-2xl font-black text-white tabular-nums" data-testid="hilo-multiplier">
                  {showMultiplier(view?.multiplier ?? 1)}×
                </span>
              </div>
              <div className="text-right">
                <span className="block text-[10px] font-bold tracking-[0.16em] text-ink-300 uppercase">{t('hilo.payout')}</span>
                <span className={clsx('text-2xl font-black tabular-nums', view && view.correct > 0 && !lost ? 'text-jade-300' : 'text-ink-200')} data-testid="hilo-payout">
                  {showAmount(view ? (cashed ? view.win : view.payout) : '0')}
                </span>
              </div>
            </div>

            <div className="mt-3 grid grid-cols-2 items-center gap-3 tablet:grid-cols-[1fr_auto_1fr]">
              <div className="col-span-2 flex justify-center tablet:order-2 tablet:col-span-1" style={{ perspective: '800px' }}>
                <div key={view?.cards.length ?? 0} className={clsx(motion && view && 'studio-flip', motion && lost && 'studio-shake')} data-testid="hilo-card" data-card={card ?? ''}>
                  <PlayingCard card={card} className={clsx('w-[clamp(112px,34vw,176px)]', lost && 'ring-4 ring-ruby-400', cashed && 'ring-4 ring-jade-400')} />
                </div>
              </div>
              {(inPlay ? options : []).map((option, i) => (
                <button
                  key={option.guess}
                  type="button"
                  disabled={locked}
                  onClick={() => void act(option.guess)}
                  className={clsx(
                    'flex min-h-24 flex-col items-center justify-center gap-0.5 rounded-2xl px-2 py-2 font-black ring-1 transition enabled:hover:brightness-110 enabled:active:translate-y-0.5 disabled:opacity-60',
                    // Lower on the left, higher on the right, on a phone as on a desktop.
                    i === 0 ? 'order-2 bg-gradient-to-b from-jade-400 to-emerald-700 text-white ring-jade-300/40 tablet:order-3' : 'order-1 bg-gradient-to-b from-ruby-400 to-rose-800 text-white ring-ruby-300/40',
                    option.guess === 'same' && 'from-violet-400 to-violet-700 ring-violet-300/40',
                  )}
                  data-testid="hilo-guess"
                  data-guess={option.guess}
                  aria-label={t('hilo.guessLabel', { guess: t(`hilo.guess.${option.guess}`), multiplier: showMultiplier(option.step), chance: showChance(option.chance), payout: showAmount(option.payout) })}
                >
                  <span className="text-lg leading-none" aria-hidden="true">{GUESS_SIGN[option.guess]}</span>
                  <span className="text-sm tablet:text-base">{t(`hilo.guess.${option.guess}`)}</span>
                  <span className="text-base tabular-nums">{showMultiplier(option.step)}×</span>
                  <span className="text-[11px] font-semibold text-white/80 tabular-nums">{showChance(option.chance)}</span>
                </button>
              ))}
              {!inPlay && (
                <p className="col-span-2 text-center text-sm font-bold tablet:order-3 tablet:col-span-1 tablet:text-left" aria-live="polite" data-testid="hilo-outcome">
                  {lost ? (
                    <span className="text-ruby-300">{t('hilo.lost')}</span>
                  ) : cashed && round ? (
                    <span className="text-jade-300">{t(view?.auto ? 'hilo.autoCashed' : 'hilo.cashed', { amount: showAmount(round.win), multiplier: showMultiplier(view!.multiplier) })}</span>
                  ) : (
                    <span className="text-ink-200">{t('hilo.hint')}</span>
                  )}
                </p>
              )}
            </div>

            {inPlay && view && (
              <div className="mt-3 grid grid-cols-2 gap-2">
                <button
                  type="button"
                  disabled={locked || view.skipsLeft === 0}
                  onClick={() => void act('skip')}
                  className="h-12 rounded-2xl bg-white/10 px-3 text-sm font-bold text-ink-50 ring-1 ring-white/15 enabled:hover:bg-white/15 disabled:opacity-50"
                  data-testid="hilo-skip"
                >
                  {t('hilo.skip', { left: view.skipsLeft, max: MAX_SKIPS })}
                </button>
                <button
                  type="button"
                  disabled={locked || view.correct === 0}
                  onClick={() => void act('cashout')}
                  className="h-12 rounded-2xl bg-gradient-to-b from-gold-300 to-gold-600 px-3 text-sm font-black text-ink-950 ring-1 ring-gold-200/40 enabled:hover:brightness-110 disabled:opacity-50 disabled:saturate-50"
                  data-testid="hilo-cashout"
                >
                  {view.correct === 0 ? t('hilo.cashoutLater') : t('hilo.cashout', { amount: showAmount(view.payout) })}
                </button>
              </div>
            )}

            <div className="mt-4">
              <h2 className="mb-1.5 text-[10px] font-bold tracking-[0.16em] text-ink-300 uppercase">{t('hilo.strip')}</h2>
              <ol className="flex gap-1.5 overflow-x-auto pb-1" data-testid="hilo-strip" aria-label={t('hilo.strip')}>
                {strip.length === 0 && <li className="text-xs text-ink-300">{t('hilo.noCards')}</li>}
                {strip.map((item, i) => (
                  <li key={i} className="flex shrink-0 flex-col items-center gap-0.5" data-testid="hilo-strip-card" data-action={item.action} data-won={item.won === null ? '' : String(item.won)}>
                    <span
                      className={clsx(
                        'h-4 text-[10px] font-black',
                        item.won === true && 'text-jade-300',
                        item.won === false && 'text-ruby-300',
                        item.won === null && 'text-ink-300',
                      )}
                      title={item.action === 'start' ? t('hilo.startCard') : t(`hilo.guess.${item.action}`)}
                    >
                      {GUESS_SIGN[item.action]}
                      {item.won === true ? ' ✓' : item.won === false ? ' ✗' : ''}
                    </span>
                    <PlayingCard card={item.card} className={clsx('w-10', motion && i === strip.length - 1 && i > 0 && 'studio-deal')} />
                  </li>
                ))}
              </ol>
            </div>
          </section>

          <div className="flex flex-col gap-3">
            <section className="rounded-3xl bg-black/35 p-3 text-sm text-ink-200 ring-1 ring-white/10 tablet:p-4" data-testid="hilo-rules">
              <h2 className="text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('hilo.rulesTitle')}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-4 text-xs">
                <li>{t('hilo.rules.guess')}</li>
                <li>{t('hilo.rules.edges')}</li>
                <li>{t('hilo.rules.pay')}</li>
                <li>{t('hilo.rules.skip', { max: MAX_SKIPS })}</li>
                <li>{t('hilo.rules.deck')}</li>
              </ul>
            </section>
            <RecentRounds
              title={t('hilo.history')}
              empty={t('hilo.noHistory')}
              items={history}
              testId="hilo-history"
              render={(item) => ({
                className: clsx('font-bold ring-1', isPositive(item.win) ? 'bg-jade-500/15 text-jade-400 ring-jade-400/30' : 'bg-white/5 text-ink-300 ring-white/10'),
                text: isPositive(item.win) ? `${showMultiplier(item.multiplier)}×` : t('hilo.lostChip', { cards: item.cards.length }),
              })}
            />
          </div>
        </div>
      </div>

      <PlayBar session={session} locked={locked || inPlay} lastWin={lastWin} lastWinTestId="hilo-last-win" action={t('hilo.action')} onAction={() => void start()} testId="hilo-bet" wide />
    </div>
  );
}

import clsx from 'clsx';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoundView } from '../../../../contract/studio.ts';
import { PlayingCard } from '../blackjack/card.tsx';
import { ActionButton, PlayBar, RecentRounds } from '../controls.tsx';
import { useLatest } from '../hooks.ts';
import { showAmount } from '../money.ts';
import { useSteppedRound } from '../stepped-round.ts';
import { outcomeOf, type StudioClientProps } from '../types.ts';
import { cardsShown, heldPositions, keyCommand, noHolds, outcomeKind, paytableRows, toggleHold, type VideoPokerView } from './video-poker-logic.ts';

const HISTORY = 12;
/** Between two cards turning over, so the draw reads left to right. */
const FLIP_GAP_MS = 90;

/**
 * Video poker, Jacks or Better 9/6: "Deal" takes the stake and shows five cards; the player taps
 * (or presses 1-5 on) the cards to hold, then "Draw" replaces the others and the hand is paid
 * from the paytable, its line lit. A deal left open comes back on launch with its cards. Cards
 * turn over one after another (at once under reduced motion); only a return above the stake is
 * celebrated: jacks or better gives the stake back and says so plainly.
 */
export default function VideoPokerClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const { reducedMotion, stake } = session;
  const [held, setHeld] = useState<boolean[]>(noHolds);
  const { round, view, history, lastWin, show: showRound } = useSteppedRound<VideoPokerView>(session, 'video-poker', HISTORY);
  const holding = round?.status === 'open' && view?.phase === 'hold';
  const locked = session.busy;

  // A new deal starts with nothing held; a drawn hand shows what was held.
  const show = useCallback(
    (next: RoundView) => {
      showRound(next);
      setHeld(next.status === 'settled' ? (outcomeOf<VideoPokerView>(next).held ?? noHolds()) : noHolds());
    },
    [showRound],
  );

  const deal = useCallback(async () => {
    if (locked || holding) return;
    session.clearError();
    const next = await session.play({ amount: stake }, stake);
    if (next) show(next);
  }, [locked, holding, session, stake, show]);

  const drawCards = useCallback(async () => {
    if (!round || !holding || locked) return;
    session.clearError();
    const next = await session.act(round.round_id, 'draw', '', undefined, heldPositions(held));
    if (next) show(next);
  }, [round, holding, locked, session, held, show]);

  const hold = useCallback(
    (index: number) => {
      if (!holding || locked) return;
      setHeld((list) => toggleHold(list, index));
    },
    [holding, locked],
  );

  const primary = useLatest(() => void (holding ? drawCards() : deal()));
  const holdRef = useLatest(hold);
  useEffect(() => {
    session.setPrimaryAction(() => primary.current());
    return () => session.setPrimaryAction(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // 1-5 hold, Enter deals or draws, wherever the focus is but a field (a focused button takes its own Enter).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const command = keyCommand(event.key);
      if (!command) return;
      if (command === 'primary') {
        if (target?.closest('button, a')) return;
        event.preventDefault();
        primary.current();
      } else holdRef.current(command.hold);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [primary, holdRef]);

  const shown = cardsShown(view);
  const rows = paytableRows(view?.bet ?? stake, view);
  const settled = view?.phase === 'settled';
  const kind = settled && view ? outcomeKind(view) : null;
  const motion = !reducedMotion;
  // Each deal and each draw turns its new cards over: the key changes with the round and its phase.
  const flipKey = `${round?.round_id ?? 'none'}:${view?.phase ?? 'idle'}`;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="video-poker-client" data-phase={view?.phase ?? 'idle'}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto grid max-w-5xl gap-3 laptop:grid-cols-[minmax(0,1fr)_19rem] laptop:items-start laptop:gap-5">
          <section className="rounded-3xl bg-[radial-gradient(120%_90%_at_50%_0%,#2b2a7a_0%,#16154a_55%,#0a0a26_100%)] p-3 shadow-2xl ring-1 ring-white/10 tablet:p-5">
            <table className="w-full text-xs tabular-nums tablet:text-sm" data-testid="video-poker-paytable">
              <caption className="sr-only">{t('videoPoker.paytable')}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('videoPoker.handColumn')}</th>
                  <th scope="col">{t('videoPoker.paysColumn')}</th>
                  <th scope="col">{t('videoPoker.amountColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.hand}
                    className={clsx(
                      'transition-colors',
                      row.lit && (kind === 'win' ? 'bg-gold-400 text-ink-950' : 'bg-white/15 text-white'),
                      row.lit && kind === 'win' && motion && 'studio-glow',
                      row.made && 'bg-white/10 text-white',
                      !row.lit && !row.made && 'text-gold-200/85',
                    )}
                    data-testid="video-poker-line"
                    data-hand={row.hand}
                    data-lit={row.lit ? 'true' : undefined}
                    data-made={row.made ? 'true' : undefined}
                    aria-current={row.lit || undefined}
                  >
                    <th scope="row" className="rounded-l-md px-2 py-0.5 text-left font-extrabold tracking-wide uppercase">
                      {t(`videoPoker.hands.${row.hand}`)}
                    </th>
                    <td className="px-2 py-0.5 text-right font-bold">{row.pays}×</td>
                    <td className="rounded-r-md px-2 py-0.5 text-right font-black">{showAmount(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <div className="mt-4 grid grid-cols-5 gap-1.5 tablet:gap-3" role="group" aria-label={t('videoPoker.cards')} style={{ perspective: '800px' }}>
              {shown.map((card, i) => {
                const isHeld = held[i] === true;
                const fresh = motion && card !== null && !(settled && view?.held?.[i]);
                return (
                  <button
                    key={i}
                    type="button"
                    onClick={() => hold(i)}
                    disabled={!holding || locked}
                    aria-pressed={holding ? isHeld : undefined}
                    aria-keyshortcuts={String(i + 1)}
                    className="group flex flex-col items-center gap-1 rounded-xl p-0.5 outline-none focus-visible:ring-2 focus-visible:ring-gold-300 enabled:cursor-pointer"
                    data-testid="video-poker-card"
                    data-held={isHeld ? 'true' : 'false'}
                    data-card={card ?? ''}
                  >
                    <span
                      className={clsx(
                        'h-5 rounded px-1.5 text-[10px] leading-5 font-black tracking-widest uppercase tablet:text-xs',
                        isHeld ? 'bg-gold-400 text-ink-950' : 'text-transparent',
                      )}
                      data-testid={isHeld ? 'video-poker-held' : undefined}
                    >
                      {t('videoPoker.held')}
                    </span>
                    <span key={`${flipKey}:${isHeld && settled ? 'kept' : 'new'}`} className={clsx('block w-full', fresh && 'studio-flip')} style={fresh ? { animationDelay: `${i * FLIP_GAP_MS}ms` } : undefined}>
                      <PlayingCard card={card} className={clsx('w-full transition-transform', isHeld && 'ring-4 ring-gold-400', holding && !isHeld && 'group-enabled:group-hover:-translate-y-1')} />
                    </span>
                    <span className="hidden text-[10px] font-bold text-ink-400 tablet:block" aria-hidden="true">
                      {i + 1}
                    </span>
                  </button>
                );
              })}
            </div>

            <p className="mt-3 min-h-6 text-center text-sm font-bold" aria-live="polite" data-testid="video-poker-outcome" data-kind={kind ?? (holding ? 'hold' : 'idle')}>
              {holding && view ? (
                <span className="text-ink-100">{view.dealtResult ? t('videoPoker.dealtMade', { hand: t(`videoPoker.hands.${view.dealtResult}`) }) : t('videoPoker.holdHint')}</span>
              ) : settled && view && round ? (
                kind === 'win' ? (
                  <span className={clsx('text-lg font-black text-gold-300', motion && 'studio-pop inline-block')}>{t('videoPoker.won', { hand: t(`videoPoker.hands.${view.result}`), amount: showAmount(round.win) })}</span>
                ) : kind === 'back' ? (
                  <span className="text-ink-100">{t('videoPoker.back', { hand: t(`videoPoker.hands.${view.result}`), amount: showAmount(round.win) })}</span>
                ) : (
                  <span className="text-ink-300">{t('videoPoker.nothing')}</span>
                )
              ) : (
                <span className="text-ink-200">{t('videoPoker.hint')}</span>
              )}
            </p>
          </section>

          <div className="flex flex-col gap-3">
            <section className="rounded-3xl bg-black/35 p-3 text-sm text-ink-200 ring-1 ring-white/10 tablet:p-4" data-testid="video-poker-rules">
              <h2 className="text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('videoPoker.rulesTitle')}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-4 text-xs">
                <li>{t('videoPoker.rules.deal')}</li>
                <li>{t('videoPoker.rules.keys')}</li>
                <li>{t('videoPoker.rules.pay')}</li>
                <li>{t('videoPoker.rules.deck')}</li>
              </ul>
            </section>
            <RecentRounds
              title={t('videoPoker.history')}
              empty={t('videoPoker.noHistory')}
              items={history}
              testId="video-poker-history"
              render={(item) => {
                const itemKind = outcomeKind(item);
                return {
                  className: clsx('font-bold ring-1', itemKind === 'win' ? 'bg-gold-400/15 text-gold-300 ring-gold-400/30' : 'bg-white/5 text-ink-300 ring-white/10'),
                  text: item.result ? t(`videoPoker.hands.${item.result}`) : '✕',
                };
              }}
            />
          </div>
        </div>
      </div>

      <PlayBar
        session={session}
        locked={locked || holding}
        lastWin={lastWin}
        lastStake={history[0]?.bet}
        lastWinTestId="video-poker-last-win"
        action={t('videoPoker.deal')}
        onAction={() => void deal()}
        testId="video-poker-deal"
        wide
        button={
          holding ? (
            <ActionButton onClick={() => void drawCards()} disabled={locked} busy={locked} label={t('videoPoker.draw')} testId="video-poker-draw" tone="jade" className="h-16 w-32 rounded-2xl! text-sm">
              {t('videoPoker.draw')}
            </ActionButton>
          ) : undefined
        }
      />
    </div>
  );
}

import clsx from 'clsx';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlackjackActionName, RoundView } from '../../../../contract/studio.ts';
import { Chip, chipRank } from '../chip.tsx';
import { ActionButton, StakeSelector } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { isPositive, showAmount } from '../money.ts';
import { outcomeOf, type BlackjackHandResult, type BlackjackView, type StudioClientProps } from '../types.ts';
import { PlayingCard } from './card.tsx';
import { bestTotal, totalLabel } from './cards.ts';

const ACTIONS: BlackjackActionName[] = ['hit', 'stand', 'double', 'split'];
const RESULT_STYLE: Record<BlackjackHandResult, string> = {
  blackjack: 'bg-gradient-to-r from-gold-400 to-gold-600 text-ink-950',
  win: 'bg-jade-500 text-ink-950',
  push: 'bg-ink-500 text-white',
  lose: 'bg-ruby-500 text-white',
  bust: 'bg-ruby-500 text-white',
};
const CARD = 'w-[var(--card)]';

/**
 * Blackjack: deal with the chosen bet, then hit, stand, double or split as the round allows
 * (`legalActions`); split hands sit side by side with the one in play lit. At the end the hole
 * card turns, the dealer draws card by card, and each hand shows its result. An open hand left
 * in this mode comes back on launch.
 */
export default function BlackjackClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, currency, limits, stake } = session;
  const [round, setRound] = useState<RoundView | null>(session.launch.open_round);
  /** Dealer cards on the table while the dealer's play is shown (all of them otherwise). */
  const [dealerShown, setDealerShown] = useState<number | null>(null);
  const [revealing, setRevealing] = useState(false);

  const view = round ? outcomeOf<BlackjackView>(round) : null;
  const settled = round?.status === 'settled' && !revealing;
  const inPlay = round?.status === 'open';
  const locked = session.busy || revealing;

  /** Shows a round coming back from the server: the dealer's play card by card when it settles. */
  const show = useCallback(
    async (next: RoundView) => {
      const nextView = outcomeOf<BlackjackView>(next);
      setRound(next);
      if (next.status === 'open') {
        session.commit(next);
        return;
      }
      setRevealing(true);
      if (!reducedMotion) {
        const natural = nextView.dealer.length === 2;
        setDealerShown(1);
        await wait(natural ? 500 : 450);
        for (let shown = 2; shown <= nextView.dealer.length; shown++) {
          setDealerShown(shown);
          await wait(shown === 2 ? 650 : 600);
        }
      }
      setDealerShown(null);
      setRevealing(false);
      session.commit(next);
    },
    [session, reducedMotion, wait],
  );

  const deal = useCallback(async () => {
    if (locked || inPlay) return;
    session.clearError();
    const next = await session.play({ amount: stake }, stake);
    if (next) {
      setDealerShown(null);
      setRound(null);
      await wait(20);
      await show(next);
    }
  }, [locked, inPlay, session, stake, show, wait]);

  const act = async (action: BlackjackActionName) => {
    if (!round || !view || locked) return;
    const hand = view.hands[view.active];
    const extra = action === 'double' || action === 'split' ? (hand?.stake ?? view.bet) : '';
    const next = await session.act(round.round_id, action, extra);
    if (next) await show(next);
  };

  usePrimaryAction(session, deal);

  const dealerCards = view ? (dealerShown === null ? view.dealer : view.dealer.map((c, i) => (i < dealerShown ? c : i === 1 ? null : undefined)).filter((c) => c !== undefined)) : [];
  const dealerKnown = dealerCards.filter((c): c is number => c !== null);
  const legal = new Set(inPlay && !locked ? (view?.legalActions ?? []) : []);
  const roundWin = settled && round ? round.win : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col [--card:clamp(64px,min(9vw,15dvh),128px)]" data-testid="blackjack-client" data-phase={inPlay ? 'player' : settled ? 'settled' : revealing ? 'dealer' : 'idle'}>
      <div className="relative mx-2 mb-2 flex min-h-0 flex-1 flex-col overflow-hidden rounded-[2rem] border-2 border-[#e8c97a]/50 bg-[radial-gradient(120%_90%_at_50%_0%,#176a55,#0c4638_55%,#072b22)] shadow-[inset_0_0_60px_rgba(0,0,0,0.5)] tablet:mx-5 tablet:mb-3">
        <svg className="pointer-events-none absolute inset-x-0 top-[30%] mx-auto h-[34%] w-[min(92%,900px)]" viewBox="0 0 600 200" preserveAspectRatio="xMidYMid meet" aria-hidden="true">
          <path id="bj-arc" d="M 40 40 Q 300 190 560 40" fill="none" />
          <path d="M 20 30 Q 300 210 580 30" fill="none" stroke="#e8c97a" strokeOpacity=".45" strokeWidth="2" />
          <path d="M 60 50 Q 300 172 540 50" fill="none" stroke="#e8c97a" strokeOpacity=".25" strokeWidth="1" />
          <text fontSize="17" fontWeight="800" letterSpacing="4" fill="#e8c97a" fillOpacity=".6" fontFamily="Inter, system-ui, sans-serif">
            <textPath href="#bj-arc" startOffset="50%" textAnchor="middle">
              {t('blackjack.feltTop').toUpperCase()}
            </textPath>
          </text>
          <text x="300" y="150" textAnchor="middle" fontSize="12" fontWeight="700" letterSpacing="3" fill="#ffffff" fillOpacity=".35" fontFamily="Inter, system-ui, sans-serif">
            {t('blackjack.feltBottom').toUpperCase()}
          </text>
        </svg>

        <section className="relative flex flex-1 flex-col items-center justify-start gap-2 pt-3 tablet:pt-5" aria-label={t('blackjack.dealer')} data-testid="bj-dealer">
          <HandTitle label={t('blackjack.dealer')} total={dealerKnown.length ? totalLabel(dealerKnown) : ''} bust={dealerKnown.length > 0 && bestTotal(dealerKnown) > 21} />
          <div className="flex min-h-[calc(var(--card)*1.4)] items-start">
            {dealerCards.map((card, i) => (
              <div key={i} className={clsx('studio-deal', i > 0 && '-ml-[calc(var(--card)*0.42)]')} style={{ animationDelay: round && round.status === 'open' && dealerShown === null ? `${i === 0 ? 150 : 450}ms` : '0ms' }}>
                <div key={card === null ? 'back' : 'face'} className={card === null ? '' : 'studio-flip'}>
                  <PlayingCard card={card} className={CARD} />
                </div>
              </div>
            ))}
          </div>
        </section>

        <section className="relative flex flex-1 flex-col items-center justify-end gap-2 pb-3 tablet:pb-5" aria-label={t('blackjack.player')} data-testid="bj-player">
          {view ? (
            <div className="flex items-end justify-center gap-4 tablet:gap-10">
              {view.hands.map((hand, h) => {
                const active = inPlay && view.active === h && view.hands.length > 1;
                const result = settled ? view.settlement?.hands[h] : undefined;
                return (
                  <div key={h} className={clsx('flex flex-col items-center gap-2 rounded-3xl p-2 transition', active && 'bg-gold-400/10 ring-2 ring-gold-300')} data-testid="bj-hand" data-active={active || undefined}>
                    <div className="flex items-start">
                      {hand.cards.map((card, i) => (
                        <div key={i} className={clsx('studio-deal', i > 0 && '-ml-[calc(var(--card)*0.55)]', i > 0 && 'mt-[6px]')} style={{ animationDelay: i < 2 && hand.cards.length === 2 && !hand.split ? `${i * 300}ms` : '0ms' }}>
                          <PlayingCard card={card} className={CARD} />
                        </div>
                      ))}
                    </div>
                    <HandTitle label={view.hands.length > 1 ? t('blackjack.handN', { n: h + 1 }) : t('blackjack.you')} total={totalLabel(hand.cards)} bust={bestTotal(hand.cards) > 21} />
                    <div className="flex items-center gap-1.5 text-xs font-bold text-white">
                      <Chip amount={hand.stake} rank={chipRank(hand.stake, limits.presets)} size={22} />
                      <span className="tabular-nums">{showAmount(hand.stake)}</span>
                      {hand.doubled && <span className="rounded bg-violet-500/40 px-1 text-[10px] uppercase">{t('blackjack.doubled')}</span>}
                    </div>
                    {result && (
                      <span className={clsx('studio-pop rounded-full px-3 py-1 text-xs font-black tracking-wide uppercase shadow-lg', RESULT_STYLE[result.result])} data-testid="bj-result" data-result={result.result}>
                        {t(`blackjack.results.${result.result}`)}
                        {isPositive(result.win) && ` · ${showAmount(result.win)}`}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ) : (
            <div className="flex flex-col items-center gap-2 pb-4 text-center">
              <Chip amount={stake} rank={chipRank(stake, limits.presets)} size={56} className="studio-float" />
              <p className="text-sm font-semibold text-ink-200">{t('blackjack.placeBet')}</p>
            </div>
          )}
        </section>

        {roundWin !== null && view && (
          <div className="pointer-events-none absolute inset-x-0 top-[40%] flex justify-center" aria-live="polite">
            <p className="studio-pop rounded-2xl bg-black/70 px-5 py-2 text-center text-sm font-black tracking-wide text-white shadow-xl ring-1 ring-gold-400/50 tablet:text-lg" data-testid="bj-total">
              {isPositive(roundWin) ? t('blackjack.totalWin', { amount: showAmount(roundWin), currency }) : t('blackjack.dealerWins')}
            </p>
          </div>
        )}
      </div>

      <div className="border-t border-white/10 bg-black/50 px-2 py-2 backdrop-blur tablet:px-5">
        {inPlay || revealing ? (
          <div className="mx-auto grid max-w-xl grid-cols-4 gap-2" role="group" aria-label={t('blackjack.actions')}>
            {ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                onClick={() => void act(action)}
                disabled={!legal.has(action)}
                data-testid={`bj-${action}`}
                className={clsx(
                  'h-14 rounded-2xl text-sm font-black tracking-wide uppercase shadow-lg ring-1 transition enabled:active:translate-y-0.5 disabled:opacity-35 tablet:h-16 tablet:text-base',
                  {
                    hit: 'bg-gradient-to-b from-jade-400 to-emerald-700 text-white ring-jade-300/40',
                    stand: 'bg-gradient-to-b from-ruby-400 to-rose-800 text-white ring-ruby-300/40',
                    double: 'bg-gradient-to-b from-gold-300 to-gold-600 text-ink-950 ring-gold-300/40',
                    split: 'bg-gradient-to-b from-violet-400 to-violet-700 text-white ring-violet-300/40',
                  }[action],
                )}
              >
                {t(`blackjack.action.${action}`)}
              </button>
            ))}
          </div>
        ) : (
          <div className="mx-auto flex max-w-xl items-end justify-between gap-3">
            <StakeSelector presets={limits.presets} value={stake} onChange={session.setStake} disabled={locked} currency={currency} label={t('blackjack.bet')} />
            <ActionButton onClick={() => void deal()} disabled={locked} busy={session.busy} label={t('blackjack.deal')} testId="bj-deal" className="h-16 w-28 rounded-2xl! text-sm">
              {settled ? t('blackjack.dealAgain') : t('blackjack.deal')}
            </ActionButton>
          </div>
        )}
      </div>
    </div>
  );
}

function HandTitle({ label, total, bust }: { label: string; total: string; bust: boolean }) {
  return (
    <p className="flex items-center gap-2 text-xs font-bold tracking-wider text-white/85 uppercase">
      {label}
      {total && (
        <span className={clsx('rounded-full px-2 py-0.5 text-xs tabular-nums', bust ? 'bg-ruby-500 text-white' : total.endsWith('21') ? 'bg-gold-400 text-ink-950' : 'bg-black/50 text-white')} data-testid="bj-total-badge">
          {total}
        </span>
      )}
    </p>
  );
}

import clsx from 'clsx';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayingCard } from '../blackjack/card.tsx';
import { Chip, chipRank } from '../chip.tsx';
import { ActionButton, ChipRack, ToolButton } from '../controls.tsx';
import { usePrimaryAction, useWait } from '../hooks.ts';
import { beatsStake, isPositive, showAmount } from '../money.ts';
import { outcomeOf, type BaccaratOutcomeView, type StudioClientProps } from '../types.ts';
import { addChip, AREA_RTP, beadRoad, CARD_MS, NO_STAKES, revealSteps, ROAD_COLUMNS, ROAD_ROWS, SPOTS, tally, toPlayBets, totalOf, totalStaked, type Spot, type Stakes } from './baccarat-logic.ts';

const CARD = 'w-[var(--card)]';
const SIDE = {
  player: { text: 'text-sky-300', ring: 'ring-sky-400', bead: 'bg-sky-500', area: 'from-sky-900/60 to-sky-950/40' },
  banker: { text: 'text-rose-300', ring: 'ring-rose-400', bead: 'bg-rose-600', area: 'from-rose-900/60 to-rose-950/40' },
  tie: { text: 'text-emerald-300', ring: 'ring-emerald-400', bead: 'bg-emerald-600', area: 'from-emerald-900/60 to-emerald-950/40' },
} as const;

/**
 * Punto banco on a felt table: chips on Player, Tie and Banker (one, two or all three), Deal; the
 * server's coup comes face up card by card (Player, Banker, Player, Banker, then the third cards
 * the tableau drew; all at once under reduced motion); the winning area glows and the bead road
 * of the session's coups grows column by column.
 */
export default function BaccaratClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, currency, limits } = session;
  const [chip, setChip] = useState(() => (limits.presets.includes(session.stake) ? session.stake : limits.presets[Math.min(1, limits.presets.length - 1)]));
  const [stakes, setStakes] = useState<Stakes>(NO_STAKES);
  const [lastStakes, setLastStakes] = useState<Stakes>(NO_STAKES);
  const [coup, setCoup] = useState<BaccaratOutcomeView | null>(null);
  const [shown, setShown] = useState({ player: 0, banker: 0 });
  const [dealing, setDealing] = useState(false);
  const [results, setResults] = useState<Spot[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const locked = dealing || session.busy;
  const total = totalStaked(stakes);
  const settled = coup !== null && !dealing;

  const place = (spot: Spot) => {
    if (locked) return;
    const next = addChip(stakes, spot, chip, limits.max);
    if (!next) {
      setNotice(t('baccarat.tableMax', { max: showAmount(limits.max), currency }));
      return;
    }
    setNotice(null);
    setStakes(next);
  };

  const deal = useCallback(async () => {
    if (locked) return;
    const bets = toPlayBets(stakes);
    if (bets.length === 0) {
      setNotice(t('baccarat.placeFirst'));
      return;
    }
    setNotice(null);
    session.clearError();
    const round = await session.play({ bets }, totalStaked(stakes));
    if (!round) return;
    const outcome = outcomeOf<BaccaratOutcomeView>(round);
    setLastStakes(stakes);
    setCoup(outcome);
    setDealing(true);
    if (!reducedMotion) {
      for (const step of revealSteps(outcome)) {
        setShown(step);
        await wait(CARD_MS);
      }
      await wait(250);
    }
    setShown({ player: outcome.player.length, banker: outcome.banker.length });
    setResults((list) => [...list, outcome.result]);
    setDealing(false);
    session.commit(round);
  }, [locked, stakes, session, t, reducedMotion, wait]);

  usePrimaryAction(session, deal);

  const clear = () => {
    setStakes(NO_STAKES);
    setNotice(null);
  };
  const rebet = () => setStakes(lastStakes);
  const counts = tally(results);
  const road = new Map(beadRoad(results).map((bead) => [bead.column * ROAD_ROWS + bead.row, bead]));

  const outcomeLine = settled ? (
    <p className="studio-pop text-sm font-bold" data-testid="baccarat-outcome" data-result={coup.result}>
      <span className={SIDE[coup.result].text}>{t(`baccarat.result.${coup.result}`, { player: coup.playerTotal, banker: coup.bankerTotal })}</span>{' '}
      {beatsStake(coup.win, coup.bet) ? (
        <span className="text-jade-400">{t('baccarat.youWin', { amount: showAmount(coup.win), currency })}</span>
      ) : isPositive(coup.win) ? (
        <span className="text-ink-200">{t('baccarat.returned', { amount: showAmount(coup.win), currency })}</span>
      ) : (
        <span className="text-ink-400">{t('baccarat.noWin')}</span>
      )}
    </p>
  ) : (
    <p className="text-sm font-semibold text-ink-300">{dealing ? t('baccarat.dealing') : notice ?? t('baccarat.placeBets')}</p>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col [--card:clamp(52px,min(8vw,11dvh),96px)]" data-testid="baccarat-client" data-rounds={results.length}>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pt-1 pb-2 tablet:px-5">
        <div className="mx-auto grid max-w-6xl gap-3 laptop:grid-cols-[minmax(0,1fr)_19rem] laptop:items-start">
          <section className="relative overflow-hidden rounded-[2rem] border-2 border-[#e8c97a]/50 bg-[radial-gradient(120%_90%_at_50%_0%,#176a55,#0c4638_55%,#072b22)] p-3 shadow-[inset_0_0_60px_rgba(0,0,0,0.5)] tablet:p-5" data-testid="baccarat-table">
            <p className="text-center text-[10px] font-extrabold tracking-[0.3em] text-[#e8c97a]/70 uppercase">{t('baccarat.felt')}</p>
            <div className="mt-2 grid grid-cols-2 gap-2 tablet:gap-6">
              {(['player', 'banker'] as const).map((side) => {
                const cards = coup ? coup[side].slice(0, shown[side]) : [];
                const won = settled && coup.result === side;
                return (
                  <div key={side} className={clsx('flex flex-col items-center gap-1.5 rounded-2xl p-2 transition', won && 'bg-white/5 ring-2', won && SIDE[side].ring)} data-testid={`baccarat-hand-${side}`}>
                    <div className="flex items-center gap-2">
                      <span className={clsx('text-xs font-black tracking-[0.2em] uppercase', SIDE[side].text)}>{t(`baccarat.${side}`)}</span>
                      <span className="grid h-7 min-w-7 place-items-center rounded-full bg-black/50 px-1.5 text-sm font-black text-white tabular-nums" data-testid={`baccarat-total-${side}`}>
                        {cards.length ? totalOf(cards) : '–'}
                      </span>
                    </div>
                    <div className="flex min-h-[calc(var(--card)*1.4)] items-start justify-center">
                      {cards.map((card, i) => (
                        <div key={i} className={clsx(!reducedMotion && 'studio-deal', i > 0 && '-ml-[calc(var(--card)*0.38)]', i === 2 && 'mt-[calc(var(--card)*0.2)] rotate-90')}>
                          <PlayingCard card={card} className={CARD} />
                        </div>
                      ))}
                    </div>
                  </div>
                );
              })}
            </div>
            <div className="mt-2 min-h-6 text-center" aria-live="polite">
              {outcomeLine}
            </div>
            <div className="mt-3 grid grid-cols-[1fr_0.8fr_1fr] gap-2 tablet:gap-3" role="group" aria-label={t('baccarat.areas')}>
              {(['player', 'tie', 'banker'] as const).map((spot) => {
                const won = settled && coup.result === spot;
                return (
                  <button
                    key={spot}
                    type="button"
                    onClick={() => place(spot)}
                    disabled={locked}
                    aria-label={t('baccarat.placeOn', { area: t(`baccarat.${spot}`), odds: t(`baccarat.odds.${spot}`), amount: showAmount(stakes[spot]) })}
                    className={clsx(
                      'relative flex min-h-24 flex-col items-center justify-center gap-0.5 rounded-2xl bg-gradient-to-b px-1 py-2 ring-2 transition tablet:min-h-28',
                      SIDE[spot].area,
                      won ? clsx(SIDE[spot].ring, !reducedMotion && 'studio-glow') : 'ring-[#e8c97a]/40 enabled:hover:ring-[#e8c97a]/80',
                      'disabled:cursor-default',
                    )}
                    data-testid={`baccarat-area-${spot}`}
                    data-stake={stakes[spot]}
                  >
                    <span className={clsx('text-sm font-black tracking-[0.14em] uppercase tablet:text-base', SIDE[spot].text)}>{t(`baccarat.${spot}`)}</span>
                    <span className="text-xs font-bold text-[#e8c97a]">{t('baccarat.pays', { odds: t(`baccarat.odds.${spot}`) })}</span>
                    {isPositive(stakes[spot]) ? (
                      <span className="studio-pop mt-1 flex items-center gap-1">
                        <Chip amount={stakes[spot]} rank={chipRank(stakes[spot], limits.presets)} size={30} />
                        <span className="text-xs font-extrabold text-white tabular-nums">{showAmount(stakes[spot])}</span>
                      </span>
                    ) : (
                      <span className="mt-1 h-[30px] text-[10px] leading-[30px] text-white/40">{t('baccarat.rtp', { rtp: AREA_RTP[spot] })}</span>
                    )}
                  </button>
                );
              })}
            </div>
          </section>

          <aside className="flex flex-col gap-3">
            <section className="rounded-3xl bg-black/35 p-3 ring-1 ring-white/10" data-testid="baccarat-road">
              <div className="flex items-baseline justify-between">
                <h2 className="text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('baccarat.road')}</h2>
                <p className="flex gap-2 text-[11px] font-bold tabular-nums">
                  {SPOTS.map((spot) => (
                    <span key={spot} className={SIDE[spot].text} data-testid={`baccarat-count-${spot}`}>
                      {t(`baccarat.short.${spot}`)} {counts[spot]}
                    </span>
                  ))}
                </p>
              </div>
              <div className="mt-2 grid gap-1 rounded-xl bg-white p-1.5" style={{ gridTemplateRows: `repeat(${ROAD_ROWS}, minmax(0, 1fr))`, gridTemplateColumns: `repeat(${ROAD_COLUMNS}, minmax(0, 1fr))`, gridAutoFlow: 'column' }} role="img" aria-label={t('baccarat.roadLabel', { player: counts.player, banker: counts.banker, tie: counts.tie })}>
                {Array.from({ length: ROAD_COLUMNS * ROAD_ROWS }, (_, i) => {
                  const bead = road.get(i);
                  return bead ? (
                    <span
                      key={i}
                      className={clsx('grid aspect-square place-items-center rounded-full text-[9px] font-black text-white', SIDE[bead.result].bead, !reducedMotion && bead.index === results.length - 1 && 'studio-pop')}
                      data-testid="baccarat-bead"
                      data-result={bead.result}
                    >
                      {t(`baccarat.short.${bead.result}`)}
                    </span>
                  ) : (
                    <span key={i} className="aspect-square rounded-full border border-ink-100/70" aria-hidden="true" />
                  );
                })}
              </div>
            </section>
            <section className="rounded-3xl bg-black/35 p-3 text-xs text-ink-300 ring-1 ring-white/10">
              <h2 className="text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('baccarat.rulesTitle')}</h2>
              <p className="mt-1">{t('baccarat.rules')}</p>
            </section>
          </aside>
        </div>
      </div>

      <div className="border-t border-white/10 bg-black/50 px-2 pt-2 pb-2 backdrop-blur tablet:px-5">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 laptop:flex-row laptop:items-center laptop:justify-between">
          <ChipRack presets={limits.presets} value={chip} onChange={setChip} disabled={locked} size={40} />
          <div className="flex items-center justify-between gap-2 laptop:justify-end laptop:gap-4">
            <div className="flex gap-1">
              <ToolButton label={t('baccarat.clear')} onClick={clear} disabled={locked || !isPositive(total)} testId="baccarat-clear" />
              <ToolButton label={t('baccarat.rebet')} onClick={rebet} disabled={locked || !isPositive(totalStaked(lastStakes))} testId="baccarat-rebet" />
            </div>
            <div className="text-right">
              <span className="block text-[10px] font-bold tracking-[0.16em] text-ink-400 uppercase">{t('baccarat.totalBet')}</span>
              <span className="block text-base font-extrabold text-gold-300 tabular-nums" data-testid="baccarat-total">
                {showAmount(total)} <span className="text-[10px] text-ink-300">{currency}</span>
              </span>
            </div>
            <ActionButton onClick={() => void deal()} disabled={locked || !isPositive(total)} busy={session.busy} label={t('baccarat.deal')} testId="baccarat-deal" className="h-16 w-28 rounded-2xl! text-xs tablet:w-32 tablet:text-sm">
              {t('baccarat.deal')}
            </ActionButton>
          </div>
        </div>
      </div>
    </div>
  );
}

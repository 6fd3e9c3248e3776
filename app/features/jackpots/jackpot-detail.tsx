import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { GameTile } from '../games/game-tile.tsx';
import type { Game } from '../games/types.ts';
import { useNow } from '../hints/use-now.ts';
import { PageMeta } from '../pages/page-meta.tsx';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Panel } from '../../ui/panel.tsx';
import { formatDay, money, oneIn } from './format.ts';
import { TickingAmount } from './ticking-amount.tsx';
import { GOLD_TEXT, tierOf } from './tiers.ts';
import { useLiveJackpots } from './use-live-jackpots.ts';
import { WinnersList } from './winners-list.tsx';
import type { JackpotList, WinnerList } from './types.ts';

export type JackpotDetailData = { jackpots: JackpotList; games: Game[]; winners: WinnerList | null; now: number };

/** Example bets of the odds table, in major units (the pool's minimum bet comes first). */
const EXAMPLE_BETS = ['1.00', '10.00', '100.00'];

/** /jackpots/{id}: the live amount, its rules and odds, the eligible games and its latest winners. */
export function JackpotDetail({ data }: { data: JackpotDetailData }) {
  const { t } = useTranslation('jackpots');
  const live = useLiveJackpots(data.jackpots, data.jackpots.items[0]?.id);
  const now = useNow(data.now);
  const jackpot = live?.items[0] ?? data.jackpots.items[0];
  const tier = tierOf(jackpot.id);
  const currency = jackpot.currency;
  const bets = [jackpot.min_bet, ...EXAMPLE_BETS.filter((bet) => Number(bet) > Number(jackpot.min_bet))];

  return (
    <div className="space-y-8 pb-8" data-testid="page-jackpot" data-jackpot={jackpot.id}>
      <PageMeta title={t('detail.metaTitle', { name: jackpot.name })} description={t('detail.metaDescription', { name: jackpot.name, amount: money(jackpot.amount, currency) })} />
      <LocalLink to="/jackpots" className="inline-flex items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300">
        <Icon name="chevronLeft" size={16} />
        {t('detail.back')}
      </LocalLink>

      <section className={clsx('relative overflow-hidden rounded-3xl bg-ink-850 p-6 ring-1 tablet:p-10', tier.ring)}>
        <div className={clsx('absolute inset-0', tier.glow)} />
        <Icon name="crown" size={260} className={clsx('absolute -right-10 -bottom-16', tier.art)} />
        <div className="relative grid gap-8 laptop:grid-cols-[1.3fr_1fr] laptop:items-center">
          <div>
            <span className={clsx('rounded-full px-2.5 py-1 text-[11px] font-extrabold tracking-widest uppercase', tier.badge)}>{t('detail.kicker')}</span>
            <h1 className="mt-4 text-2xl font-extrabold tablet:text-3xl">{t('detail.title', { name: jackpot.name })}</h1>
            <p className="mt-3 text-5xl leading-none font-black tracking-tight tablet:text-6xl desktop:text-7xl">
              <TickingAmount amount={jackpot.amount} currency={currency} className={GOLD_TEXT} />
            </p>
            <p className="mt-4 max-w-xl text-ink-300">{t('detail.lead', { amount: money(jackpot.expected_amount, currency) })}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Stat label={t('detail.seed')} value={money(jackpot.seed, currency)} />
            <Stat label={t('detail.share')} value={`${jackpot.contribution_percent} %`} />
            <Stat label={t('detail.average')} value={money(jackpot.expected_amount, currency)} />
            <Stat label={t('detail.minBet')} value={money(jackpot.min_bet, currency)} />
            <Stat label={t('detail.wins')} value={String(jackpot.wins_count)} />
            <Stat label={t('detail.since')} value={formatDay(jackpot.cycle_started_at)} />
          </dl>
        </div>
      </section>

      <div className="grid gap-4 laptop:grid-cols-[1.3fr_1fr]">
        <Panel icon="sparkles" title={t('detail.oddsTitle')} text={t('detail.oddsText', { stake: money(jackpot.trigger_stake, currency) })} testId="jackpot-odds">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs tracking-wide text-ink-400 uppercase">
                <th scope="col" className="pb-2 font-semibold">
                  {t('detail.oddsBet')}
                </th>
                <th scope="col" className="pb-2 text-right font-semibold">
                  {t('detail.oddsChance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet} className="border-t border-white/5">
                  <td className="py-2.5 font-semibold">{money(bet, currency)}</td>
                  <td className="py-2.5 text-right text-gold-300 tabular-nums">{t('detail.oneIn', { odds: oneIn(jackpot.trigger_stake, bet) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 rounded-xl bg-black/25 px-4 py-3 font-mono text-xs text-ink-200 ring-1 ring-white/5">
            {t('detail.formula', { stake: money(jackpot.trigger_stake, currency) })}
          </p>
        </Panel>
        <Panel icon="trophy" title={t('detail.winnersTitle', { name: jackpot.name })}>
          <WinnersList winners={data.winners?.items ?? []} now={now} emptyText={t('detail.noWinners')} columns={1} />
        </Panel>
      </div>

      <section aria-labelledby="jackpot-games">
        <div className="mb-4">
          <h2 id="jackpot-games" className="text-xl font-extrabold tablet:text-2xl">
            {t('detail.gamesTitle')}
          </h2>
          <p className="mt-1 text-sm text-ink-300">{jackpot.all_games ? t('detail.gamesAll') : t('detail.gamesSome', { count: data.games.length })}</p>
        </div>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-5 tablet:grid-cols-3 laptop:grid-cols-4 desktop:grid-cols-5" data-testid="jackpot-games">
          {data.games.map((game, index) => (
            <li key={game.sysname}>
              <GameTile game={game} eager={index < 5} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-black/30 p-3.5 ring-1 ring-white/10">
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="mt-1 font-bold text-white tabular-nums">{value}</dd>
    </div>
  );
}

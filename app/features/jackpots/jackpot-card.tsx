import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from './format.ts';
import { TickingAmount } from './ticking-amount.tsx';
import { GOLD_TEXT, tierOf } from './tiers.ts';
import type { Jackpot } from './types.ts';

/** A jackpot of the list: live amount, what it drops at on average, its last winner; the whole card links to its page. */
export function JackpotCard({ jackpot, featured = false }: { jackpot: Jackpot; featured?: boolean }) {
  const { t } = useTranslation('jackpots');
  const tier = tierOf(jackpot.id);
  return (
    <LocalLink
      to={`/jackpots/${jackpot.id}`}
      className={clsx(
        'group relative flex h-full flex-col overflow-hidden rounded-3xl bg-ink-850 ring-1 transition duration-200 hover:-translate-y-0.5 hover:ring-gold-400/70 focus-visible:ring-2',
        tier.ring,
        featured ? 'p-6 tablet:p-10' : 'p-6',
      )}
      data-testid="jackpot-card"
      data-jackpot={jackpot.id}
    >
      <div className={clsx('absolute inset-0', tier.glow)} />
      <Icon name="crown" size={featured ? 240 : 140} strokeWidth={1.2} className={clsx('absolute -top-8 -right-8 rotate-12 transition duration-300 group-hover:scale-105', featured ? 'h-36 w-36 tablet:top-1/2 tablet:right-10 tablet:h-60 tablet:w-60 tablet:-translate-y-1/2' : '', tier.art)} />
      <div className="relative flex items-center gap-2">
        <span className={clsx('rounded-full px-2.5 py-1 text-[11px] font-extrabold tracking-widest uppercase', tier.badge)}>{jackpot.name}</span>
        <span className="flex items-center gap-1.5 text-[11px] font-semibold tracking-widest text-ink-300 uppercase">
          <span className="relative flex h-2 w-2">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-jade-400 opacity-60 motion-reduce:hidden" />
            <span className="relative inline-flex h-2 w-2 rounded-full bg-jade-400" />
          </span>
          {t('list.live')}
        </span>
      </div>
      <p className={clsx('relative mt-4 leading-none font-black tracking-tight', featured ? 'text-[clamp(2.25rem,10.5vw,4.5rem)]' : 'text-4xl')}>
        <TickingAmount amount={jackpot.amount} currency={jackpot.currency} className={GOLD_TEXT} />
      </p>
      <p className="relative mt-3 text-sm text-ink-300">{t('list.dropsAround', { amount: money(jackpot.expected_amount, jackpot.currency) })}</p>
      <dl className="relative mt-5 flex flex-wrap gap-2 text-xs">
        <Fact label={t('list.minBet')} value={money(jackpot.min_bet, jackpot.currency)} />
        <Fact label={t('list.share')} value={`${jackpot.contribution_percent} %`} />
        <Fact label={t('list.gamesLabel')} value={jackpot.all_games ? t('list.allGames') : String(jackpot.games.length)} />
      </dl>
      <div className="relative mt-auto flex items-end justify-between gap-3 pt-6">
        <p className="min-w-0 text-sm text-ink-300" data-testid="jackpot-last-win">
          {jackpot.last_win ? (
            <>
              <Icon name="trophy" size={14} className="mr-1.5 inline align-[-2px] text-gold-400" />
              {t('list.lastWinner', { name: jackpot.last_win.name, amount: money(jackpot.last_win.amount, jackpot.last_win.currency) })}
            </>
          ) : (
            t('list.neverWon')
          )}
        </p>
        <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-gold-400 group-hover:text-gold-300">
          {t('list.details')}
          <Icon name="chevronRight" size={16} />
        </span>
      </div>
    </LocalLink>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center gap-1.5 rounded-lg bg-black/30 px-2.5 py-1.5 ring-1 ring-white/10">
      <dt className="text-ink-400">{label}</dt>
      <dd className="font-semibold text-white">{value}</dd>
    </div>
  );
}

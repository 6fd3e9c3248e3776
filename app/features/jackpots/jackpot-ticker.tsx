import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';
import { TickingAmount } from './ticking-amount.tsx';
import { GOLD_TEXT } from './tiers.ts';
import { useLiveJackpots } from './use-live-jackpots.ts';
import type { JackpotList } from './types.ts';

const NAME_COLOURS: Record<string, string> = { mega: 'text-gold-400', major: 'text-violet-400', mini: 'text-jade-400' };

/** A band of the live jackpot amounts (home page, winners page), each linking to its jackpot. */
export function JackpotTicker({ initial }: { initial: JackpotList }) {
  const { t } = useTranslation('jackpots');
  const live = useLiveJackpots(initial);
  const items = live?.items ?? [];
  if (!items.length) return null;
  return (
    <section
      aria-labelledby="jackpot-ticker-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-r from-amber-500/25 via-ink-850 to-ink-850 ring-1 ring-gold-400/30"
      data-testid="jackpot-ticker"
    >
      <div className="absolute inset-0 bg-[radial-gradient(50%_120%_at_0%_50%,rgba(245,184,46,0.22),transparent_70%)]" />
      <div className="relative flex flex-col gap-4 p-4 tablet:flex-row tablet:items-center tablet:gap-6 tablet:p-5">
        <div className="flex shrink-0 items-center justify-between gap-3 tablet:w-48 tablet:justify-start">
          <div className="flex items-center gap-3">
            <span className="grid h-11 w-11 place-items-center rounded-xl bg-gradient-to-b from-gold-300 to-gold-600 text-ink-950 shadow-[0_6px_24px_-8px_rgba(245,184,46,0.8)]">
              <Icon name="crown" size={22} />
            </span>
            <div>
              <h2 id="jackpot-ticker-title" className="leading-tight font-extrabold">
                {t('ticker.title')}
              </h2>
              <p className="flex items-center gap-1.5 text-xs text-ink-300">
                <span className="relative flex h-2 w-2">
                  <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-jade-400 opacity-60 motion-reduce:hidden" />
                  <span className="relative inline-flex h-2 w-2 rounded-full bg-jade-400" />
                </span>
                {t('list.live')}
              </p>
            </div>
          </div>
          <LocalLink to="/jackpots" className="flex items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300 tablet:hidden">
            {t('ticker.cta')}
            <Icon name="chevronRight" size={16} />
          </LocalLink>
        </div>
        <ul className="grid flex-1 gap-2 tablet:grid-cols-3 tablet:gap-3">
          {items.map((jackpot) => (
            <li key={jackpot.id}>
              <LocalLink
                to={`/jackpots/${jackpot.id}`}
                className="flex items-center justify-between gap-3 rounded-2xl bg-black/30 px-4 py-2.5 ring-1 ring-white/10 transition hover:bg-black/40 hover:ring-gold-400/60 tablet:block tablet:py-3"
                data-testid="ticker-jackpot"
              >
                <span className={clsx('block text-[11px] font-extrabold tracking-widest uppercase', NAME_COLOURS[jackpot.id] ?? 'text-gold-400')}>{jackpot.name}</span>
                <span className="block truncate text-lg font-black tablet:mt-0.5 tablet:text-xl laptop:text-2xl">
                  <TickingAmount amount={jackpot.amount} currency={jackpot.currency} className={GOLD_TEXT} />
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
        <LocalLink to="/jackpots" className="hidden shrink-0 items-center gap-1 text-sm font-semibold text-gold-400 hover:text-gold-300 tablet:flex">
          {t('ticker.cta')}
          <Icon name="chevronRight" size={16} />
        </LocalLink>
      </div>
    </section>
  );
}

import clsx from 'clsx';
import { useLocation } from 'react-router';
import type { SportKey, SportView } from '../../../contract/betting.ts';
import { stripLocale } from '../../../contract/locales.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useBettingT } from './i18n.ts';
import { OddsFormatSwitch } from './odds-format-switch.tsx';
import { SportIcon } from './sport-icon.tsx';

type Item = { key: SportKey | 'all' | 'live'; to: string; label: string; count: number };

function useItems(sports: readonly SportView[]): { items: Item[]; active: string } {
  const { t } = useBettingT();
  const path = stripLocale(useLocation().pathname).replace(/\/+$/, '');
  const live = sports.reduce((sum, sport) => sum + sport.live, 0);
  const all = sports.reduce((sum, sport) => sum + sport.live + sport.upcoming, 0);
  const items: Item[] = [
    { key: 'all', to: '/betting', label: t('menu.all'), count: all },
    { key: 'live', to: '/betting/live', label: t('menu.live'), count: live },
    ...sports.map((sport) => ({ key: sport.key, to: `/betting/${sport.key}`, label: sport.name, count: sport.live + sport.upcoming })),
  ];
  const active = items.find((item) => item.to === path)?.key ?? (path.startsWith('/betting/event') ? '' : 'all');
  return { items, active };
}

/** The sports menu: a column on the left from the laptop width up. */
export function SportsMenu({ sports }: { sports: readonly SportView[] }) {
  const { t } = useBettingT();
  const { items, active } = useItems(sports);
  return (
    <nav aria-label={t('menu.label')} className="space-y-4" data-testid="sports-menu">
      <ul className="space-y-1 rounded-3xl border border-white/5 bg-ink-850/70 p-2">
        {items.map((item) => (
          <li key={item.key}>
            <LocalLink
              to={item.to}
              aria-current={active === item.key ? 'page' : undefined}
              className={clsx(
                'flex h-11 items-center gap-3 rounded-2xl px-3 text-sm font-semibold transition',
                active === item.key ? 'bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/40' : 'text-ink-200 hover:bg-white/5 hover:text-white',
              )}
              data-testid={`sport-${item.key}`}
            >
              <SportIcon sport={item.key} className={item.key === 'live' ? 'text-ruby-400' : undefined} />
              <span className="flex-1 truncate">{item.label}</span>
              <span className={clsx('rounded-full px-2 py-0.5 text-[11px] font-bold tabular-nums', item.key === 'live' && item.count ? 'bg-ruby-500/20 text-ruby-300' : 'bg-white/5 text-ink-400')}>
                {item.count}
              </span>
            </LocalLink>
          </li>
        ))}
      </ul>
      <OddsFormatSwitch />
    </nav>
  );
}

/** The same menu as a row of chips that scrolls sideways, below the laptop width. */
export function SportsChips({ sports }: { sports: readonly SportView[] }) {
  const { t } = useBettingT();
  const { items, active } = useItems(sports);
  return (
    <nav aria-label={t('menu.label')} className="-mx-4 overflow-x-auto px-4 pb-1" data-testid="sports-chips">
      <ul className="flex gap-2">
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <LocalLink
              to={item.to}
              aria-current={active === item.key ? 'page' : undefined}
              className={clsx(
                'flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition',
                active === item.key ? 'bg-gold-500/15 text-gold-300 ring-gold-400/50' : 'bg-ink-850 text-ink-300 ring-white/10 hover:text-white',
              )}
              data-testid={`chip-${item.key}`}
            >
              <SportIcon sport={item.key} size={16} className={item.key === 'live' ? 'text-ruby-400' : undefined} />
              {item.label}
              <span className="text-xs text-ink-500 tabular-nums">{item.count}</span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LocalNavLink } from '../../lib/local-link.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { useDialogs } from '../dialogs/store.ts';

const ITEMS: Array<{ key: string; to: string; icon: IconName }> = [
  { key: 'home', to: '/', icon: 'home' },
  { key: 'casino', to: '/gamehall', icon: 'dice' },
  { key: 'promotions', to: '/promotions', icon: 'gift' },
];

/** Bottom navigation on phones and tablets; the menu button opens the full navigation curtain. */
export function MobileNav() {
  const { t } = useTranslation();
  const open = useDialogs((state) => state.open);
  const itemClass = 'flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium';
  return (
    <nav
      aria-label={t('nav.mobile')}
      className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-white/10 bg-ink-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl laptop:hidden"
      data-testid="mobile-nav"
    >
      {ITEMS.map((item) => (
        <LocalNavLink
          key={item.key}
          to={item.to}
          end
          className={({ isActive }) => clsx(itemClass, isActive ? 'text-gold-400' : 'text-ink-300')}
        >
          <Icon name={item.icon} size={22} />
          {t(`nav.${item.key}`)}
        </LocalNavLink>
      ))}
      <button type="button" className={clsx(itemClass, 'text-ink-300')} onClick={() => open({ component: 'games-search' })}>
        <Icon name="search" size={22} />
        {t('nav.search')}
      </button>
      <button type="button" className={clsx(itemClass, 'text-ink-300')} onClick={() => open({ component: 'menu', type: 'curtain' })} data-testid="mobile-menu">
        <Icon name="menu" size={22} />
        {t('nav.menu')}
      </button>
    </nav>
  );
}

import type { IconName } from '../../ui/icon.tsx';
import type { SiteConfig } from '../../../contract/site-config.ts';

export type NavItem = { key: string; to: string; icon: IconName };

/**
 * Main navigation; items whose feature is switched off in the site configuration are left out, and
 * so is the live casino while the catalogue has no live-dealer game (`liveCasino`, RootData).
 */
export function mainNav(config: SiteConfig | undefined, liveCasino = false): NavItem[] {
  const features = config?.features;
  const items: Array<NavItem & { enabled?: boolean }> = [
    { key: 'casino', to: '/gamehall', icon: 'dice' },
    { key: 'live', to: '/gamehall?category=live', icon: 'live', enabled: liveCasino },
    { key: 'jackpots', to: '/jackpots', icon: 'crown', enabled: features?.jackpots },
    { key: 'tournaments', to: '/tournaments', icon: 'trophy', enabled: features?.tournaments },
    { key: 'promotions', to: '/promotions', icon: 'gift' },
    { key: 'loyalty', to: '/loyalty', icon: 'star', enabled: features?.loyalty },
    { key: 'betting', to: '/betting', icon: 'ball', enabled: features?.betting },
  ];
  return items.filter((item) => item.enabled !== false).map(({ key, to, icon }) => ({ key, to, icon }));
}

/**
 * Whether a nav item is the current page. Items that differ only by query (the game hall and its
 * live category) are told apart by their query, which NavLink alone ignores.
 */
export function isNavItemActive(item: Pick<NavItem, 'to'>, pathname: string, search: string): boolean {
  const [itemPath, itemQuery = ''] = item.to.split('?');
  if (pathname !== itemPath && !(itemPath !== '/' && pathname.startsWith(`${itemPath}/`))) return false;
  const wanted = new URLSearchParams(itemQuery);
  const current = new URLSearchParams(search);
  if ([...wanted.keys()].length === 0) return !current.has('category');
  return [...wanted.entries()].every(([key, value]) => current.get(key) === value);
}

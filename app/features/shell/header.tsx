import clsx from 'clsx';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocation } from 'react-router';
import { stripLocale } from '../../../contract/locales.ts';
import { useRootData } from '../../lib/locale.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useAuthEntry } from './use-auth-entry.ts';
import { useDialogs } from '../dialogs/store.ts';
import { UserMenu } from '../session/user-menu.tsx';
// Signed-in players only: loaded with their first page, never part of a guest's (the JS budget).
const HeaderBalance = lazy(() => import('../cashier/header-balance.tsx').then((module) => ({ default: module.HeaderBalance })));
import { isNavItemActive, mainNav } from './nav-items.ts';

export function Header() {
  const { t } = useTranslation();
  const root = useRootData();
  const config = root?.config;
  const user = root?.user;
  const openAuth = useAuthEntry();
  const openDialog = useDialogs((state) => state.open);
  const location = useLocation();
  const currentPath = stripLocale(location.pathname);

  return (
    <header
      className="sticky top-0 z-40 h-[var(--header-height)] border-b border-white/5 bg-ink-900/85 backdrop-blur-xl"
      data-testid="site-header"
    >
      <div className="mx-auto flex h-full max-w-[1600px] items-center gap-3 px-4 laptop:gap-6 laptop:px-6">
        <LocalLink to="/" className="flex shrink-0 items-center" aria-label={t('brand.home')}>
          <img src={config?.logos.logo ?? '/brand/logo.svg'} alt="Croupier" className="hidden h-9 w-auto tablet:block" />
          <img src={config?.logos.logoMobile ?? '/brand/logo-mark.svg'} alt="Croupier" className="h-9 w-9 tablet:hidden" />
        </LocalLink>

        <nav aria-label={t('nav.main')} className="hidden min-w-0 flex-1 items-center gap-1 laptop:flex">
          {mainNav(config, root?.liveCasino).map((item) => {
            const active = isNavItemActive(item, currentPath, location.search);
            return (
              <LocalLink
                key={item.key}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                aria-label={t(`nav.${item.key}`)}
                title={t(`nav.${item.key}`)}
                className={clsx(
                  'flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition desktop:px-3',
                  active ? 'bg-white/10 text-white' : 'text-ink-300 hover:bg-white/5 hover:text-white',
                )}
              >
                <Icon name={item.icon} size={18} />
                {/* Below 1440 px the seven labels do not fit next to the account area: icons only. */}
                <span className="hidden desktop:inline">{t(`nav.${item.key}`)}</span>
              </LocalLink>
            );
          })}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            onClick={() => openDialog({ component: 'games-search', type: 'popup' })}
            className="flex h-10 items-center gap-2 rounded-xl bg-ink-800 px-3 text-sm text-ink-300 ring-1 ring-white/10 hover:text-white hover:ring-white/20"
            aria-label={t('search.open')}
            data-testid="search-entry"
          >
            <Icon name="search" size={18} />
            {/* The label takes the room the nav's labels need from 1440 px (French ones are longer), and
                a signed-in header carries balance, deposit and account menu: icon only until 1920 px,
                except for a guest between 1280 and 1440 px, where the nav shows icons only. */}
            <span className={clsx('hidden', isLoggedIn(user) ? 'ldesktop:inline' : 'llaptop:inline desktop:hidden ldesktop:inline')}>
              {t('search.placeholder')}
            </span>
          </button>
          {isLoggedIn(user) ? (
            <>
              <LocalLink
                to="/cashier/deposit"
                className="flex h-10 items-center gap-2 rounded-xl bg-ink-800 px-3 text-sm whitespace-nowrap ring-1 ring-white/10 hover:ring-white/20"
                data-testid="header-balance"
                title={t('userMenu.balanceLink', { ns: 'auth' })}
              >
                <Icon name="wallet" size={18} className="hidden text-gold-400 desktop:block" />
                <Suspense fallback={<span className="h-4 w-16 animate-pulse rounded bg-ink-700" aria-hidden="true" />}>
                  <HeaderBalance />
                </Suspense>
              </LocalLink>
              <div className="hidden tablet:block">
                <LocalLink to="/cashier/deposit" className={buttonClass('primary', 'sm')} data-testid="header-deposit">
                  {t('actions.deposit')}
                </LocalLink>
              </div>
              <UserMenu user={user!} />
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={() => openAuth('sign_in')} data-testid="sign-in">
                {t('actions.signIn')}
              </Button>
              <Button variant="primary" size="sm" onClick={() => openAuth('sign_up')} data-testid="sign-up">
                {t('actions.signUp')}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

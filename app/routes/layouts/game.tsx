import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import { HeaderBalance } from '../../features/cashier/header-balance.tsx';
import { useAuthEntry } from '../../features/shell/use-auth-entry.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';

/**
 * The game layout: a slim bar with the way back, the logo, and the player's balance with a
 * deposit button (sign-in and sign-up for a guest); the rest of the screen is the game's.
 */
export default function GameLayout() {
  const { t } = useTranslation();
  const root = useRootData();
  const signedIn = isLoggedIn(root?.user);
  const openAuth = useAuthEntry();
  return (
    <div className="flex min-h-dvh flex-col bg-ink-950 bg-[radial-gradient(90%_60%_at_50%_-10%,rgba(124,92,255,0.16),transparent_70%)]">
      <header className="sticky top-0 z-30 flex h-12 items-center gap-2 border-b border-white/5 bg-ink-950/85 px-2 backdrop-blur-xl tablet:px-4" data-testid="game-header">
        <LocalLink
          to="/gamehall"
          aria-label={t('nav.backToGames')}
          className="flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-ink-300 hover:bg-white/5 hover:text-white"
          data-testid="game-back"
        >
          <Icon name="chevronLeft" size={18} />
          <span className="hidden tablet:inline">{t('nav.backToGames')}</span>
        </LocalLink>
        <LocalLink to="/" aria-label={t('brand.home')} className="flex items-center">
          <img src={root?.config.logos.logoMobile ?? '/brand/logo-mark.svg'} alt="Croupier" className="h-7 w-7" />
        </LocalLink>
        <div className="ml-auto flex items-center gap-2">
          {signedIn ? (
            <>
              <LocalLink
                to="/cashier/deposit"
                className="flex h-9 items-center gap-2 rounded-xl bg-ink-800 px-3 text-sm whitespace-nowrap ring-1 ring-white/10 hover:ring-white/20"
                data-testid="header-balance"
              >
                <Icon name="wallet" size={16} className="hidden text-gold-400 tablet:block" />
                <HeaderBalance />
              </LocalLink>
              <LocalLink to="/cashier/deposit" className={buttonClass('primary', 'sm', 'h-9')} data-testid="header-deposit">
                <span className="tablet:hidden" aria-hidden="true">
                  +
                </span>
                <span className="sr-only tablet:not-sr-only">{t('actions.deposit')}</span>
              </LocalLink>
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={() => openAuth('sign_in')} data-testid="sign-in">
                {t('actions.signIn')}
              </Button>
              <Button size="sm" onClick={() => openAuth('sign_up')} data-testid="sign-up">
                {t('actions.signUp')}
              </Button>
            </>
          )}
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}

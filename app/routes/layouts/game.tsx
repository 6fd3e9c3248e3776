import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { Icon } from '../../ui/icon.tsx';

/** The game layout: a slim bar with the way back, and the rest of the screen for the game. */
export default function GameLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-ink-950">
      <header className="flex h-12 items-center gap-3 border-b border-white/5 px-3">
        <LocalLink to="/gamehall" className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-ink-300 hover:text-white">
          <Icon name="chevronLeft" size={18} />
          {t('nav.backToGames')}
        </LocalLink>
        <img src="/brand/logo-mark.svg" alt="Croupier" className="ml-auto h-7 w-7" />
      </header>
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { useDialogs } from '../dialogs/store.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { mainNav } from './nav-items.ts';
import type { DialogComponentProps } from '../dialogs/types.ts';

export default function MenuCurtain({ dialogId }: DialogComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const config = root?.config;
  const close = useDialogs((state) => state.close);
  const links = [...mainNav(config, root?.liveCasino), { key: 'winners', to: '/winners', icon: 'trophy' as const }, { key: 'support', to: '/support', icon: 'support' as const }];
  return (
    <div className="flex h-full flex-col" data-testid="menu-curtain">
      <img src={config?.logos.logo ?? '/brand/logo.svg'} alt="Croupier" className="mb-6 h-8 w-auto self-start" />
      <nav className="flex-1 space-y-1">
        {links.map((item) => (
          <LocalLink
            key={item.key}
            to={item.to}
            onClick={() => close(dialogId)}
            className="flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium text-ink-200 hover:bg-white/5 hover:text-white"
          >
            <Icon name={item.icon} />
            {t(`nav.${item.key}`)}
          </LocalLink>
        ))}
      </nav>
      <LanguageSwitcher />
    </div>
  );
}

import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { UserInfo } from '../../../contract/api.ts';
import { groupAmount } from '../../../contract/money.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocale } from '../../lib/locale.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { signOut } from './sign-out.ts';

/**
 * The signed-in player's menu in the header: who is signed in, the balances, the profile and
 * deposit links, and sign-out. A disclosure: the button toggles the panel; Escape, a click
 * elsewhere or following a link closes it.
 */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const location = useLocation();
  // Open for one address: following a link (or any route change) closes the menu.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (value: boolean | ((current: boolean) => boolean)) =>
    setOpenAt((typeof value === 'function' ? value(open) : value) ? location.key : null);
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const name = user.fakename || user.login || t('userMenu.player');

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = 'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-ink-200 transition hover:bg-white/5 hover:text-white';
  const link = (to: string, icon: IconName, label: string, testId: string) => (
    <LocalLink to={to} className={item} onClick={() => setOpen(false)} data-testid={testId}>
      <Icon name={icon} size={18} className="text-ink-400" />
      {label}
    </LocalLink>
  );

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('userMenu.open')}
        className={clsx(
          'flex h-10 items-center gap-1 rounded-xl px-1 ring-1 transition tablet:pr-1.5',
          open ? 'bg-ink-700 ring-white/20' : 'bg-ink-800 ring-white/10 hover:ring-white/20',
        )}
        data-testid="user-menu"
      >
        <span className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-violet-500 to-violet-600 text-sm font-bold text-white uppercase">
          {name.slice(0, 1)}
        </span>
        <Icon name="chevronDown" size={16} className={clsx('hidden text-ink-400 transition tablet:block', open && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-72 rounded-2xl bg-ink-850 p-2 shadow-2xl ring-1 ring-white/10"
        data-testid="user-menu-panel"
      >
        <div className="px-3 pt-2 pb-3">
          <p className="truncate font-semibold" title={name}>
            {name}
          </p>
          {user.fakename && user.login && <p className="truncate text-xs text-ink-400">{user.login}</p>}
        </div>
        <div className="mb-2 rounded-xl bg-gradient-to-br from-violet-600/30 to-ink-800 p-3 ring-1 ring-white/10">
          <p className="text-xs text-ink-300">{t('userMenu.balance')}</p>
          <p className="mt-0.5 text-xl font-extrabold tabular-nums" data-testid="user-menu-balance">
            {groupAmount(user.balance_main.amount)} <span className="text-sm font-semibold text-ink-300">{user.balance_main.currency}</span>
          </p>
          {Number(user.balance_bonus.amount) > 0 && (
            <p className="mt-1 text-xs text-ink-300">
              {t('userMenu.bonus')}: <span className="font-semibold text-gold-300 tabular-nums">{groupAmount(user.balance_bonus.amount)} {user.balance_bonus.currency}</span>
            </p>
          )}
          <LocalLink
            to="/cashier/deposit"
            onClick={() => setOpen(false)}
            className="mt-3 flex h-9 items-center justify-center gap-2 rounded-lg bg-gradient-to-b from-gold-400 to-gold-600 text-sm font-semibold text-ink-950 hover:from-gold-300 hover:to-gold-500"
          >
            <Icon name="wallet" size={16} />
            {t('userMenu.deposit')}
          </LocalLink>
        </div>
        <nav aria-label={t('userMenu.label')} className="space-y-0.5">
          {link('/profile/settings', 'user', t('userMenu.profile'), 'user-menu-profile')}
          {link('/profile/security', 'lock', t('userMenu.security'), 'user-menu-security')}
          {link('/cashier/history', 'history', t('userMenu.history'), 'user-menu-history')}
        </nav>
        <div className="mt-1 border-t border-white/5 pt-1">
          <button
            type="button"
            className={clsx(item, 'text-ruby-400 hover:text-ruby-400')}
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut(locale);
            }}
            data-testid="sign-out"
          >
            <Icon name="logout" size={18} />
            {t('userMenu.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}

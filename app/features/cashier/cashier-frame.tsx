import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupAmount } from '../../../contract/money.ts';
import { LocalLink, LocalNavLink } from '../../lib/local-link.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { PageMeta } from '../pages/page-meta.tsx';
import { CashierIdle } from './cashier-idle.tsx';
import { useBalances } from './use-balance.ts';

const SECTIONS: ReadonlyArray<{ key: 'deposit' | 'withdraw' | 'history' | 'wallet'; to: string; icon: IconName }> = [
  { key: 'deposit', to: '/cashier/deposit', icon: 'arrowDown' },
  { key: 'withdraw', to: '/cashier/withdraw', icon: 'arrowUp' },
  { key: 'history', to: '/cashier/history', icon: 'history' },
  { key: 'wallet', to: '/cashier/wallet', icon: 'wallet' },
];

/** The frame of every cashier page: title, the sections as tabs, then the page. */
export function CashierFrame({ page, title, subtitle, children }: { page: string; title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('cashier');
  return (
    <div className="pb-12" data-testid={`cashier-${page}`}>
      <PageMeta title={title} description={subtitle} />
      <div className="mb-6 flex flex-col gap-5 laptop:flex-row laptop:items-end laptop:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">{t('kicker')}</p>
          <h1 className="mt-1 text-2xl font-extrabold tracking-tight tablet:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 max-w-2xl text-ink-300">{subtitle}</p>}
        </div>
        <nav aria-label={t('nav.label')} data-testid="cashier-nav">
          <div className="grid grid-cols-4 gap-1 rounded-2xl bg-ink-850 p-1 ring-1 ring-white/5 tablet:flex tablet:w-max">
            {SECTIONS.map((section) => (
              <LocalNavLink
                key={section.key}
                to={section.to}
                className={({ isActive }) =>
                  clsx(
                    'flex flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-xs font-semibold whitespace-nowrap transition tablet:h-10 tablet:flex-row tablet:gap-2 tablet:px-4 tablet:py-0 tablet:text-sm',
                    isActive ? 'bg-ink-700 text-white shadow ring-1 ring-white/10' : 'text-ink-300 hover:bg-white/5 hover:text-white',
                  )
                }
                data-testid={`cashier-nav-${section.key}`}
              >
                <Icon name={section.icon} size={16} className="text-gold-400" />
                {t(`nav.${section.key}`)}
              </LocalNavLink>
            ))}
          </div>
        </nav>
      </div>
      <CashierIdle />
      {children}
    </div>
  );
}

/** The balance summary: the main balance large, bonuses below, and the way to the other side of the cashier. */
export function BalanceCard({ actions = 'both', className }: { actions?: 'both' | 'deposit' | 'withdraw' | 'none'; className?: string }) {
  const { t } = useTranslation('cashier');
  const balances = useBalances();
  if (!balances) return null;
  const main = balances.balance_main;
  const bonus = Number(balances.balance_bonus.amount);
  const betting = Number(balances.balance_betting_bonus.amount);
  return (
    <section
      aria-label={t('balance.label')}
      className={clsx('relative overflow-hidden rounded-3xl bg-ink-800 p-5 ring-1 ring-white/10 tablet:p-6', className)}
      data-testid="cashier-balance"
    >
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(100%_120%_at_100%_0%,rgba(124,92,255,0.4),transparent_60%),radial-gradient(80%_120%_at_0%_100%,rgba(245,184,46,0.2),transparent_60%)]" />
      <div className="pointer-events-none absolute -top-16 -right-10 h-40 w-40 rounded-full border-[18px] border-gold-400/10" aria-hidden="true" />
      <div className="pointer-events-none absolute -top-6 right-4 h-20 w-20 rounded-full border-[10px] border-violet-400/15" aria-hidden="true" />
      <div className="relative">
        <p className="flex items-center gap-2 text-sm font-medium text-ink-200">
          <Icon name="wallet" size={16} className="text-gold-400" />
          {t('balance.main')}
        </p>
        <p className="mt-2 text-3xl font-black tracking-tight tabular-nums tablet:text-4xl" data-testid="cashier-balance-main">
          {groupAmount(main.amount)} <span className="text-lg font-bold text-ink-300">{main.currency}</span>
        </p>
        {(bonus > 0 || betting > 0) && (
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-300">
            {bonus > 0 && (
              <span>
                {t('balance.bonus')}: <span className="font-semibold text-gold-300 tabular-nums">{groupAmount(balances.balance_bonus.amount)}</span>
              </span>
            )}
            {betting > 0 && (
              <span>
                {t('balance.bettingBonus')}: <span className="font-semibold text-violet-400 tabular-nums">{groupAmount(balances.balance_betting_bonus.amount)}</span>
              </span>
            )}
          </p>
        )}
        {actions !== 'none' && (
          <div className="mt-5 flex gap-2">
            {(actions === 'both' || actions === 'deposit') && (
              <LocalLink to="/cashier/deposit" className={buttonClass('primary', 'sm', 'flex-1')}>
                <Icon name="arrowDown" size={16} />
                {t('nav.deposit')}
              </LocalLink>
            )}
            {(actions === 'both' || actions === 'withdraw') && (
              <LocalLink to="/cashier/withdraw" className={buttonClass('secondary', 'sm', 'flex-1')}>
                <Icon name="arrowUp" size={16} />
                {t('nav.withdraw')}
              </LocalLink>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

import clsx from 'clsx';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { groupAmount } from '../../../contract/money.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { BalanceCard, CashierFrame } from './cashier-frame.tsx';
import { money } from './format.ts';
import { MethodArt } from './method-art.tsx';
import { Card, DateTime, StatusBadge } from './parts.tsx';
import { balanceQueryKey, useBalances } from './use-balance.ts';
import type { Balances, HistoryPage } from './types.ts';

export type WalletData = { balances: Balances; recent: HistoryPage | null };

const POCKETS: ReadonlyArray<{ key: keyof Balances; label: string; icon: IconName; tone: string }> = [
  { key: 'balance_bonus', label: 'bonus', icon: 'gift', tone: 'from-gold-500/25 text-gold-300' },
  { key: 'balance_betting_bonus', label: 'bettingBonus', icon: 'ball', tone: 'from-violet-500/30 text-violet-400' },
  { key: 'balance_fun', label: 'fun', icon: 'dice', tone: 'from-jade-500/20 text-jade-400' },
];

const LINKS: ReadonlyArray<{ to: string; key: string; icon: IconName }> = [
  { to: '/cashier/deposit', key: 'deposit', icon: 'arrowDown' },
  { to: '/cashier/withdraw', key: 'withdraw', icon: 'arrowUp' },
  { to: '/cashier/history', key: 'history', icon: 'history' },
];

/** /cashier/wallet: every balance, the last transactions and the ways on. */
export function WalletPage({ data }: { data: WalletData }) {
  const { t } = useTranslation('cashier');
  const localize = useLocalizedPath();
  const client = useQueryClient();
  const uid = useRootData()?.user.uid ?? 0;
  // The loader's getBalance is the freshest figure: the header shows it too.
  useEffect(() => {
    if (uid > 0) client.setQueryData(balanceQueryKey(uid), data.balances);
  }, [client, uid, data.balances]);
  const balances = useBalances() ?? data.balances;
  const recent = data.recent?.items ?? [];

  return (
    <CashierFrame page="wallet" title={t('wallet.title')} subtitle={t('wallet.subtitle')}>
      <div className="grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-6">
          <div className="grid grid-cols-1 gap-4 tablet:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
            <BalanceCard />
            <div className="grid grid-cols-3 gap-3 tablet:grid-cols-1">
              {POCKETS.map((pocket) => (
                <div
                  key={pocket.key}
                  className={clsx(
                    'flex flex-col gap-2 rounded-2xl bg-gradient-to-b to-ink-850 p-3 ring-1 ring-white/10 tablet:flex-row tablet:items-center tablet:gap-3 tablet:bg-gradient-to-r tablet:p-4',
                    pocket.tone,
                  )}
                  data-testid={`wallet-${pocket.key}`}
                >
                  <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-ink-900/50 ring-1 ring-white/10 tablet:h-10 tablet:w-10">
                    <Icon name={pocket.icon} size={18} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-xs text-ink-300">{t(`balance.${pocket.label}`)}</span>
                    <span className="block text-base font-extrabold text-white tabular-nums tablet:text-lg">
                      {groupAmount(balances[pocket.key].amount)} <span className="hidden text-xs font-semibold text-ink-400 tablet:inline">{balances[pocket.key].currency}</span>
                    </span>
                  </span>
                </div>
              ))}
            </div>
          </div>

          <Card
            icon="history"
            title={t('wallet.recent')}
            testId="wallet-recent"
            aside={
              recent.length ? (
                <LocalLink to="/cashier/history" className="flex shrink-0 items-center gap-1 text-sm font-semibold text-gold-300 hover:text-gold-400">
                  {t('wallet.allHistory')}
                  <Icon name="chevronRight" size={16} />
                </LocalLink>
              ) : undefined
            }
          >
            {recent.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-ink-900/60 px-4 py-8 text-center ring-1 ring-white/5">
                <p className="text-sm text-ink-300">{t('wallet.noRecent')}</p>
                <ButtonLink to={localize('/cashier/deposit')} size="sm">
                  {t('nav.deposit')}
                </ButtonLink>
              </div>
            ) : (
              <ul className="divide-y divide-white/5">
                {recent.map((item) => (
                  <li key={item.id} data-testid="wallet-transaction">
                    <LocalLink
                      to={`/cashier/receipt?id=${encodeURIComponent(item.id)}`}
                      className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-3 transition hover:bg-white/5"
                    >
                      <MethodArt sysname={item.method} className="h-8 w-12 shrink-0 rounded-md" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-semibold">{t(`history.type.${item.type}`)}</span>
                        <DateTime iso={item.created_at} className="block text-xs text-ink-400" />
                      </span>
                      <span className="flex flex-col items-end gap-1">
                        <span className={clsx('text-sm font-extrabold tabular-nums', item.type === 'deposit' ? 'text-jade-400' : 'text-white')}>
                          {item.type === 'deposit' ? '+' : '−'}
                          {money(item.amount)}
                        </span>
                        <StatusBadge status={item.status} />
                      </span>
                    </LocalLink>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        <nav aria-label={t('nav.label')} className="grid content-start gap-3">
          {LINKS.map((link) => (
            <LocalLink
              key={link.key}
              to={link.to}
              className="group flex items-center gap-4 rounded-2xl bg-ink-850/70 p-4 ring-1 ring-white/5 transition hover:bg-ink-800 hover:ring-gold-400/30"
              data-testid={`wallet-link-${link.key}`}
            >
              <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/20">
                <Icon name={link.icon} size={20} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-bold">{t(`nav.${link.key}`)}</span>
                <span className="block text-sm text-ink-400">{t(`wallet.links.${link.key}`)}</span>
              </span>
              <Icon name="chevronRight" size={18} className="text-ink-400 transition group-hover:translate-x-0.5 group-hover:text-gold-300" />
            </LocalLink>
          ))}
        </nav>
      </div>
    </CashierFrame>
  );
}

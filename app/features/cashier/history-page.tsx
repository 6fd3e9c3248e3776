import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PAGE_SIZE } from '../../../contract/constants.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { CashierFrame } from './cashier-frame.tsx';
import { money } from './format.ts';
import { HISTORY_TABS, type HistoryTab } from './form-rules.ts';
import { MethodArt } from './method-art.tsx';
import { DateTime, StatusBadge } from './parts.tsx';
import type { HistoryPage, Transaction } from './types.ts';

export type HistoryData = { tab: HistoryTab; page: HistoryPage | null };

const TAB_ICONS: Record<HistoryTab, IconName> = { deposit: 'arrowDown', withdrawal: 'arrowUp', bonuses: 'gift', cashbacks: 'percent', games: 'dice', bets: 'ball' };

/**
 * /cashier/history: a tab per kind, HISTORY_PAGE_SIZE rows at a time with "load more". The
 * bonuses, cashbacks, games and bets tabs show what the route composes into `panel` (the bonuses
 * feature's lists, the games feature's round history, the betting feature's bets).
 */
export function HistoryPageView({ data, panel }: { data: HistoryData; panel?: ReactNode }) {
  const { t } = useTranslation('cashier');
  // The bets tab follows the site's bet-history switch (functionalSettings.isBetHistoryEnable).
  const betHistory = useRootData()?.config.functionalSettings.isBetHistoryEnable ?? true;
  return (
    <CashierFrame page="history" title={t('history.title')} subtitle={t('history.subtitle')}>
      <div
        role="tablist"
        aria-label={t('history.tabs')}
        // On a phone the tabs scroll sideways: the selected one is brought into view.
        ref={(list) => {
          const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
          if (list && selected && list.scrollWidth > list.clientWidth) list.scrollLeft = selected.offsetLeft - list.offsetLeft - 16;
        }}
        className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 tablet:mx-0 tablet:flex-wrap tablet:px-0" data-testid="history-tabs">
        {HISTORY_TABS.filter((tab) => tab !== 'bets' || betHistory).map((tab) => {
          const active = tab === data.tab;
          return (
            <LocalLink
              key={tab}
              to={`/cashier/history?tab=${tab}`}
              role="tab"
              aria-selected={active}
              preventScrollReset
              className={clsx(
                'flex h-10 shrink-0 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition',
                active ? 'bg-gold-500/15 text-gold-300 ring-gold-400/50' : 'bg-ink-850 text-ink-300 ring-white/10 hover:text-white hover:ring-white/20',
              )}
              data-testid={`history-tab-${tab}`}
            >
              <Icon name={TAB_ICONS[tab]} size={16} />
              {t(`history.tab.${tab}`)}
            </LocalLink>
          );
        })}
      </div>
      <div role="tabpanel" data-testid={`history-panel-${data.tab}`}>
        {data.tab !== 'deposit' && data.tab !== 'withdrawal' ? (
          panel
        ) : (
          // A new tab starts a new list: the first page from the loader, more on demand.
          <TransactionList key={data.tab} type={data.tab} first={data.page} />
        )}
      </div>
    </CashierFrame>
  );
}

function TransactionList({ type, first }: { type: 'deposit' | 'withdrawal'; first: HistoryPage | null }) {
  const { t } = useTranslation('cashier');
  const localize = useLocalizedPath();
  const { items, total, loading, failed, loadMore } = usePagedList<Transaction>('cashier/gethistory', { type }, first, HISTORY_PAGE_SIZE);

  if (!items.length && !failed) {
    return (
      <EmptyState
        icon={TAB_ICONS[type]}
        title={t(`history.empty.${type}.title`)}
        text={t(`history.empty.${type}.text`)}
        action={
          <ButtonLink to={localize(type === 'deposit' ? '/cashier/deposit' : '/cashier/withdraw')} variant="secondary" className="mt-2">
            {t(type === 'deposit' ? 'nav.deposit' : 'nav.withdraw')}
          </ButtonLink>
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-3xl border border-white/5 bg-ink-850/70">
        <div className="hidden grid-cols-[150px_minmax(0,1fr)_140px_130px_110px] gap-4 border-b border-white/5 px-5 py-3 text-xs font-semibold tracking-wider text-ink-400 uppercase laptop:grid">
          <span>{t('history.columns.date')}</span>
          <span>{t('history.columns.method')}</span>
          <span className="text-right">{t('history.columns.amount')}</span>
          <span>{t('history.columns.status')}</span>
          <span className="sr-only">{t('history.columns.receipt')}</span>
        </div>
        <ul className="divide-y divide-white/5">
          {items.map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </ul>
      </div>
      {failed && <p className="text-center text-sm text-ruby-400">{t('errors.generic')}</p>}
      <div className="flex flex-col items-center gap-2">
        <p className="text-xs text-ink-400" data-testid="history-count">
          {t('history.shown', { shown: items.length, total })}
        </p>
        {(items.length < total || failed) && (
          <Button variant="secondary" onClick={() => void loadMore()} disabled={loading} data-testid="history-more">
            {loading ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> : <Icon name="chevronDown" size={18} />}
            {t('history.more')}
          </Button>
        )}
      </div>
    </div>
  );
}

function HistoryRow({ item }: { item: Transaction }) {
  const { t } = useTranslation('cashier');
  const sign = item.type === 'deposit' ? '+' : '−';
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-4 tablet:px-5 laptop:grid-cols-[150px_minmax(0,1fr)_140px_130px_110px]"
      data-testid="history-row"
      data-id={item.id}
    >
      <span className="order-3 flex items-center gap-3 laptop:order-none">
        <DateTime iso={item.created_at} className="text-xs text-ink-400 laptop:text-sm laptop:text-ink-200" />
        <LocalLink
          to={`/cashier/receipt?id=${encodeURIComponent(item.id)}`}
          className="inline-flex items-center gap-1 text-xs font-semibold text-gold-300 hover:text-gold-400 laptop:hidden"
          data-testid="history-receipt-compact"
        >
          <Icon name="receipt" size={13} />
          {t('history.receipt')}
        </LocalLink>
      </span>
      <span className="order-1 flex min-w-0 items-center gap-3 laptop:order-none">
        <MethodArt sysname={item.method} className="h-8 w-12 shrink-0 rounded-md" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-white">{t(`methods.${item.method}`, { defaultValue: item.method })}</span>
          <span className="block truncate text-xs text-ink-400">{t(`history.type.${item.type}`)}</span>
          {item.chargeback && (
            <span className="block text-xs font-semibold text-ruby-400" data-testid="history-chargeback">
              {Number(item.chargeback.owed.amount) > 0
                ? t('history.chargebackOwed', { amount: money(item.chargeback.amount), owed: money(item.chargeback.owed) })
                : t('history.chargeback', { amount: money(item.chargeback.amount) })}
            </span>
          )}
          {item.refunded && (
            <span className="block text-xs font-semibold text-ink-300" data-testid="history-refunded">
              {t('history.refunded', { amount: money(item.refunded) })}
            </span>
          )}
        </span>
      </span>
      <span
        className={clsx('order-2 text-right text-base font-extrabold tabular-nums laptop:order-none', item.type === 'deposit' ? 'text-jade-400' : 'text-white')}
        data-testid="history-amount"
      >
        {sign}
        {money(item.amount)}
      </span>
      <span className="order-4 justify-self-end laptop:order-none laptop:justify-self-start">
        <StatusBadge status={item.status} />
      </span>
      <LocalLink
        to={`/cashier/receipt?id=${encodeURIComponent(item.id)}`}
        className="hidden items-center justify-center gap-1.5 rounded-xl bg-white/5 px-3 py-2 text-xs font-semibold text-ink-200 ring-1 ring-white/10 hover:bg-white/10 hover:text-white laptop:inline-flex"
        data-testid="history-receipt"
      >
        <Icon name="receipt" size={14} />
        {t('history.receipt')}
      </LocalLink>
    </li>
  );
}

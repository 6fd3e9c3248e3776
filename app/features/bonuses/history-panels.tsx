import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PAGE_SIZE } from '../../../contract/constants.ts';
import type { BonusView, CashbackView } from '../../../contract/promotions.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from '../cashier/format.ts';
import { DateTime } from '../cashier/parts.tsx';
import { BonusStatusBadge, CashbackStatusBadge, KIND_ICONS, ListFooter } from './parts.tsx';
import { periodLastDay, type Page } from './rules.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';

/**
 * The cashier history's bonuses and cashbacks tabs (spec 2 section 4): the loader's first page,
 * HISTORY_PAGE_SIZE rows more on demand, each with its status and description. The route keys
 * them by tab, so opening a tab starts its list again.
 */

export function BonusHistory({ first }: { first: Page<BonusView> | null }) {
  const { t } = useTranslation('bonuses');
  const list = usePagedList<BonusView>('bonuses/get', { status: 'all' }, first, HISTORY_PAGE_SIZE);
  if (!list.items.length && !list.failed) {
    return <Empty icon="gift" title={t('history.bonusesEmpty')} text={t('history.bonusesEmptyText')} to="/profile/bonuses" cta={t('history.toBonuses')} />;
  }
  return (
    <Table footer={<ListFooter shown={list.items.length} total={list.total} more={list.more} loading={list.loading} failed={list.failed} onMore={() => void list.loadMore()} />}>
      {list.items.map((bonus) => (
        <Row
          key={bonus.id}
          testId="history-bonus"
          id={bonus.id}
          status={bonus.status}
          icon={<Icon name={KIND_ICONS[bonus.kind]} size={18} />}
          date={<DateTime iso={bonus.created_at} />}
          title={bonus.title || t(`kind.${bonus.kind}`)}
          text={bonus.description}
          amount={bonus.kind === 'bonus' || Number(bonus.amount) > 0 ? money({ amount: bonus.amount, currency: bonus.currency }) : '—'}
          badge={<BonusStatusBadge status={bonus.status} />}
        />
      ))}
    </Table>
  );
}

export function CashbackHistory({ first }: { first: Page<CashbackView> | null }) {
  const { t } = useTranslation('bonuses');
  const list = usePagedList<CashbackView>('cashbacks/get', {}, first, HISTORY_PAGE_SIZE);
  if (!list.items.length && !list.failed) {
    return <Empty icon="percent" title={t('history.cashbacksEmpty')} text={t('history.cashbacksEmptyText')} to="/profile/cashback" cta={t('history.toCashback')} />;
  }
  return (
    <Table footer={<ListFooter shown={list.items.length} total={list.total} more={list.more} loading={list.loading} failed={list.failed} onMore={() => void list.loadMore()} />}>
      {list.items.map((cashback) => (
        <Row
          key={cashback.id}
          testId="history-cashback"
          id={cashback.id}
          status={cashback.status}
          icon={<Icon name="percent" size={18} />}
          date={
            <>
              <DateTime iso={cashback.start_date} part="date" /> – <DateTime iso={periodLastDay(cashback.end_date)} part="date" />
            </>
          }
          title={t('history.cashbackTitle', { percent: cashback.percent })}
          text={cashback.description}
          amount={money({ amount: cashback.amount, currency: cashback.currency })}
          badge={<CashbackStatusBadge status={cashback.status} />}
        />
      ))}
    </Table>
  );
}

function Empty({ icon, title, text, to, cta }: { icon: 'gift' | 'percent'; title: string; text: string; to: string; cta: string }) {
  const localize = useLocalizedPath();
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      action={
        <ButtonLink to={localize(to)} variant="secondary" className="mt-2">
          {cta}
        </ButtonLink>
      }
    />
  );
}

function Table({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation('bonuses');
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-3xl border border-white/5 bg-ink-850/70">
        <div className="hidden grid-cols-[180px_minmax(0,1fr)_130px_130px] gap-4 border-b border-white/5 px-5 py-3 text-xs font-semibold tracking-wider text-ink-400 uppercase laptop:grid">
          <span>{t('history.date')}</span>
          <span>{t('history.description')}</span>
          <span className="text-right">{t('history.amount')}</span>
          <span>{t('history.status')}</span>
        </div>
        <ul className="divide-y divide-white/5">{children}</ul>
      </div>
      {footer}
    </div>
  );
}

function Row(props: { testId: string; id: number; status: string; icon: ReactNode; date: ReactNode; title: string; text: string; amount: string; badge: ReactNode }) {
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-4 tablet:px-5 laptop:grid-cols-[180px_minmax(0,1fr)_130px_130px]"
      data-testid={props.testId}
      data-id={props.id}
      data-status={props.status}
    >
      <span className="order-3 text-xs text-ink-400 tabular-nums laptop:order-none laptop:text-sm laptop:text-ink-200">{props.date}</span>
      <span className="order-1 flex min-w-0 items-center gap-3 laptop:order-none">
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-gold-500/10 text-gold-300 ring-1 ring-gold-400/20">{props.icon}</span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-white">{props.title}</span>
          <span className="block text-xs text-ink-400">{props.text}</span>
        </span>
      </span>
      <span className="order-2 text-right text-base font-extrabold text-white tabular-nums laptop:order-none">{props.amount}</span>
      <span className="order-4 justify-self-end laptop:order-none laptop:justify-self-start">{props.badge}</span>
    </li>
  );
}

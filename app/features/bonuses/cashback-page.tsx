import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashbackView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money } from '../cashier/format.ts';
import { DateTime } from '../cashier/parts.tsx';
import { useRefreshBalance } from '../cashier/use-balance.ts';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { useToasts } from '../toasts/store.ts';
import { useClock } from '../tournaments/use-clock.ts';
import { CashbackStatusBadge, ListFooter, TimeLeft, errorText } from './parts.tsx';
import { PROFILE_PAGE_SIZE, canPayOut, periodLastDay, type Page } from './rules.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';

export type CashbackData = { cashbacks: Page<CashbackView> | null; now: number };

const STEPS = ['play', 'count', 'claim'] as const;

/**
 * /profile/cashback: the player's cashbacks, newest period first: the period, the net loss, the
 * percent and what comes back; an active one has "Pay out" (cashbacks/payout, into the main
 * balance) until its claim window closes; a paid one says when.
 */
export function CashbackPage({ data }: { data: CashbackData }) {
  const { t } = useTranslation('bonuses');
  const localize = useLocalizedPath();
  const now = useClock(data.now);
  const refreshBalance = useRefreshBalance();
  const showToast = useToasts((state) => state.show);
  const list = usePagedList<CashbackView>('cashbacks/get', {}, data.cashbacks, PROFILE_PAGE_SIZE);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<{ id: number; message: string } | null>(null);

  async function payOut(cashback: CashbackView) {
    setBusy(cashback.id);
    setError(null);
    try {
      const paid = await api<CashbackView>('cashbacks/payout', { body: { cashback_id: cashback.id } });
      list.replace(paid, true);
      void refreshBalance();
      showToast({ kind: 'success', title: t('toast.paidOut', { amount: money({ amount: paid.amount, currency: paid.currency }) }) });
    } catch (failure) {
      setError({ id: cashback.id, message: errorText(failure, t, 'cashback_id') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div data-testid="page-profile.cashback">
      <PageMeta title={t('cashback.title')} description={t('cashback.subtitle')} />
      <PageHeading title={t('cashback.title')} subtitle={t('cashback.subtitle')} />

      <section
        aria-label={t('cashback.howTitle')}
        className="relative mb-6 overflow-hidden rounded-3xl bg-ink-800 p-5 ring-1 ring-white/10 tablet:p-6"
        data-testid="cashback-how"
      >
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(80%_140%_at_100%_0%,rgba(124,92,255,0.3),transparent_60%),radial-gradient(60%_120%_at_0%_100%,rgba(245,184,46,0.16),transparent_60%)]" />
        <div className="relative">
          <h2 className="text-lg font-bold">{t('cashback.howTitle')}</h2>
          <ol className="mt-4 grid gap-3 tablet:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex items-start gap-3 rounded-2xl bg-ink-900/50 p-3.5 ring-1 ring-white/5">
                <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-gold-500/15 text-sm font-bold text-gold-300 ring-1 ring-gold-400/30">{index + 1}</span>
                <span className="text-sm leading-relaxed text-ink-200">{t(`cashback.how.${step}`)}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {!list.items.length && !list.failed ? (
        <EmptyState
          icon="percent"
          title={t('cashback.emptyTitle')}
          text={t('cashback.emptyText')}
          action={
            <ButtonLink to={localize('/promotions')} variant="secondary" className="mt-2">
              {t('cashback.emptyCta')}
            </ButtonLink>
          }
        />
      ) : (
        <section aria-label={t('cashback.listTitle')} data-testid="cashback-list">
          <ul className="space-y-3">
            {list.items.map((cashback) => (
              <CashbackRow
                key={cashback.id}
                cashback={cashback}
                now={now}
                busy={busy === cashback.id}
                error={error?.id === cashback.id ? error.message : null}
                onPayOut={() => void payOut(cashback)}
              />
            ))}
          </ul>
          <ListFooter shown={list.items.length} total={list.total} more={list.more} loading={list.loading} failed={list.failed} onMore={() => void list.loadMore()} />
        </section>
      )}
    </div>
  );
}

function CashbackRow({ cashback, now, busy, error, onPayOut }: { cashback: CashbackView; now: number; busy: boolean; error: string | null; onPayOut: () => void }) {
  const { t } = useTranslation('bonuses');
  const amount = (value: string) => money({ amount: value, currency: cashback.currency });
  const claimable = canPayOut(cashback, now);
  return (
    <li
      className={clsx(
        'rounded-3xl bg-ink-850/80 p-4 ring-1 tablet:p-5',
        claimable ? 'bg-gradient-to-r from-gold-500/10 via-ink-850 to-ink-850 ring-gold-400/30' : 'ring-white/5',
      )}
      data-testid="cashback-row"
      data-id={cashback.id}
      data-status={cashback.status}
    >
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 tablet:grid-cols-[auto_minmax(0,1fr)_auto]">
        <span
          className={clsx(
            'grid h-12 w-12 place-items-center rounded-2xl ring-1',
            claimable ? 'bg-gradient-to-br from-gold-400/30 to-violet-500/30 text-gold-300 ring-white/15' : 'bg-white/5 text-ink-300 ring-white/10',
          )}
          aria-hidden="true"
        >
          <Icon name="percent" size={22} />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-sm font-bold text-white tabular-nums" data-testid="cashback-period">
              <DateTime iso={cashback.start_date} part="date" /> – <DateTime iso={periodLastDay(cashback.end_date)} part="date" />
            </span>
            <CashbackStatusBadge status={cashback.status} />
          </p>
          <p className="mt-1 text-xs text-ink-400 tabular-nums">
            {t('cashback.figures', { loss: amount(cashback.net_loss), percent: cashback.percent })}
          </p>
        </div>
        <div className="col-span-2 flex items-center justify-between gap-4 tablet:col-span-1 tablet:justify-end">
          <p className="text-2xl font-black text-white tabular-nums" data-testid="cashback-amount">
            {amount(cashback.amount)}
          </p>
          {claimable && (
            <Button size="sm" disabled={busy} aria-busy={busy || undefined} onClick={onPayOut} data-testid="cashback-payout">
              {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" /> : <Icon name="coins" size={16} />}
              {t('actions.payOutShort')}
            </Button>
          )}
        </div>
      </div>
      <div className="mt-3 border-t border-white/5 pt-3 text-xs">
        {cashback.status === 'paid_out' && cashback.paid_out_at ? (
          <span className="inline-flex items-center gap-1.5 text-jade-400" data-testid="cashback-paid-at">
            <Icon name="check" size={14} />
            {t('cashback.paidOn')} <DateTime iso={cashback.paid_out_at} />
          </span>
        ) : claimable && cashback.receiving_expired_at ? (
          <TimeLeft iso={cashback.receiving_expired_at} now={now} label="claim" />
        ) : (
          <span className="text-ink-400">{t(cashback.status === 'active' ? 'cashback.claimOver' : 'cashback.expiredText')}</span>
        )}
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert>
            <span data-testid="cashback-error">{error}</span>
          </FormAlert>
        </div>
      )}
    </li>
  );
}

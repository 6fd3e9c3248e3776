import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { isSettled, money } from './format.ts';
import { MethodArt } from './method-art.tsx';
import { StatusBadge } from './parts.tsx';
import { useRefreshBalance } from './use-balance.ts';
import type { Transaction } from './types.ts';

/** How often a pending payment is asked about again. */
export const PENDING_POLL_MS = 3000;

/**
 * The transaction of a result page; on the pending page it is asked about every few seconds
 * until it settles, and the balance is refreshed when it does.
 */
export function usePaymentStatus(initial: Transaction | null, poll: boolean): Transaction | null {
  const refreshBalance = useRefreshBalance();
  const query = useQuery({
    queryKey: ['payment', initial?.id ?? null],
    queryFn: ({ signal }) => api<Transaction>('cashier/getdepositinfo', { query: { id: initial!.id }, signal }),
    initialData: initial ?? undefined,
    enabled: poll && !!initial,
    staleTime: 0,
    refetchInterval: (state) => (poll && state.state.data && !isSettled(state.state.data.status) ? PENDING_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
  const transaction = query.data ?? initial;
  const status = transaction?.status;
  const firstStatus = useRef(status);
  useEffect(() => {
    if (status && status !== firstStatus.current && status === 'success') void refreshBalance();
  }, [status, refreshBalance]);
  return transaction;
}

/** Amount and method of the payment a result page is about, with a link to its receipt. */
export function PaymentDetails({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('cashier');
  return (
    <div className="mt-8 w-full rounded-3xl border border-white/5 bg-ink-850/70 p-5 text-left" data-testid="payment-details">
      <div className="flex items-center gap-4">
        <MethodArt sysname={transaction.method} className="h-11 w-[68px] shrink-0 rounded-lg shadow-lg shadow-black/30" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-ink-300" data-testid="payment-method">
            {t(`methods.${transaction.method}`, { defaultValue: transaction.method })}
          </p>
          <p className="text-2xl font-black tabular-nums" data-testid="payment-amount">
            {money(transaction.amount)}
          </p>
        </div>
        <StatusBadge status={transaction.status} />
      </div>
      {transaction.status === 'failed' && transaction.failure && (
        <p className="mt-4 rounded-2xl bg-ruby-500/10 px-4 py-3 text-sm text-ink-100 ring-1 ring-ruby-500/25" data-testid="payment-failure" data-type={transaction.failure.type}>
          <strong className="block font-bold text-ruby-400">{t(`errors.types.${transaction.failure.type}`, { defaultValue: '' })}</strong>
          {transaction.failure.message}
        </p>
      )}
      <div className="mt-4 flex items-center justify-between gap-3 border-t border-white/5 pt-3 text-xs text-ink-400">
        <span className="truncate font-mono">{transaction.id}</span>
        <LocalLink to={`/cashier/receipt?id=${encodeURIComponent(transaction.id)}`} className="shrink-0 font-semibold text-gold-300 hover:text-gold-400" data-testid="payment-receipt">
          {t('history.receipt')}
        </LocalLink>
      </div>
    </div>
  );
}

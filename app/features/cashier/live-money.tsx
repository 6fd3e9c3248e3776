import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import { formatMinor, isCurrency } from '../../../contract/money.ts';
import { connectLive, useLiveEvent } from '../../lib/live.ts';
import { useRootData } from '../../lib/locale.ts';
import { useToasts } from '../toasts/store.ts';
import { balanceQueryKey } from './use-balance.ts';
import type { Balances } from './types.ts';

type BalanceEvent = { account: string; currency: string; balance: string; transactionId: number | null };
type CashierNotice = { kind: 'deposit' | 'withdrawal'; status: string; amount: string; currency: string };

const FIELD: Record<string, keyof Balances> = { main: 'balance_main', bonus: 'balance_bonus', betting_bonus: 'balance_betting_bonus', fun: 'balance_fun' };

/**
 * The player's money, live (docs/architecture.md, events): opens the page's live stream, writes
 * each balance the server sends into the balance query (the header and cashier read it), shows
 * cashier notices as toasts, and refetches after a `resync`. Mounted once (app-providers).
 */
export function LiveMoney() {
  const root = useRootData();
  const client = useQueryClient();
  const { t } = useTranslation('cashier');
  const show = useToasts((state) => state.show);
  const user = root?.user;
  const uid = user && isLoggedIn(user) ? user.uid : null;
  // Per account, the newest ledger transaction applied: an older balance arriving late is skipped.
  const applied = useRef(new Map<string, number>());
  const seen = useRef(new Set<string>());

  useEffect(() => {
    applied.current.clear();
    connectLive(uid);
  }, [uid]);

  const onBalance = useCallback(
    (raw: unknown) => {
      const event = raw as BalanceEvent;
      const field = FIELD[event.account];
      if (uid === null || !field || !isCurrency(event.currency)) return;
      if (event.transactionId !== null) {
        if ((applied.current.get(event.account) ?? 0) > event.transactionId) return;
        applied.current.set(event.account, event.transactionId);
      }
      const amount = formatMinor(BigInt(event.balance), event.currency);
      client.setQueryData<Balances>(balanceQueryKey(uid), (current) => (current ? { ...current, [field]: { amount, currency: event.currency } } : current));
    },
    [client, uid],
  );

  const onNotice = useCallback(
    (raw: unknown, id: string) => {
      const notice = raw as CashierNotice;
      if (seen.current.has(id) || !isCurrency(notice.currency)) return;
      seen.current.add(id);
      const amount = formatMoney(Number(formatMinor(BigInt(notice.amount), notice.currency)), notice.currency);
      if (notice.kind === 'deposit') show({ kind: 'success', title: t('live.depositCredited', { amount }) });
      else if (notice.status === 'approved') show({ kind: 'success', title: t('live.withdrawalPaid', { amount }) });
      else show({ kind: 'info', title: t('live.withdrawalDeclined', { amount }) });
    },
    [show, t],
  );

  const onResync = useCallback(() => {
    if (uid !== null) void client.refetchQueries({ queryKey: balanceQueryKey(uid), type: 'active' });
  }, [client, uid]);

  useLiveEvent('balance', onBalance);
  useLiveEvent('notice', onNotice);
  useLiveEvent('resync', onResync);
  return null;
}

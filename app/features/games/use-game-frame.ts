import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { readParentMessage } from '../../../contract/game-frame.ts';
import { api } from '../../lib/api-client.ts';
import { balanceQueryKey } from '../cashier/use-balance.ts';
import type { Balances } from '../cashier/types.ts';

/** The header balance settles with getBalance this long after the last round message. */
const RECONCILE_MS = 1500;

/**
 * The game page's side of the frame messages (contract/game-frame.ts), from its own frame on the
 * site's origin only: `checkIframe` opens the address in the page itself; `croupier:balance`
 * writes the new balance into the header's balance (balance polling is off on game pages, spec 2
 * section 4) and asks getBalance once things are quiet, for the other balances.
 */
export function useGameFrameMessages(frame: RefObject<HTMLIFrameElement | null>, uid: number) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = readParentMessage(event.data);
      if (!message) return;
      if (message.kind === 'navigate') {
        void navigate(message.path);
        return;
      }
      if (message.kind !== 'balance' || uid <= 0) return;
      const key = message.mode === 'real' ? 'balance_main' : 'balance_fun';
      client.setQueryData<Balances>(balanceQueryKey(uid), (current) =>
        current ? { ...current, [key]: { amount: message.balance, currency: message.currency } } : current,
      );
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void client
          .fetchQuery({ queryKey: balanceQueryKey(uid), queryFn: () => api<Balances>('getBalance'), staleTime: 0 })
          .catch(() => {});
      }, RECONCILE_MS);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer.current);
    };
  }, [client, frame, navigate, uid]);
}

/** How often the header balance is read while a third-party game plays in real money. */
const THIRD_PARTY_POLL_MS = 10_000;

/**
 * The balance beside a third-party game (docs/aggregator.md): its page is another site's, so
 * nothing it says is believed. A message from the frame (any shape Hub88-style games send, such
 * as the demo aggregator's `aggregator:balance-changed`) only makes the page read getBalance
 * soon; a slow poll catches games that say nothing. Real money only: demo rounds move the
 * aggregator's own fun money.
 */
export function useThirdPartyBalance(frame: RefObject<HTMLIFrameElement | null>, uid: number, active: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active || uid <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reread = () =>
      void client.fetchQuery({ queryKey: balanceQueryKey(uid), queryFn: () => api<Balances>('getBalance'), staleTime: 0 }).catch(() => {});
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      clearTimeout(timer);
      timer = setTimeout(reread, 300);
    };
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') reread();
    }, THIRD_PARTY_POLL_MS);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      clearInterval(poll);
    };
  }, [active, client, frame, uid]);
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DialogHost } from '../dialogs/dialog-host.tsx';
import { ToastHost } from '../toasts/toast-host.tsx';
import { HashScroll } from './hash-scroll.tsx';
import { QueryFlags } from './query-flags.tsx';
import { SessionHost } from '../session/session-host.tsx';
import { LiveMoney } from '../cashier/live-money.tsx';
import { PromotionsHost } from '../promotions/promotions-host.tsx';
import { CashbackPopupHost } from '../bonuses/cashback-popup-host.tsx';

/** Client-wide providers and hosts shared by every page and the error page. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DialogHost />
      <ToastHost />
      <QueryFlags />
      <CashbackPopupHost />
      <PromotionsHost />
      <SessionHost />
      <LiveMoney />
      <HashScroll />
    </QueryClientProvider>
  );
}

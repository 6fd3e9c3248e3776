import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { isLoggedIn } from '../../../contract/api.ts';
import { useRootData } from '../../lib/locale.ts';
import { DialogHost } from '../dialogs/dialog-host.tsx';
import { ToastHost } from '../toasts/toast-host.tsx';
import { HashScroll } from './hash-scroll.tsx';
import { QueryFlags } from './query-flags.tsx';
import { SessionHost } from '../session/session-host.tsx';
import { TelegramGate } from '../telegram/telegram-gate.tsx';
// A player's live money is no guest's business: its code (and the balance query's) loads only
// for a signed-in player, which keeps it off a guest's first load (the home page's JS budget).
const LiveMoney = lazy(() => import('../cashier/live-money.tsx').then((module) => ({ default: module.LiveMoney })));
// Loyalty notices likewise: only a signed-in player has any (spec 2 section 4).
const LoyaltyNotices = lazy(() => import('../loyalty/loyalty-notices.tsx').then((module) => ({ default: module.LoyaltyNotices })));
// A verification decision told live (docs/verification.md): signed-in players only.
const VerificationNotices = lazy(() => import('../verification/verification-notices.tsx').then((module) => ({ default: module.VerificationNotices })));
import { PromotionsHost } from '../promotions/promotions-host.tsx';
import { CashbackPopupHost } from '../bonuses/cashback-popup-host.tsx';

/** Client-wide providers and hosts shared by every page and the error page. */
export function AppProviders({ children }: { children: ReactNode }) {
  const root = useRootData();
  const signedIn = isLoggedIn(root?.user);
  const loyalty = signedIn && root?.config.features.loyalty !== false;
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
      <TelegramGate />
      {signedIn && (
        <Suspense fallback={null}>
          <LiveMoney />
        </Suspense>
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <VerificationNotices uid={root!.user.uid} />
        </Suspense>
      )}
      {loyalty && (
        <Suspense fallback={null}>
          <LoyaltyNotices uid={root!.user.uid} />
        </Suspense>
      )}
      <HashScroll />
    </QueryClientProvider>
  );
}

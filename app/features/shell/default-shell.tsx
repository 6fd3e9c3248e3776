import type { ReactNode } from 'react';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { ChatLauncher } from '../chat/launcher.tsx';
import { PageLoader } from './page-loader.tsx';

export function DefaultShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PageLoader />
      <Header />
      <main id="main" className="mx-auto w-full max-w-[1600px] flex-1 px-4 pt-6 laptop:px-6 laptop:pt-8">
        {children}
      </main>
      <Footer />
      <MobileNav />
      <ChatLauncher />
    </div>
  );
}

export function EmptyShell({ children }: { children: ReactNode }) {
  return (
    <main className="relative grid min-h-dvh place-items-center overflow-hidden px-4 py-10">
      <div className="pointer-events-none absolute -top-40 left-1/2 h-[520px] w-[820px] -translate-x-1/2 rounded-full bg-violet-600/25 blur-[120px]" />
      <div className="relative w-full max-w-md">{children}</div>
    </main>
  );
}

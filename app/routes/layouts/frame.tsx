import { Outlet } from 'react-router';

/**
 * The play frame's layout (/platform/game/{sysname}/play): no site header or footer, the whole
 * viewport a dark game canvas. The game page frames it; it also stands on its own.
 */
export default function FrameLayout() {
  return (
    <main className="relative flex h-dvh min-h-[480px] flex-col overflow-hidden bg-ink-950 text-ink-100" data-testid="frame-layout">
      <Outlet />
    </main>
  );
}

/**
 * Registers /sw.js (built by scripts/webapp/service-worker.ts) and follows its states, written on
 * <html data-sw="..."> for tests and support: "offline-ready" once the first worker has
 * precached the shell, "updated" when a new build took over, "error" when registration failed
 * (spec 2 section 8: a flag, no message for the player).
 *
 * A new build's worker takes over at once; the page then reloads so its code matches the
 * worker's precache (spec 2 section 4: "a worker update reloads the page"). Not while a game is
 * open: the reload waits for the next navigation there.
 */
const GAME_PATH = /^(\/fr)?\/(game|platform)\//;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const root = document.documentElement;
  // The first worker also claims the page; only a change from one worker to another is an update.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) return;
    root.dataset.sw = 'updated';
    if (!GAME_PATH.test(location.pathname)) location.reload();
  });
  navigator.serviceWorker.register('/sw.js').then(
    // A blocked worker (Playwright's serviceWorkers: 'block', some privacy modes) resolves without a registration.
    (registration: ServiceWorkerRegistration | undefined) => {
      const ready = () => {
        if (!hadController && registration?.active) root.dataset.sw = 'offline-ready';
      };
      ready();
      void navigator.serviceWorker.ready.then(ready);
    },
    () => {
      root.dataset.sw = 'error';
    },
  );
}

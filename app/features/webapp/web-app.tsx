import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { installMethod, platformType, readPlatformSignals } from './platform.ts';
import { registerServiceWorker } from './register-service-worker.ts';
import { DISMISSED_KEY, isDismissed, type InstallPromptEvent } from './install-state.ts';

// The banner's code loads only for a browser that can install and has not said no: the home
// page's JS budget carries just this file.
const InstallBanner = lazy(() => import('./install-banner.tsx'));

// Chromium fires beforeinstallprompt once, possibly before React hydrates: keep it from the start.
let deferredPrompt: InstallPromptEvent | null = null;
const promptListeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    promptListeners.forEach((listener) => listener());
  });
}

// Installing is offered on browsing pages, not over a game, a payment or a sign-in form.
const QUIET_PATH = /^(\/fr)?\/(game|platform|cashier|forms|unsubscribe)(\/|$)/;

const OFFER_DELAY_MS = 1500;

type Offer = { mode: 'prompt'; event: InstallPromptEvent } | { mode: 'ios-steps' };

/** The web-app side of every page: the service worker (production builds) and the install offer. */
export function WebApp() {
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    // After the page's own load, so the worker's precaching never competes with it.
    if (import.meta.env.PROD) {
      if (document.readyState === 'complete') registerServiceWorker();
      else addEventListener('load', registerServiceWorker, { once: true });
    }
    const method = installMethod(platformType(readPlatformSignals()), navigator.userAgent);
    if (!method || isDismissed(localStorage.getItem(DISMISSED_KEY), Date.now())) return;
    const take = () => {
      if (method === 'ios-steps') setOffer({ mode: 'ios-steps' });
      else if (deferredPrompt) setOffer({ mode: 'prompt', event: deferredPrompt });
    };
    // A moment after arrival, once the page has settled, not in the player's face.
    const timer = setTimeout(() => {
      take();
      promptListeners.add(take);
    }, OFFER_DELAY_MS);
    const installed = () => setOffer(null);
    addEventListener('appinstalled', installed);
    return () => {
      clearTimeout(timer);
      promptListeners.delete(take);
      removeEventListener('appinstalled', installed);
    };
  }, []);

  if (!offer || QUIET_PATH.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner
        offer={offer}
        onClose={(remember) => {
          if (remember) localStorage.setItem(DISMISSED_KEY, String(Date.now()));
          deferredPrompt = null;
          setOffer(null);
        }}
      />
    </Suspense>
  );
}

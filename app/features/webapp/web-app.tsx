import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { installMethod, platformType, readPlatformSignals } from './platform.ts';
import { registerServiceWorker } from './register-service-worker.ts';
import { DISMISSED_KEY, isDismissed, type InstallPromptEvent } from './install-state.ts';
import type { InstallPrompts } from './install-prompt.ts';

// The banner's code loads only for a browser that can install and has not said no.
const InstallBanner = lazy(() => import('./install-banner.tsx'));

// Installing is offered on browsing pages, not over a game, a payment or a sign-in form.
const QUIET_PATH = /^(\/fr)?\/(game|platform|cashier|forms|unsubscribe)(\/|$)/;

const OFFER_DELAY_MS = 1500;

type Offer = { mode: 'prompt'; event: InstallPromptEvent } | { mode: 'ios-steps' };

/**
 * The web-app side of every page: the service worker (production builds) and the install offer.
 * Loaded once the page has loaded (web-app-gate.tsx), so none of it weighs on the first load.
 */
export default function WebAppFeatures({ prompts }: { prompts: InstallPrompts }) {
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    // The gate mounts this after the page's own load: the worker's precaching never competes with it.
    if (import.meta.env.PROD) registerServiceWorker();
    const method = installMethod(platformType(readPlatformSignals()), navigator.userAgent);
    if (!method || isDismissed(localStorage.getItem(DISMISSED_KEY), Date.now())) return;
    const take = () => {
      if (method === 'ios-steps') setOffer({ mode: 'ios-steps' });
      else {
        const event = prompts.current();
        if (event) setOffer({ mode: 'prompt', event });
      }
    };
    // A moment after arrival, once the page has settled, not in the player's face.
    let stopListening = () => {};
    const timer = setTimeout(() => {
      take();
      stopListening = prompts.subscribe(take);
    }, OFFER_DELAY_MS);
    const installed = () => setOffer(null);
    addEventListener('appinstalled', installed);
    return () => {
      clearTimeout(timer);
      stopListening();
      removeEventListener('appinstalled', installed);
    };
  }, [prompts]);

  if (!offer || QUIET_PATH.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner
        offer={offer}
        onClose={(remember) => {
          if (remember) localStorage.setItem(DISMISSED_KEY, String(Date.now()));
          prompts.forget();
          setOffer(null);
        }}
      />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
// Loaded with every page: it keeps Chromium's early install prompt.
import { installPrompts } from './install-prompt.ts';

// The service worker and the install offer wait for the page's own load, and so does their code:
// the home page's first load (its JS budget) carries only this gate.
const WebAppFeatures = lazy(() => import('./web-app.tsx'));

/** The web-app side of every page (mounted once in the root), loaded after the page. */
export function WebApp() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const show = () => setLoaded(true);
    if (document.readyState === 'complete') {
      const timer = setTimeout(show, 0);
      return () => clearTimeout(timer);
    }
    addEventListener('load', show, { once: true });
    return () => removeEventListener('load', show);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <WebAppFeatures prompts={installPrompts} />
    </Suspense>
  );
}

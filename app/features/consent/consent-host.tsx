import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnalyticIds } from '../../../contract/analytics.ts';
import { useRootData } from '../../lib/locale.ts';

// The banner's code and texts load only when it shows (the home page's JS budget): a player who
// chose, or a site without analytics ids, never fetches them.
const ConsentBanner = lazy(() => import('./consent-banner.tsx'));

/** The footer's link dispatches this on window to show the banner again. */
const OPEN_EVENT = 'croupier:consent';

/**
 * The analytics consent (docs/analytics.md): shown while the operator has set an analytics id
 * and the player has not chosen (the server read the cookie, so a chosen page renders without it),
 * or again from the footer's link.
 */
export function ConsentHost() {
  const root = useRootData();
  const [open, setOpen] = useState(root?.consent === null);
  const [reopened, setReopened] = useState(false);
  useEffect(() => {
    const show = () => {
      setOpen(true);
      setReopened(true);
    };
    window.addEventListener(OPEN_EVENT, show);
    return () => window.removeEventListener(OPEN_EVENT, show);
  }, []);
  if (!open || !root || !hasAnalyticIds(root.general.analytic)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner ids={root.general.analytic} nonce={root.nonce} consent={root.consent} focus={reopened} onClose={() => setOpen(false)} />
    </Suspense>
  );
}

/** "Cookie settings", a footer list item: there only while an analytics id is set. */
export function ConsentLink({ className }: { className: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!hasAnalyticIds(root?.general.analytic)) return null;
  return (
    <li>
      <button type="button" className={className} data-testid="consent-settings" onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))}>
        {t('footer.links.consent')}
      </button>
    </li>
  );
}

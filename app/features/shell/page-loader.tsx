import { lazy, Suspense } from 'react';
import { useNavigation } from 'react-router';

/** Its code arrives with the first navigation that waits: nothing of it is part of a page's first load. */
const LoadingBadge = lazy(() => import('./loading-badge.tsx'));

/**
 * The page loader (site configuration `loader`): while a navigation waits for its page's data
 * longer than LOADER_DELAY_MS, a bar runs along the top and a badge shows `loader.loaderLogo`,
 * with the estimated percentage when `loader.showPercentProgress` is on (contract/site-switches.ts).
 */
export function PageLoader() {
  const navigation = useNavigation();
  // Mounted for each navigation that waits, so its clock starts with it.
  return navigation.state === 'loading' ? (
    <Suspense fallback={null}>
      <LoadingBadge />
    </Suspense>
  ) : null;
}

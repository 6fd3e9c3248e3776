import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADER_DELAY_MS, loaderPercent } from '../../../contract/site-switches.ts';
import { useRootData } from '../../lib/locale.ts';

/** The page loader's bar and badge (page-loader.tsx), mounted for each navigation that waits, so its clock starts with it. */
export default function LoadingBadge() {
  const { t } = useTranslation();
  const loader = useRootData()?.config.loader;
  const [started] = useState(() => performance.now());
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setElapsed(performance.now() - started), 100);
    return () => window.clearInterval(timer);
  }, [started]);

  if (elapsed < LOADER_DELAY_MS) return null;
  const percent = loaderPercent(elapsed);
  const showPercent = loader?.showPercentProgress ?? false;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60]" data-testid="page-loader">
      <div className="h-0.5 bg-gold-400 transition-[width] duration-200 ease-out" style={{ width: `${percent}%` }} />
      <div className="mx-auto mt-2 flex w-max items-center gap-2 rounded-full bg-ink-900/95 px-3 py-1.5 text-xs font-semibold text-ink-100 shadow-lg ring-1 ring-white/10">
        <img src={loader?.loaderLogo ?? '/brand/logo-mark.svg'} alt="" className="h-5 w-5 animate-pulse" data-testid="page-loader-logo" />
        {showPercent ? <span className="tabular-nums" data-testid="page-loader-percent">{percent}%</span> : <span className="sr-only">{t('pageLoading')}</span>}
      </div>
    </div>
  );
}

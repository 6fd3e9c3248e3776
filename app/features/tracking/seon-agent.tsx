import { useEffect } from 'react';
import { useRootData } from '../../lib/locale.ts';

/**
 * SEON's device agent, only while the site runs SEON (general info's `is_seon_enabled`; docs/devices.md):
 * loaded after the page with the response's CSP nonce, it collects its session, which is kept
 * for the `/hit` and sent with the sign-up, the sign-in and the deposit. Without SEON nothing
 * is loaded; the loader itself is imported only then, so pages without SEON carry none of it.
 */
export function SeonAgent() {
  const root = useRootData();
  const src = root?.seonAgent ?? null;
  const nonce = root?.nonce;
  useEffect(() => {
    if (src) void import('./seon-load.ts').then((loader) => loader.loadSeonAgent(src, nonce)).catch(() => undefined);
  }, [src, nonce]);
  return null;
}

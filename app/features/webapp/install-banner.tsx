import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useWebappT } from './i18n.ts';
import type { InstallPromptEvent } from './install-state.ts';

type Offer = { mode: 'prompt'; event: InstallPromptEvent } | { mode: 'ios-steps' };

/**
 * The install offer: a card above the mobile tab bar (bottom right on wide screens). Chromium
 * browsers get an Install button that opens the browser's own dialog; Safari on iPhone and iPad,
 * which has no such dialog, gets the three Share-sheet steps. "Not now" is remembered.
 */
export default function InstallBanner({ offer, onClose }: { offer: Offer; onClose: (remember: boolean) => void }) {
  const { t } = useWebappT();
  const [busy, setBusy] = useState(false);

  async function install() {
    if (offer.mode !== 'prompt') return;
    setBusy(true);
    try {
      await offer.event.prompt();
      const { outcome } = await offer.event.userChoice;
      // The browser's prompt can be used once; a refusal there counts as "not now".
      onClose(outcome === 'dismissed');
    } catch {
      onClose(false);
    }
  }

  return (
    <aside
      role="dialog"
      aria-labelledby="install-title"
      data-testid="install-banner"
      data-mode={offer.mode}
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-50 mx-auto max-w-md rounded-2xl bg-ink-850/95 p-4 shadow-2xl shadow-black/60 ring-1 ring-white/10 backdrop-blur-xl laptop:inset-x-auto laptop:right-6 laptop:bottom-6 laptop:w-96"
    >
      <button
        type="button"
        onClick={() => onClose(true)}
        aria-label={t('install.close')}
        className="absolute top-2 right-2 grid h-9 w-9 place-items-center rounded-lg text-ink-400 hover:bg-white/5 hover:text-white"
      >
        <Icon name="close" size={18} />
      </button>
      <div className="flex items-start gap-3 pr-8">
        <img src="/brand/icon-192.png" alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl shadow-lg shadow-violet-600/30" />
        <div className="min-w-0">
          <p id="install-title" className="font-bold text-white">
            {t(offer.mode === 'prompt' ? 'install.title' : 'install.iosTitle')}
          </p>
          {offer.mode === 'prompt' && <p className="mt-1 text-sm leading-snug text-ink-300">{t('install.text')}</p>}
        </div>
      </div>
      {offer.mode === 'prompt' ? (
        <div className="mt-4 flex gap-2">
          <Button variant="ghost" size="sm" className="flex-1" onClick={() => onClose(true)} data-testid="install-dismiss">
            {t('install.dismiss')}
          </Button>
          <Button size="sm" className="flex-1" onClick={() => void install()} disabled={busy} data-testid="install-button">
            <Icon name="download" size={16} />
            {t('install.button')}
          </Button>
        </div>
      ) : (
        <>
          <ol className="mt-3 space-y-2 text-sm text-ink-200">
            <Step n={1} icon={<ShareGlyph />}>
              {t('install.iosStep1')}
            </Step>
            <Step n={2} icon={<AddGlyph />}>
              {t('install.iosStep2')}
            </Step>
            <Step n={3}>{t('install.iosStep3')}</Step>
          </ol>
          <Button variant="ghost" size="sm" className="mt-3 w-full" onClick={() => onClose(true)} data-testid="install-dismiss">
            {t('install.dismiss')}
          </Button>
        </>
      )}
    </aside>
  );
}

function Step({ n, icon, children }: { n: number; icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-violet-500/20 text-xs font-bold text-violet-400">{n}</span>
      <span className="flex-1">{children}</span>
      {icon && <span className="text-violet-400">{icon}</span>}
    </li>
  );
}

/** Safari's Share symbol (a box with an arrow up), so the player recognises the button. */
function ShareGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 11H6a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-2" />
    </svg>
  );
}

function AddGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </svg>
  );
}

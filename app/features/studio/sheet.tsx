import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { useLatest } from './hooks.ts';

/**
 * A panel sliding over the game from the right (paytable, provably fair): Escape or the backdrop
 * closes it, focus moves into it and back to the game afterwards.
 */
export function Sheet({ title, open, onClose, children, testId }: { title: string; open: boolean; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('studio');
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useLatest(onClose);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, close]);
  if (!open) return null;
  // On the body: the game's own stacking contexts must not cover it.
  return createPortal(
    <div className="fixed inset-0 z-40 flex justify-end" data-testid={testId}>
      <button type="button" aria-label={t('close')} tabIndex={-1} className="absolute inset-0 bg-black/60 backdrop-blur-[2px]" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="studio-sheet relative flex h-full w-full max-w-md flex-col bg-ink-900/98 shadow-2xl ring-1 ring-white/10 outline-none"
      >
        <header className="flex items-center gap-3 border-b border-white/5 px-5 py-4">
          <h2 id={headingId} className="text-lg font-extrabold tracking-tight text-white">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label={t('close')} className="ml-auto grid h-9 w-9 place-items-center rounded-full bg-white/5 text-ink-200 hover:bg-white/10 hover:text-white">
            <Icon name="close" size={18} />
          </button>
        </header>
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

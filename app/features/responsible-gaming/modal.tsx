import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog> (decision 003): the rest of the page, a game frame included, is
 * inert while it is open. `onDismiss` (Escape, the backdrop) is left out where the player must
 * answer (the reality check).
 */
export function Modal({ open, label, onDismiss, children, testId }: { open: boolean; label: string; onDismiss?: () => void; children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss?.();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onDismiss?.();
      }}
      className="fixed inset-0 m-auto h-fit max-h-[92dvh] w-[min(94vw,460px)] overflow-visible bg-transparent p-0 text-ink-100 backdrop:bg-ink-950/80 backdrop:backdrop-blur-sm"
    >
      {open && <div className="rounded-3xl border border-white/10 bg-ink-850 p-6 shadow-2xl shadow-black/60">{children}</div>}
    </dialog>
  );
}

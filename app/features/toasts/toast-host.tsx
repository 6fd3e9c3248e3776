import clsx from 'clsx';
import { useToasts } from './store.ts';

/** The toast area sits under the header. */
export function ToastHost() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div
      className="pointer-events-none fixed top-[calc(var(--header-height)+12px)] right-4 z-[60] flex w-[min(92vw,360px)] flex-col gap-2"
      aria-live="polite"
      data-testid="toast-area"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={clsx(
            'pointer-events-auto rounded-xl bg-ink-800 p-4 shadow-xl ring-1',
            toast.kind === 'success' && 'ring-jade-500/50',
            toast.kind === 'error' && 'ring-ruby-500/50',
            toast.kind === 'info' && 'ring-white/10',
          )}
          onClick={() => dismiss(toast.id)}
        >
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.message && <p className="mt-1 text-sm text-ink-300">{toast.message}</p>}
        </div>
      ))}
    </div>
  );
}

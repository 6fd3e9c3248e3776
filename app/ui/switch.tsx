import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

/**
 * An on/off switch (a button with role="switch"): gold when on. Give it an accessible name with
 * `aria-label` or `aria-labelledby`; `busy` dims it while a change is being saved.
 */
export function Switch({
  checked,
  onCheckedChange,
  busy = false,
  className,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => onCheckedChange(!checked)}
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full p-0.5 ring-1 transition',
        'disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-gradient-to-b from-gold-400 to-gold-600 ring-gold-400/50' : 'bg-ink-700 ring-white/10 hover:bg-ink-600',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'block h-6 w-6 rounded-full shadow transition-transform',
          checked ? 'translate-x-5 bg-ink-950' : 'translate-x-0 bg-ink-200',
        )}
      />
    </button>
  );
}

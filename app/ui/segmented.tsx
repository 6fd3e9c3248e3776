import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A small single-choice switch (radio group look-alike): e-mail or phone, casino or betting ...
 * Arrow keys move the choice, as in a native radio group.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
  testId,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
  testId?: string;
}) {
  const move = (step: number) => {
    const index = options.findIndex((option) => option.value === value);
    const next = options[(index + step + options.length) % options.length];
    if (next) onChange(next.value);
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      className={clsx('flex rounded-xl bg-ink-900 p-1 ring-1 ring-white/5', className)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
          event.preventDefault();
          move(1);
        } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
          event.preventDefault();
          move(-1);
        }
      }}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option.value)}
            className={clsx(
              'flex h-9 flex-1 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition',
              selected ? 'bg-ink-700 text-white shadow ring-1 ring-white/10' : 'text-ink-400 hover:text-ink-200',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

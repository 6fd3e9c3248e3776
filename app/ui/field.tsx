import clsx from 'clsx';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * Form fields of the design system. Each shows its label, an optional hint, and its error in
 * place of the hint; an erroneous field is marked aria-invalid and described by its message.
 */
type FieldChrome = { label: ReactNode; error?: string | null; hint?: ReactNode; trailing?: ReactNode };

const inputClass = (error?: string | null) =>
  clsx(
    'h-12 w-full rounded-xl bg-ink-900 px-4 text-base text-ink-100 ring-1 transition outline-none placeholder:text-ink-500',
    'focus:ring-2 disabled:opacity-60',
    error ? 'ring-ruby-500 focus:ring-ruby-400' : 'ring-white/10 hover:ring-white/20 focus:ring-gold-400',
  );

function Chrome({ id, label, error, hint, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink-200">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-message`} role="alert" className="text-sm text-ruby-400" data-testid="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-message`} className="text-xs text-ink-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldChrome & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, trailing, className, id: givenId, ...props },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Chrome id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-message` : undefined}
          className={clsx(inputClass(error), trailing && 'pr-12', className)}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div>}
      </div>
    </Chrome>
  );
});

/**
 * An amount or a count typed on a phone's number pad: the value comes back without the spaces a
 * pasted "1 000" carries, and an optional unit (a currency code) sits at the field's end.
 */
export const NumberField = forwardRef<
  HTMLInputElement,
  FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { onValue(value: string): void; unit?: string }
>(function NumberField({ onValue, unit, ...props }, ref) {
  return (
    <TextField
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      onChange={(event) => onValue(event.target.value.replace(/\s+/g, ''))}
      trailing={unit ? <span className="pr-2 text-sm font-bold text-ink-400">{unit}</span> : undefined}
      {...props}
    />
  );
});

export const PasswordField = forwardRef<HTMLInputElement, FieldChrome & InputHTMLAttributes<HTMLInputElement> & { showLabel: string; hideLabel: string }>(
  function PasswordField({ showLabel, hideLabel, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            className="rounded-lg px-2 py-1 text-xs font-semibold text-ink-300 hover:bg-white/5 hover:text-white"
            aria-pressed={visible}
          >
            {visible ? hideLabel : showLabel}
          </button>
        }
        {...props}
      />
    );
  },
);

export function SelectField({ label, error, hint, children, className, id: givenId, ...props }: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Chrome id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-message` : undefined}
          className={clsx(inputClass(error), 'cursor-pointer appearance-none pr-10', className)}
          {...props}
        >
          {children}
        </select>
        <svg
          className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-ink-400"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </div>
    </Chrome>
  );
}

export function CheckboxField({ label, error, className, id: givenId, ...props }: { label: ReactNode; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={clsx('space-y-1', className)}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm text-ink-200">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded-md accent-gold-500"
          {...props}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p role="alert" className="pl-8 text-sm text-ruby-400" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message above a form: what failed as a whole (wrong password, too many attempts ...). */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-${tone}`}
      className={clsx(
        'rounded-xl px-4 py-3 text-sm ring-1',
        tone === 'error' && 'bg-ruby-500/10 text-ruby-400 ring-ruby-500/30',
        tone === 'success' && 'bg-jade-500/10 text-jade-400 ring-jade-500/30',
        tone === 'info' && 'bg-white/5 text-ink-200 ring-white/10',
      )}
    >
      {children}
    </div>
  );
}

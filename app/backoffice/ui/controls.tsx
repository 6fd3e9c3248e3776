import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

/** The back office's small set of controls: dense, keyboard-first, readable at 1024 px. */

export function Button({ tone = 'default', className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'default' | 'primary' | 'danger' | 'quiet' }) {
  return <button type="button" {...props} className={clsx('bo-button', `bo-button-${tone}`, className)} />;
}

type FieldProps = { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, className, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={clsx('bo-field', className)}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      {hint && !error && <p className="bo-hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="bo-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextArea({ label, error, className, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={clsx('bo-field', className)}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={error ? true : undefined} {...props} />
      {error && (
        <p className="bo-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectField({ label, error, options, className, ...props }: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: Array<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <div className={clsx('bo-field', className)}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="bo-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="bo-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      {actions && <div className="bo-actions">{actions}</div>}
    </header>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info'; children: ReactNode }) {
  return <span className={clsx('bo-badge', `bo-badge-${tone}`)}>{children}</span>;
}

export function Panel({ title, children, actions, className }: { title?: string; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section className={clsx('bo-panel', className)}>
      {(title || actions) && (
        <div className="bo-panel-head">
          {title && <h2>{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'bad' | 'good'; children: ReactNode }) {
  return (
    <p className={clsx('bo-notice', `bo-notice-${tone}`)} role={tone === 'bad' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

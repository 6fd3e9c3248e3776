import clsx from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) =>
  clsx(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition select-none whitespace-nowrap',
    'disabled:cursor-not-allowed disabled:opacity-50',
    {
      primary:
        'bg-gradient-to-b from-gold-400 to-gold-600 text-ink-950 shadow-[0_6px_24px_-8px_rgba(245,184,46,0.7)] hover:from-gold-300 hover:to-gold-500',
      secondary: 'bg-ink-700 text-ink-100 ring-1 ring-inset ring-white/10 hover:bg-ink-600',
      ghost: 'text-ink-200 hover:bg-white/5 hover:text-white',
      danger: 'bg-ruby-500 text-white hover:bg-ruby-400',
    }[variant],
    { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm', lg: 'h-13 px-7 text-base' }[size],
    extra,
  );

export function Button({
  variant,
  size,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type="button" className={buttonClass(variant, size, className)} {...props} />;
}

export function ButtonLink({
  variant,
  size,
  className,
  children,
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize; children: ReactNode }) {
  return (
    <Link className={buttonClass(variant, size, className)} {...props}>
      {children}
    </Link>
  );
}

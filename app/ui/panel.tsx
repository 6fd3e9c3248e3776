import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/**
 * A block of a page (cashier, profile ...): an optional header with icon, title, a line of text
 * and something aside (a button, a badge), then the content.
 */
export function Panel({
  icon,
  title,
  text,
  aside,
  children,
  className,
  id,
  testId,
}: {
  icon?: IconName;
  title?: string;
  text?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={clsx('scroll-mt-24 rounded-3xl border border-white/5 bg-ink-850/70 p-4 tablet:p-6', className)}
      data-testid={testId}
    >
      {title && (
        <header className="mb-5 flex flex-wrap items-start gap-3">
          {icon && (
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/20">
              <Icon name={icon} size={20} />
            </span>
          )}
          <div className="min-w-[10rem] flex-1">
            <h2 id={headingId} className="text-lg leading-tight font-bold">
              {title}
            </h2>
            {text && <p className="mt-1 text-sm text-ink-300">{text}</p>}
          </div>
          {aside}
        </header>
      )}
      {children}
    </section>
  );
}

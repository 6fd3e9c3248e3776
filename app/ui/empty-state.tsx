import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/** A designed empty state: an icon in a glowing disc, a title, a line of text and an optional action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  compact = false,
}: {
  icon: IconName;
  title: string;
  text?: string;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center text-center',
        compact ? 'gap-3 py-6' : 'gap-4 rounded-3xl border border-white/5 bg-ink-850/60 px-6 py-16',
      )}
      data-testid="empty-state"
    >
      <div className="relative grid h-16 w-16 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/30 to-gold-500/20 text-gold-300 ring-1 ring-white/10">
        <div className="absolute inset-0 -z-10 rounded-2xl bg-violet-500/30 blur-xl" />
        <Icon name={icon} size={30} />
      </div>
      <h2 className={clsx('font-bold', compact ? 'text-base' : 'text-xl')}>{title}</h2>
      {text && <p className="max-w-md text-sm leading-relaxed text-ink-300">{text}</p>}
      {action}
    </div>
  );
}

import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/icon.tsx';

/** A block of a profile page: the design system's panel. */
export { Panel } from '../../ui/panel.tsx';

/** Marks a field changed since the last save (spec 1 section 4, contact editing). */
export function DirtyMark() {
  const { t } = useTranslation('profile');
  return (
    <span
      className="ml-2 inline-flex items-center gap-1 rounded-full bg-gold-500/15 px-2 py-0.5 align-middle text-[11px] font-semibold text-gold-300"
      data-testid="dirty-marker"
    >
      <span className="h-1.5 w-1.5 rounded-full bg-gold-400" aria-hidden="true" />
      {t('common.unsaved')}
    </span>
  );
}

/** A small status pill: confirmed, unconfirmed, login, on, off. */
export function Badge({ tone, icon, children, testId }: { tone: 'jade' | 'ruby' | 'gold' | 'ink' | 'violet'; icon?: IconName; children: ReactNode; testId?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1',
        tone === 'jade' && 'bg-jade-500/10 text-jade-400 ring-jade-500/30',
        tone === 'ruby' && 'bg-ruby-500/10 text-ruby-400 ring-ruby-500/30',
        tone === 'gold' && 'bg-gold-500/10 text-gold-300 ring-gold-500/30',
        tone === 'violet' && 'bg-violet-500/15 text-violet-400 ring-violet-500/30',
        tone === 'ink' && 'bg-white/5 text-ink-300 ring-white/10',
      )}
      data-testid={testId}
    >
      {icon && <Icon name={icon} size={13} />}
      {children}
    </span>
  );
}

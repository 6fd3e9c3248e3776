import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { countdownParts } from '../tournaments/format.ts';

/** "Ends in 2d 4h" until a campaign's end (the tournaments' units); nothing for an open-ended one. */
export function EndsIn({ endsAt, now, className }: { endsAt: string | null; now: number; className?: string }) {
  const { t } = useTranslation('promotions');
  const { t: units } = useTranslation('tournaments');
  if (!endsAt) return null;
  const left = Date.parse(endsAt) - now;
  return (
    <span className={clsx('inline-flex items-center gap-1.5 font-semibold tabular-nums', className)} data-testid="campaign-countdown">
      <Icon name="clock" size={14} className="shrink-0 text-gold-400" />
      {left > 0 ? t('card.endsIn', { time: countdownParts(left, units) }) : t('card.ended')}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import type { TournamentView } from '../../../contract/tournaments.ts';
import { useLocale } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { countdownParts } from './format.ts';

/** "Ends in 2d 4h", "Starts in 3h 12m", or when it ended. */
export function Countdown({ tournament, now }: { tournament: TournamentView; now: number }) {
  const { t } = useTranslation('tournaments');
  const locale = useLocale();
  const starts = new Date(tournament.starts_at).getTime();
  const ends = new Date(tournament.ends_at).getTime();
  let text: string;
  if (tournament.status === 'finished' || ends <= now) {
    text = t('countdown.ended', { date: new Date(ends).toLocaleDateString(locale, { day: 'numeric', month: 'short' }) });
  } else if (starts > now) {
    text = t('countdown.startsIn', { time: countdownParts(starts - now, t) });
  } else {
    text = t('countdown.endsIn', { time: countdownParts(ends - now, t) });
  }
  return (
    <span className="flex items-center gap-1.5 font-semibold text-ink-100 tabular-nums" data-testid="tournament-countdown">
      <Icon name="clock" size={15} className="text-gold-400" />
      {text}
    </span>
  );
}

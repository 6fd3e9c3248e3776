import type { TFunction } from 'i18next';
import { TOURNAMENT_GAMES_INITIAL } from '../../../contract/constants.ts';

/** "2d 4h", "3h 12m", "4m 09s": the two largest units of what is left (never negative). */
export function countdownParts(ms: number, t: TFunction<'tournaments'>): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${t('countdown.days', { count: days })} ${t('countdown.hours', { count: hours })}`;
  if (hours > 0) return `${t('countdown.hours', { count: hours })} ${t('countdown.minutes', { count: minutes })}`;
  return `${t('countdown.minutes', { count: minutes })} ${t('countdown.seconds', { count: rest })}`;
}

/** games/get's query for a page of a tournament's eligible games (spec: options as JSON text with its id and type, priority order). */
export function tournamentGamesQuery(sysname: string, offset: number, count = TOURNAMENT_GAMES_INITIAL) {
  return { options: JSON.stringify({ id: sysname, type: 'tournament', offset, count, sort_options: 'priority' }) };
}

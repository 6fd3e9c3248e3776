import type { TFunction } from 'i18next';

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

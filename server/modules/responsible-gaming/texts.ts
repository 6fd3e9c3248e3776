import type { LocaleCode } from '../../../contract/locales.ts';

/** Server messages of responsible gaming, in the player's language. */
const TEXTS = {
  en: {
    lossLimit: 'Your {period} loss limit of {limit} is reached: this bet would take your losses past it ({left} left).',
    wagerLimit: 'Your {period} wager limit of {limit} is reached: this bet would take your stakes past it ({left} left).',
    sessionLimit: 'Your session-time limit of {minutes} minutes is reached: this session has ended. Take a break.',
    time_out: 'You are taking a time-out until {until}: play, deposits and sign-in are paused until then.',
    self_exclusion: 'You are self-excluded until {until}: play, deposits and sign-in are closed until then.',
    operator_exclusion: 'Your account is closed to play until {until} by our responsible-gaming team: play, deposits and sign-in are closed until then.',
    notStricter: 'Only a stricter limit can be set here: enter less than the current {limit}',
    endsSooner: 'An exclusion already runs until {until}: an operator exclusion must end later',
    day: 'daily',
    week: 'weekly',
    month: 'monthly',
    badAmount: 'Enter an amount from 1 to 1,000,000',
    badMinutes: 'Enter from {min} to {max} minutes',
    badPeriod: 'Choose a day, a week or a month',
    badKind: 'Choose a loss, wager or session limit',
    badLength: 'Choose one of the offered lengths',
    badInterval: 'Choose 15, 30, 45 or 60 minutes, or off',
    badSince: 'A time in ISO 8601 within the last 24 hours',
    confirm: 'Confirm to go on: this cannot be undone early',
    alreadyExcluded: 'An exclusion is already running until {until}',
  },
  fr: {
    lossLimit: 'Votre limite de pertes {period} de {limit} est atteinte : cette mise la dépasserait (reste {left}).',
    wagerLimit: 'Votre limite de mises {period} de {limit} est atteinte : cette mise la dépasserait (reste {left}).',
    sessionLimit: 'Votre limite de durée de session de {minutes} minutes est atteinte : cette session est terminée. Faites une pause.',
    time_out: "Vous faites une pause jusqu'au {until} : jeu, dépôts et connexion sont suspendus d'ici là.",
    self_exclusion: "Vous êtes auto-exclu jusqu'au {until} : jeu, dépôts et connexion sont fermés d'ici là.",
    operator_exclusion: "Votre compte est fermé au jeu jusqu'au {until} par notre équipe jeu responsable : jeu, dépôts et connexion sont fermés d'ici là.",
    notStricter: 'Seule une limite plus stricte peut être fixée ici : saisissez moins que la limite actuelle de {limit}',
    endsSooner: "Une exclusion est déjà en cours jusqu'au {until} : une exclusion par l'opérateur doit finir plus tard",
    day: 'journalière',
    week: 'hebdomadaire',
    month: 'mensuelle',
    badAmount: 'Saisissez un montant de 1 à 1 000 000',
    badMinutes: 'Saisissez de {min} à {max} minutes',
    badPeriod: 'Choisissez un jour, une semaine ou un mois',
    badKind: 'Choisissez une limite de pertes, de mises ou de session',
    badLength: 'Choisissez une des durées proposées',
    badInterval: 'Choisissez 15, 30, 45 ou 60 minutes, ou désactivé',
    badSince: 'Une heure ISO 8601 dans les dernières 24 heures',
    confirm: 'Confirmez pour continuer : impossible de revenir en arrière avant la fin',
    alreadyExcluded: "Une exclusion est déjà en cours jusqu'au {until}",
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type RgTextKey = keyof (typeof TEXTS)['en'];

export const rgText = (locale: LocaleCode, key: RgTextKey, params: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** A date as the site shows it (spec: dd.mm.yyyy H:mm), in UTC. */
export function shownDate(iso: string | Date): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ${date.getUTCHours()}:${pad(date.getUTCMinutes())} UTC`;
}

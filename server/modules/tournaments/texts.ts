import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    unknown: 'No such tournament',
    finished: 'This tournament is over',
    currency: 'This tournament plays in another currency than your account',
    buyIn: 'Not enough money for the buy-in',
    prizeTitle: '{name}: prize for rank {rank}',
  },
  fr: {
    unknown: 'Tournoi introuvable',
    finished: 'Ce tournoi est terminé',
    currency: 'Ce tournoi se joue dans une autre devise que celle de votre compte',
    buyIn: 'Solde insuffisant pour le droit d’entrée',
    prizeTitle: '{name} : prix de la place {rank}',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type TournamentTextKey = keyof (typeof TEXTS)['en'];

export const tournamentText = (locale: LocaleCode, key: TournamentTextKey) => TEXTS[locale][key];

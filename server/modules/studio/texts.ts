import type { LocaleCode } from '../../../contract/locales.ts';

/** What players read when the studio refuses something (the game clients show these as they come). */
const TEXTS = {
  en: {
    notStudioGame: 'This game is not played on our game server',
    sessionUnknown: 'This game session is not yours or no longer exists: reload the game',
    sessionExpired: 'The game session has expired: reload the game',
    badBet: 'This bet is not valid',
    badAmount: 'Enter an amount between {min} and {max}, in steps of {step}',
    badTarget: 'Choose a target with a win chance between 1% and 98%',
    badBetType: 'This bet is not on the table',
    tooManyBets: 'Too many bets on the table',
    totalTooHigh: 'The total stake may not exceed {max}',
    notEnoughMoney: 'Not enough money for this bet: deposit to play on',
    notEnoughFun: 'Not enough fun money for this bet: lower the stake',
    bonusMaxBet: 'While your bonus is wagered, the largest bet is {max}',
    illegalAction: 'This move is not possible now',
    roundOver: 'This hand is over',
    roundUnknown: 'No such round',
    roundBusy: 'This hand is being played: try again',
    handOpen: 'Finish the hand in play first',
    rotateBusy: 'A round is in play on this seed pair: finish it, then rotate',
    badClientSeed: 'Use 1 to 64 letters, digits, - or _',
    rejected: 'The bet was refused: {reason}',
  },
  fr: {
    notStudioGame: "Ce jeu n'est pas joué sur notre serveur de jeux",
    sessionUnknown: "Cette session de jeu n'est pas la vôtre ou n'existe plus : rechargez le jeu",
    sessionExpired: 'La session de jeu a expiré : rechargez le jeu',
    badBet: "Cette mise n'est pas valide",
    badAmount: 'Saisissez un montant entre {min} et {max}, par paliers de {step}',
    badTarget: 'Choisissez une cible avec une chance de gain entre 1 % et 98 %',
    badBetType: "Cette mise n'existe pas sur la table",
    tooManyBets: 'Trop de mises sur la table',
    totalTooHigh: 'La mise totale ne peut pas dépasser {max}',
    notEnoughMoney: 'Solde insuffisant pour cette mise : déposez pour continuer',
    notEnoughFun: 'Solde fictif insuffisant pour cette mise : baissez la mise',
    bonusMaxBet: 'Pendant la mise en jeu de votre bonus, la mise maximale est de {max}',
    illegalAction: "Ce coup n'est pas possible maintenant",
    roundOver: 'Cette main est terminée',
    roundUnknown: 'Partie introuvable',
    roundBusy: 'Cette main est en cours de jeu : réessayez',
    handOpen: "Terminez d'abord la main en cours",
    rotateBusy: 'Une partie est en cours sur cette paire de graines : terminez-la, puis changez de paire',
    badClientSeed: 'Utilisez de 1 à 64 lettres, chiffres, - ou _',
    rejected: 'La mise a été refusée : {reason}',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type StudioTextKey = keyof (typeof TEXTS)['en'];

export function studioText(locale: LocaleCode, key: StudioTextKey, values: Record<string, string> = {}): string {
  return TEXTS[locale][key].replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? `{${name}}`);
}

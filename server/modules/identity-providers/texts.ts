import type { LocaleCode } from '../../../contract/locales.ts';

/** Answers of the sign-in channels in the player's language (the popup and the API show them). */
const TEXTS = {
  en: {
    telegramRefused: 'Telegram sign-in failed: the data from Telegram could not be verified. Please open the app from Telegram again.',
    telegramOff: 'Sign-in with Telegram is not available on this site.',
    unknownProvider: 'This sign-in service is not available.',
    providerDown: 'The sign-in service could not be reached. Please try again in a moment.',
    cancelled: 'Sign-in was cancelled.',
    flowInvalid: 'This sign-in link is invalid or has expired. Please start again.',
    tooMany: 'Too many sign-in attempts. Please try again later.',
    emailUnverified:
      'An account already uses this e-mail address. Sign in with your password first: it will be linked once both the service and your account have this address confirmed.',
    emailTaken: 'An account already uses this e-mail address. Please sign in with your password.',
    signedIn: 'You are signed in. You can close this window.',
    failedTitle: 'Sign-in failed',
    backToSite: 'Back to the site',
  },
  fr: {
    telegramRefused: 'Connexion Telegram impossible : les données de Telegram n’ont pas pu être vérifiées. Rouvrez l’application depuis Telegram.',
    telegramOff: 'La connexion avec Telegram n’est pas disponible sur ce site.',
    unknownProvider: 'Ce service de connexion n’est pas disponible.',
    providerDown: 'Le service de connexion est injoignable. Réessayez dans un instant.',
    cancelled: 'La connexion a été annulée.',
    flowInvalid: 'Ce lien de connexion est invalide ou a expiré. Recommencez.',
    tooMany: 'Trop de tentatives de connexion. Réessayez plus tard.',
    emailUnverified:
      'Un compte utilise déjà cette adresse e-mail. Connectez-vous d’abord avec votre mot de passe : le lien se fera quand le service et votre compte auront tous deux confirmé cette adresse.',
    emailTaken: 'Un compte utilise déjà cette adresse e-mail. Connectez-vous avec votre mot de passe.',
    signedIn: 'Vous êtes connecté. Vous pouvez fermer cette fenêtre.',
    failedTitle: 'Échec de la connexion',
    backToSite: 'Retour au site',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type TextKey = keyof (typeof TEXTS)['en'];

export const text = (locale: LocaleCode, key: TextKey): string => TEXTS[locale][key];

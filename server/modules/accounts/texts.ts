import type { LocaleCode } from '../../../contract/locales.ts';

/** Everything the accounts module says to a player, in both languages. */
const TEXTS = {
  en: {
    wrongCredentials: 'Wrong login or password',
    twoFactorRequired: 'Two-factor authentication is already enabled: enter the code we sent you',
    codeDigits: 'The code must contain 6 digits',
    codeExpired: 'Time expired: request a new code',
    codeInvalid: 'Code is invalid',
    alreadyEnabled: 'Two-factor authentication is already enabled',
    alreadyDisabled: 'Two-factor authentication is already disabled',
    twoFactorNotOffered: 'Two-factor authentication is not offered on this site',
    resendTime: 'You can request a new code in {seconds} s',
    emailTaken: 'This e-mail address is already registered',
    phoneTaken: 'This phone number is already registered',
    contactTaken: 'This contact is already in use',
    contactNotFound: 'No such contact in your profile',
    cannotConfirm: 'Can not confirm contact',
    alreadyConfirmed: 'This contact is already confirmed',
    failedAddContact: 'Failed add contact',
    failedSave: 'Failed to save data',
    wrongPassword: 'Wrong password',
    banned: 'Your account is blocked',
    deleted: 'This account has been deleted',
    signInRequired: 'Sign in required',
    currencyLocked: 'The currency can no longer be changed',
    readOnly: 'This field can not be changed',
    badUnsubscribeLink: 'This unsubscribe link is not valid',
    unsubscribeFooter: 'You receive the Croupier newsletter at this address. To stop it, open: {link}',
    unknownLogin: 'Enter the e-mail address or phone number of your account',
    mustAcceptTerms: 'Please accept the terms and conditions',
    needLogin: 'Enter an e-mail address or a phone number',
    tooMany: 'Too many attempts: try again in {seconds} s',
  },
  fr: {
    wrongCredentials: 'Identifiant ou mot de passe incorrect',
    twoFactorRequired: 'La double authentification est déjà activée : saisissez le code envoyé',
    codeDigits: 'Le code doit contenir 6 chiffres',
    codeExpired: 'Délai expiré : demandez un nouveau code',
    codeInvalid: 'Code invalide',
    alreadyEnabled: 'La double authentification est déjà activée',
    alreadyDisabled: 'La double authentification est déjà désactivée',
    twoFactorNotOffered: 'La double authentification n’est pas proposée sur ce site',
    resendTime: 'Vous pourrez demander un nouveau code dans {seconds} s',
    emailTaken: 'Cette adresse e-mail est déjà enregistrée',
    phoneTaken: 'Ce numéro de téléphone est déjà enregistré',
    contactTaken: 'Ce contact est déjà utilisé',
    contactNotFound: 'Ce contact ne figure pas dans votre profil',
    cannotConfirm: 'Impossible de confirmer le contact',
    alreadyConfirmed: 'Ce contact est déjà confirmé',
    failedAddContact: "Échec de l'ajout du contact",
    failedSave: "Échec de l'enregistrement",
    wrongPassword: 'Mot de passe incorrect',
    banned: 'Votre compte est bloqué',
    deleted: 'Ce compte a été supprimé',
    signInRequired: 'Connexion requise',
    currencyLocked: 'La devise ne peut plus être modifiée',
    readOnly: 'Ce champ ne peut pas être modifié',
    badUnsubscribeLink: "Ce lien de désabonnement n'est pas valide",
    unsubscribeFooter: "Vous recevez la lettre d'information de Croupier à cette adresse. Pour ne plus la recevoir : {link}",
    unknownLogin: "Saisissez l'adresse e-mail ou le numéro de téléphone de votre compte",
    mustAcceptTerms: 'Veuillez accepter les conditions générales',
    needLogin: 'Saisissez une adresse e-mail ou un numéro de téléphone',
    tooMany: 'Trop de tentatives : réessayez dans {seconds} s',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type TextKey = keyof (typeof TEXTS)['en'];

export function text(locale: LocaleCode, key: TextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Messages with a code: subject and body per purpose and language. */
const MAILS = {
  en: {
    confirm_contact: {
      subject: 'Your Croupier confirmation code: {code}',
      body: 'Welcome to Croupier!\n\nYour confirmation code is {code}. It is valid for 10 minutes.\n\nOr open this link to confirm: {link}\n\nIf you did not create an account, ignore this message.',
    },
    login: {
      subject: 'Your Croupier sign-in code: {code}',
      body: 'Your sign-in code is {code}. It is valid for 10 minutes.\n\nIf you did not try to sign in, change your password now.',
    },
    restore: {
      subject: 'Reset your Croupier password',
      body: 'Your password reset code is {code}. It is valid for 10 minutes.\n\nOr open this link to choose a new password: {link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.',
    },
    two_factor_change: {
      subject: 'Your Croupier security code: {code}',
      body: 'Your code to change two-factor authentication is {code}. It is valid for 10 minutes.',
    },
  },
  fr: {
    confirm_contact: {
      subject: 'Votre code de confirmation Croupier : {code}',
      body: 'Bienvenue chez Croupier !\n\nVotre code de confirmation est {code}. Il est valable 10 minutes.\n\nOu ouvrez ce lien pour confirmer : {link}\n\nSi vous n’avez pas créé de compte, ignorez ce message.',
    },
    login: {
      subject: 'Votre code de connexion Croupier : {code}',
      body: 'Votre code de connexion est {code}. Il est valable 10 minutes.\n\nSi vous n’avez pas tenté de vous connecter, changez votre mot de passe.',
    },
    restore: {
      subject: 'Réinitialisez votre mot de passe Croupier',
      body: 'Votre code de réinitialisation est {code}. Il est valable 10 minutes.\n\nOu ouvrez ce lien pour choisir un nouveau mot de passe : {link}\n\nSi vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    },
    two_factor_change: {
      subject: 'Votre code de sécurité Croupier : {code}',
      body: 'Votre code pour modifier la double authentification est {code}. Il est valable 10 minutes.',
    },
  },
} as const;

export type MailPurpose = keyof (typeof MAILS)['en'];

export function mail(locale: LocaleCode, purpose: MailPurpose, params: { code: string; link?: string }) {
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => String((params as Record<string, string>)[name] ?? ''));
  const template = MAILS[locale][purpose];
  return { subject: fill(template.subject), text: fill(template.body) };
}

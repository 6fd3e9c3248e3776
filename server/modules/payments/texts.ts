import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    unknownMethod: 'This payment method is not available',
    methodNotInCountry: 'This payment method is not available in your country',
    methodNotInCurrency: 'This payment method is not available in {currency}',
    withdrawSameMethod: 'Withdraw by the method you deposited with: {methods}',
    notEnoughMoney: 'Not enough money on your balance',
    depositLimit: 'This deposit would pass your deposit limit: you can deposit up to {available} until {until}',
    kycRequired: 'Verify your identity before withdrawing',
    dailyAmount: 'Withdrawals are limited to {limit} per day: up to {available} is left today',
    dailyCount: 'Withdrawals are limited to {count} requests per day',
    notCancellable: 'This withdrawal can no longer be cancelled',
    notFound: 'No such transaction',
    badPeriod: 'Choose a day, a week or a month',
    needProfileData: 'Fill in your profile first: {fields}',
    needProfileField: 'Fill in this field in your profile',
    needConfirmContact: 'Confirm your contact {contact} first',
    needConfirmAnyContact: 'Confirm one of your contacts first',
    transactionDeclined: 'The payment service declined this payment. Try another method or other payment details.',
    serviceError: 'The payment service answered with an error. Nothing was charged: try again in a few minutes.',
    requisitesOnVerification: 'These payment details are being checked by the payment service. You can use them once the check is done (usually within 24 hours).',
    requisitesValidationRequired: 'The payment service needs to validate these payment details before they can be used. Choose other details or contact support.',
    requisitesFraudulent: 'These payment details cannot be used. Choose other details or contact support.',
  },
  fr: {
    unknownMethod: "Ce moyen de paiement n'est pas disponible",
    methodNotInCountry: "Ce moyen de paiement n'est pas disponible dans votre pays",
    methodNotInCurrency: "Ce moyen de paiement n'est pas disponible en {currency}",
    withdrawSameMethod: 'Retirez par le moyen utilisé pour déposer : {methods}',
    notEnoughMoney: "Solde insuffisant",
    depositLimit: "Ce dépôt dépasserait votre limite : vous pouvez encore déposer {available} jusqu'au {until}",
    kycRequired: "Vérifiez votre identité avant de retirer",
    dailyAmount: "Les retraits sont limités à {limit} par jour : il reste {available} aujourd'hui",
    dailyCount: 'Les retraits sont limités à {count} demandes par jour',
    notCancellable: 'Ce retrait ne peut plus être annulé',
    notFound: 'Transaction introuvable',
    badPeriod: 'Choisissez un jour, une semaine ou un mois',
    needProfileData: "Complétez d'abord votre profil : {fields}",
    needProfileField: 'Renseignez ce champ dans votre profil',
    needConfirmContact: "Confirmez d'abord votre contact {contact}",
    needConfirmAnyContact: "Confirmez d'abord l'un de vos contacts",
    transactionDeclined: 'Le service de paiement a refusé ce paiement. Essayez un autre moyen ou d’autres coordonnées de paiement.',
    serviceError: 'Le service de paiement a répondu par une erreur. Rien n’a été débité : réessayez dans quelques minutes.',
    requisitesOnVerification: 'Ces coordonnées de paiement sont en cours de vérification par le service de paiement. Vous pourrez les utiliser une fois la vérification terminée (en général sous 24 heures).',
    requisitesValidationRequired: 'Le service de paiement doit valider ces coordonnées de paiement avant leur utilisation. Choisissez d’autres coordonnées ou contactez le support.',
    requisitesFraudulent: 'Ces coordonnées de paiement ne peuvent pas être utilisées. Choisissez-en d’autres ou contactez le support.',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type PaymentTextKey = keyof (typeof TEXTS)['en'];

export const paymentText = (locale: LocaleCode, key: PaymentTextKey, params: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** Profile fields as the messages name them. */
const FIELD_NAMES = {
  en: { first_name: 'first name', last_name: 'last name', sex: 'gender', birth_date: 'date of birth', country: 'country', region: 'region', home_town: 'town', address: 'address', postcode: 'postcode', document_type: 'identity document', document_number: 'document number' },
  fr: { first_name: 'prénom', last_name: 'nom', sex: 'genre', birth_date: 'date de naissance', country: 'pays', region: 'région', home_town: 'ville', address: 'adresse', postcode: 'code postal', document_type: "pièce d'identité", document_number: 'numéro du document' },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export const profileFieldName = (locale: LocaleCode, field: keyof (typeof FIELD_NAMES)['en']) => FIELD_NAMES[locale][field];

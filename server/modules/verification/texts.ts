import type { LocaleCode } from '../../../contract/locales.ts';

/** What the verification module says to players, in their language (errors and mail). */
const TEXTS = {
  en: {
    chooseFile: 'Choose a file to upload',
    chooseKind: 'Choose which document this is',
    wrongType: 'Upload a JPEG, PNG or PDF file',
    unsafe: 'This file was refused: it contains scripts, markup or embedded content',
    unreadable: 'This file could not be read: upload a clear photo or scan',
    encrypted: 'This PDF is encrypted or password-protected, so it cannot be checked: upload an unprotected copy or a photo of the document',
    tooManyPixels: 'This image is too large (over {max} megapixels): upload a smaller photo or scan',
    tooLarge: 'The file is larger than {max}',
    required: 'This document is required',
    notFound: 'No such document',
    locked: 'Your documents are being reviewed: you can upload again if the review asks for it',
    approved: 'Your identity is already verified',
    finalRejected: 'Your verification was rejected: please contact support',
    notDraft: 'Only documents not yet sent can be removed',
    nothingNew: 'Upload the documents asked for before sending them again',
    useSumsub: 'Identity verification goes through our verification partner on this site',
    sumsubOff: 'Verification through Sumsub is not enabled',
    providerDown: 'The verification service is unavailable, try again in a few minutes',
    withdrawalPending: 'Your documents are being reviewed: you can withdraw once your identity is verified',
    withdrawalRequired: 'Verify your identity before withdrawing',
    withdrawalRequiredAbove: 'Verify your identity to withdraw more than {threshold} in all',
    mailApprovedSubject: 'Your identity is verified',
    mailApprovedText: 'Good news: your documents were approved and your identity is verified. Withdrawals are open.\n\n{link}',
    mailRejectedSubject: 'Your identity verification needs attention',
    mailResubmitText: 'We could not verify your identity with the documents you sent.\n\nReason: {reason}\n\nPlease upload new documents: {link}',
    mailRejectedText: 'We could not verify your identity.\n\nReason: {reason}\n\nPlease contact support if you have questions: {link}',
  },
  fr: {
    chooseFile: 'Choisissez un fichier à envoyer',
    chooseKind: 'Indiquez de quel document il s’agit',
    wrongType: 'Envoyez un fichier JPEG, PNG ou PDF',
    unsafe: 'Ce fichier a été refusé : il contient des scripts, du balisage ou du contenu intégré',
    unreadable: 'Ce fichier est illisible : envoyez une photo ou un scan net',
    encrypted: 'Ce PDF est chiffré ou protégé par un mot de passe et ne peut pas être vérifié : envoyez une copie non protégée ou une photo du document',
    tooManyPixels: 'Cette image est trop grande (plus de {max} mégapixels) : envoyez une photo ou un scan plus petit',
    tooLarge: 'Le fichier dépasse {max}',
    required: 'Ce document est obligatoire',
    notFound: 'Document introuvable',
    locked: 'Vos documents sont en cours d’examen : vous pourrez en envoyer d’autres si l’examen le demande',
    approved: 'Votre identité est déjà vérifiée',
    finalRejected: 'Votre vérification a été refusée : contactez le support',
    notDraft: 'Seuls les documents pas encore envoyés peuvent être retirés',
    nothingNew: 'Ajoutez les documents demandés avant de les envoyer à nouveau',
    useSumsub: 'La vérification d’identité passe par notre partenaire de vérification sur ce site',
    sumsubOff: 'La vérification par Sumsub n’est pas activée',
    providerDown: 'Le service de vérification est indisponible, réessayez dans quelques minutes',
    withdrawalPending: 'Vos documents sont en cours d’examen : vous pourrez retirer une fois votre identité vérifiée',
    withdrawalRequired: 'Vérifiez votre identité avant de retirer',
    withdrawalRequiredAbove: 'Vérifiez votre identité pour retirer plus de {threshold} au total',
    mailApprovedSubject: 'Votre identité est vérifiée',
    mailApprovedText: 'Bonne nouvelle : vos documents ont été acceptés et votre identité est vérifiée. Les retraits sont ouverts.\n\n{link}',
    mailRejectedSubject: 'Votre vérification d’identité demande votre attention',
    mailResubmitText: 'Nous n’avons pas pu vérifier votre identité avec les documents envoyés.\n\nMotif : {reason}\n\nEnvoyez de nouveaux documents : {link}',
    mailRejectedText: 'Nous n’avons pas pu vérifier votre identité.\n\nMotif : {reason}\n\nContactez le support pour toute question : {link}',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type VerificationTextKey = keyof (typeof TEXTS)['en'];

export const verificationText = (locale: LocaleCode, key: VerificationTextKey, params: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

/** A byte count as players read it (10 MB, 500 KB). */
export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`);

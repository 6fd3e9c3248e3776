import type { LocaleCode } from '../../../contract/locales.ts';

const TEXTS = {
  en: {
    unknownMethod: 'This payment method is not available',
    notEnoughMoney: 'Not enough money on your balance',
    depositLimit: 'This deposit would pass your deposit limit: you can deposit up to {available} until {until}',
    kycRequired: 'Verify your identity before withdrawing',
    dailyAmount: 'Withdrawals are limited to {limit} per day: up to {available} is left today',
    dailyCount: 'Withdrawals are limited to {count} requests per day',
    notCancellable: 'This withdrawal can no longer be cancelled',
    notFound: 'No such transaction',
    badPeriod: 'Choose a day, a week or a month',
  },
  fr: {
    unknownMethod: "Ce moyen de paiement n'est pas disponible",
    notEnoughMoney: "Solde insuffisant",
    depositLimit: "Ce dépôt dépasserait votre limite : vous pouvez encore déposer {available} jusqu'au {until}",
    kycRequired: "Vérifiez votre identité avant de retirer",
    dailyAmount: "Les retraits sont limités à {limit} par jour : il reste {available} aujourd'hui",
    dailyCount: 'Les retraits sont limités à {count} demandes par jour',
    notCancellable: 'Ce retrait ne peut plus être annulé',
    notFound: 'Transaction introuvable',
    badPeriod: 'Choisissez un jour, une semaine ou un mois',
  },
} as const satisfies Record<LocaleCode, Record<string, string>>;

export type PaymentTextKey = keyof (typeof TEXTS)['en'];

export const paymentText = (locale: LocaleCode, key: PaymentTextKey, params: Record<string, string | number> = {}) =>
  TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

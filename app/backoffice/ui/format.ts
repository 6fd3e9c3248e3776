import type { BackofficeLocale } from '../i18n.ts';

/** Dates and times as operators read them: local time, to the minute, in the interface language. */
export const formatTime = (iso: string | null | undefined, locale: BackofficeLocale) =>
  iso ? new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** An amount the API gives as a decimal string (`"12.50"`) with its currency. */
export const formatAmount = (amount: string | number, currency: string, locale: BackofficeLocale) =>
  `${new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(Number(amount))} ${currency}`;

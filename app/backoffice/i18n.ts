import { useRouteLoaderData } from 'react-router';

/**
 * The back office's interface in English and French. Each screen declares its own texts beside
 * its code with `defineTexts` (both languages, same keys: the type checks it) and reads them with
 * `useTexts`; the member's choice is a plain preference cookie the server reads too, so the first
 * paint is already in their language.
 */
import { BACKOFFICE_LOCALE_COOKIE, type BackofficeLocale } from '../../contract/backoffice-path.ts';

export type { BackofficeLocale };

export type Texts<K extends string> = { en: Record<K, string>; fr: Record<K, string> };

export const defineTexts = <K extends string>(texts: Texts<K>): Texts<K> => texts;

export function useBackofficeLocale(): BackofficeLocale {
  const root = useRouteLoaderData('root') as { locale?: BackofficeLocale } | undefined;
  return root?.locale === 'fr' ? 'fr' : 'en';
}

/** `t('key', {n: 3})` fills `{n}` in the member's language. */
export function useTexts<K extends string>(texts: Texts<K>) {
  const locale = useBackofficeLocale();
  return (key: K, values: Record<string, string | number> = {}) =>
    texts[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function setBackofficeLocale(locale: BackofficeLocale) {
  document.cookie = `${BACKOFFICE_LOCALE_COOKIE}=${locale}; path=/backoffice; max-age=${365 * 24 * 3600}; samesite=strict`;
}

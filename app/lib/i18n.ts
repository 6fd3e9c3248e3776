import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type LocaleCode } from '../../contract/locales.ts';

export const NAMESPACES = ['common', 'pages', 'errors', 'home', 'auth', 'profile', 'cashier', 'games', 'jackpots', 'studio', 'fairness', 'tournaments', 'promotions', 'bonuses', 'loyalty', 'sign-in-channels'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Translation bundles, one chunk per locale: a page downloads only its own language. */
const bundles: Record<LocaleCode, () => Promise<{ default: Record<Namespace, Record<string, unknown>> }>> = {
  en: () => import('../locales/en/index.ts'),
  fr: () => import('../locales/fr/index.ts'),
};

export async function loadLocaleResources(locale: LocaleCode): Promise<Resource> {
  const bundle = await bundles[locale]();
  return { [locale]: bundle.default };
}

const serverInstances = new Map<LocaleCode, Promise<i18n>>();

/**
 * A ready i18next instance for one locale. The server keeps one per locale and shares it between
 * requests (its language never changes); the browser makes one per page.
 */
export function createI18n(locale: LocaleCode): Promise<i18n> {
  if (!import.meta.env.SSR) return initI18n(locale);
  let instance = serverInstances.get(locale);
  if (!instance) {
    instance = initI18n(locale);
    serverInstances.set(locale, instance);
  }
  return instance;
}

async function initI18n(locale: LocaleCode): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['en', 'fr'],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: await loadLocaleResources(locale),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

import en from '../../locales/en/betting.json';
import fr from '../../locales/fr/betting.json';
import { useBundledTranslation } from '../../lib/namespace.ts';

/**
 * The sportsbook's strings (app/locales/{en,fr}/betting.json) travel with the betting pages only:
 * the shared locale bundle is loaded on every page, the home page's included, and its JS budget
 * has no room for them (docs/performance.md). Each betting page adds the namespace to the page's
 * i18next instance before it translates (both languages: French falls back to English).
 */
const BUNDLES = { en, fr } as const;

export const useBettingT = () => useBundledTranslation('betting', BUNDLES);

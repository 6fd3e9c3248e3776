import { useTranslation } from 'react-i18next';
import en from '../../locales/en/responsible-gaming.json';
import fr from '../../locales/fr/responsible-gaming.json';

/**
 * Responsible gaming's strings (app/locales/{en,fr}/responsible-gaming.json) travel with the pages
 * that use them (its page and the game page's reality check), not with the shared bundle every
 * page loads (the pattern of app/features/betting/i18n.ts).
 */
const BUNDLES = { en, fr } as const;

export function useRgT() {
  const { i18n } = useTranslation();
  for (const [language, bundle] of Object.entries(BUNDLES)) {
    if (!i18n.hasResourceBundle(language, 'responsible-gaming')) i18n.addResourceBundle(language, 'responsible-gaming', bundle, true, true);
  }
  return useTranslation('responsible-gaming');
}

import en from '../../locales/en/support.json';
import fr from '../../locales/fr/support.json';
import { useBundledTranslation } from '../../lib/namespace.ts';

/** The support page, chat panel and console strings (app/locales/{en,fr}/support.json), loaded with those only. */
export const useSupportT = () => useBundledTranslation('support', { en, fr });

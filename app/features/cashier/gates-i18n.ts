import en from '../../locales/en/gates.json';
import fr from '../../locales/fr/gates.json';
import { useBundledTranslation } from '../../lib/namespace.ts';

/**
 * The cashier's gates (what the configuration asks before a payment, the profile and contact
 * dialogs they open, the inactivity timers) travel with the cashier pages and those dialogs, not
 * with the shared bundle every page loads (the home page's JS budget, docs/performance.md).
 */
export const useGatesT = () => useBundledTranslation('gates', { en, fr });

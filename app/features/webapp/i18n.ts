import en from '../../locales/en/webapp.json';
import fr from '../../locales/fr/webapp.json';
import { useBundledTranslation } from '../../lib/namespace.ts';

/** The web app's strings travel with the install banner and /unsubscribe, not the shared bundle (home JS budget). */
export const useWebappT = () => useBundledTranslation('webapp', { en, fr });

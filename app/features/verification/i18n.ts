import { useTranslation } from 'react-i18next';
import en from '../../locales/en/verification.json';
import fr from '../../locales/fr/verification.json';

/**
 * The verification texts travel with this feature's code (the page, the popup, the notices), not
 * with the bundle every page loads: they are added to the page's i18next instance on first use.
 */
export function useVerificationT() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'verification')) {
    i18n.addResourceBundle('en', 'verification', en, true, true);
    i18n.addResourceBundle('fr', 'verification', fr, true, true);
  }
  return useTranslation('verification');
}

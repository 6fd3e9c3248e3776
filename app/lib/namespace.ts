import { useTranslation } from 'react-i18next';

/**
 * A namespace that travels with the pages (or lazy chunks) that use it rather than with the
 * shared locale bundle every page loads (the home page's JS budget, docs/performance.md): it is
 * added to the page's i18next instance, both languages (French falls back to English), before
 * the component translates.
 */
export function useBundledTranslation(namespace: string, bundles: Record<string, object>) {
  const { i18n } = useTranslation();
  for (const [language, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
  return useTranslation(namespace);
}

import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_INFO, localizePath, stripLocale, type LocaleCode } from '../../../contract/locales.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';

/**
 * Switching language tells the server (changelocale sets the i18n_locale cookie), then loads the
 * same page in the other locale. A full load refetches the initial data in the new language.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  async function choose(next: LocaleCode) {
    if (next === locale || busy) return;
    setBusy(true);
    try {
      await api('changelocale', { body: { locale: next } });
    } finally {
      window.location.assign(localizePath(stripLocale(location.pathname), next) + location.search + location.hash);
    }
  }

  return (
    <label className="relative inline-flex items-center gap-2 text-sm text-ink-200">
      <Icon name="globe" size={18} />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={locale}
        disabled={busy}
        onChange={(event) => void choose(event.target.value as LocaleCode)}
        data-testid="language-switcher"
        className="cursor-pointer appearance-none rounded-lg bg-ink-800 py-1.5 pr-7 pl-2 font-medium text-ink-100 ring-1 ring-white/10 hover:ring-white/20"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code}>
            {compact ? code.toUpperCase() : LOCALE_INFO[code].name}
          </option>
        ))}
      </select>
      <span className="pointer-events-none absolute right-2 text-ink-400">▾</span>
    </label>
  );
}

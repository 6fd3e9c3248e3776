import type { i18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { LocaleCode } from '../../../contract/locales.ts';
import { createI18n } from '../../lib/i18n.ts';
import { PreviewLocale } from '../../lib/locale.ts';

/**
 * The site's own components, rendered in the back office before a change is published (docs/
 * backoffice.md, "Marketing: loyalty and tournaments"): in the given language (its own i18next
 * instance, and the locale that dates and links follow), on the site's dark ground and type. The
 * preview is inert: its links and buttons look as on the site and do nothing.
 */
export function SitePreview({ locale, label, children }: { locale: LocaleCode; label: string; children: ReactNode }) {
  const [instance, setInstance] = useState<i18n | null>(null);
  useEffect(() => {
    let live = true;
    void createI18n(locale).then((made) => live && setInstance(() => made));
    return () => {
      live = false;
    };
  }, [locale]);
  return (
    <figure className="bo-site-preview m-0 overflow-hidden rounded-2xl bg-ink-900 font-sans text-base text-ink-100 ring-1 ring-black/20" data-testid="site-preview" data-locale={locale}>
      <figcaption className="flex items-center gap-2 bg-ink-950 px-4 py-2 text-xs font-semibold tracking-widest text-ink-300 uppercase">
        <span className="rounded bg-white/10 px-1.5 py-0.5 text-ink-100">{locale}</span>
        {label}
      </figcaption>
      <div className="p-5" inert>
        {instance ? (
          <PreviewLocale.Provider value={locale}>
            <I18nextProvider i18n={instance}>{children}</I18nextProvider>
          </PreviewLocale.Provider>
        ) : (
          <p className="text-sm text-ink-300">…</p>
        )}
      </div>
    </figure>
  );
}

import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import { isLocale, DEFAULT_LOCALE } from '../contract/locales.ts';
import { createI18n } from './lib/i18n.ts';

// The page's language bundle must be loaded before hydration so the first render matches.
const lang = document.documentElement.lang;
createI18n(isLocale(lang) ? lang : DEFAULT_LOCALE).then((i18n) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});

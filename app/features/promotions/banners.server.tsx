import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { CampaignView } from '../../../contract/promotions.ts';
import { createI18n } from '../../lib/i18n.ts';
import { BannerRow } from './banner-row.tsx';

/**
 * The banner row as HTML, made by the home loader. The home page's JS budget is nearly spent, so
 * the row never becomes browser code: the page inserts this markup as it is, on the first load
 * and on a client navigation alike (the loader runs on the server for both).
 */
export async function renderBanners(banners: CampaignView[], locale: LocaleCode): Promise<string | null> {
  if (!banners.length) return null;
  const i18n = await createI18n(locale);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <BannerRow banners={banners} locale={locale} />
    </I18nextProvider>,
  );
}

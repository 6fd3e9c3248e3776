import type { i18n } from 'i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { CampaignView } from '../../../contract/promotions.ts';
import { CampaignPreview } from '../../features/promotions/campaign-preview.tsx';
import { createI18n } from '../../lib/i18n.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useTexts } from '../i18n.ts';

export const meta = () => [{ title: 'Croupier · Preview' }];

const texts = defineTexts({
  en: { card: 'Card · offers and promotions', banner: 'Home banner', popup: 'Popup', notPlaced: 'not placed', loading: 'Loading the preview…' },
  fr: { card: 'Carte · offres et promotions', banner: 'Bannière d’accueil', popup: 'Popup', notPlaced: 'non placée', loading: 'Chargement de l’aperçu…' },
});

/**
 * `/backoffice/campaign-preview/:id?language=fr`: one language of a campaign's preview, shown in
 * a frame by the campaign screen. A frame of its own, outside the back office's layout and style
 * sheet, so the site's components are drawn with the site's style sheet alone and at a player's
 * screen width, as players will see them; the campaign comes from the back-office API (the
 * member's session), whatever its status.
 */
export default function CampaignPreviewFrame() {
  const t = useTexts(texts);
  const { id } = useParams();
  const [params] = useSearchParams();
  const language = params.get('language') === 'fr' ? 'fr' : 'en';
  const [state, setState] = useState<{ i18n: i18n; campaign: CampaignView; now: number } | { error: string } | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([createI18n(language), backofficeApi<CampaignView>('marketing/campaigns/preview', { query: { id, language } })]).then(
      ([instance, campaign]) => live && setState({ i18n: instance, campaign, now: Date.now() }),
      (error: Error) => live && setState({ error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [id, language]);

  if (!state) return <p className="p-4">{t('loading')}</p>;
  if ('error' in state) return <p role="alert">{state.error}</p>;
  return (
    <I18nextProvider i18n={state.i18n}>
      <CampaignPreview campaign={state.campaign} locale={language} now={state.now} labels={{ card: t('card'), banner: t('banner'), popup: t('popup'), notPlaced: t('notPlaced') }} />
    </I18nextProvider>
  );
}

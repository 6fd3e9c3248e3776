import type { LocaleCode } from '../../../contract/locales.ts';
import type { CampaignView } from '../../../contract/promotions.ts';
import { BannerRow } from './banner-row.tsx';
import { CampaignCard } from './campaign-card.tsx';
import CampaignPopup from './campaign-popup.tsx';

export type PreviewLabels = { card: string; banner: string; popup: string; notPlaced: string };

/**
 * A campaign as players will see it, drawn by the site's own components (the offers and
 * promotions card, the home banner, the popup in its preview mode) for the back office's
 * preview before publishing (docs/backoffice.md, "Marketing"). It lives here, beside the
 * components it shows, so the site's style sheet knows its classes; the back office shows it in
 * a frame of the site's width, one per language. Each placement the campaign does not use is
 * still shown, marked, so the member can judge it before adding it.
 */
export function CampaignPreview({ campaign, locale, labels, now }: { campaign: CampaignView; locale: LocaleCode; labels: PreviewLabels; now: number }) {
  const placed = (placement: CampaignView['placements'][number]) => campaign.placements.includes(placement);
  const heading = (text: string, used: boolean) => (
    <h2 className="mb-3 flex items-center gap-2 text-xs font-extrabold tracking-widest text-ink-300 uppercase">
      {text}
      {!used && <span className="rounded-full bg-white/5 px-2 py-0.5 text-[11px] text-ink-400 ring-1 ring-white/10">{labels.notPlaced}</span>}
    </h2>
  );
  return (
    <main className="min-h-dvh space-y-8 bg-ink-900 p-4 text-ink-100" data-testid="campaign-preview" data-locale={locale}>
      <section data-placement="card">
        {heading(labels.card, placed('offers') || placed('promotions'))}
        <div className="max-w-sm">
          <CampaignCard campaign={campaign} now={now} />
        </div>
      </section>
      <section data-placement="banner">
        {heading(labels.banner, placed('banner'))}
        <BannerRow banners={[campaign]} locale={locale} />
      </section>
      <section data-placement="popup">
        {heading(labels.popup, placed('popup'))}
        <div className="relative max-w-md rounded-2xl bg-ink-850 p-6 shadow-2xl ring-1 ring-white/10">
          <CampaignPopup dialogId="campaign-preview" campaign={campaign} preview />
        </div>
      </section>
    </main>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { CampaignListItem } from '../../contract/backoffice-marketing.ts';
import { backofficeApi } from './api.ts';
import { defineTexts, useTexts } from './i18n.ts';
import { Badge, SelectField } from './ui/controls.tsx';

/** Words the marketing screens share (campaigns, promo codes, bonuses given, cashback runs). */
export const marketingTexts = defineTexts({
  en: {
    status_draft: 'draft',
    status_active: 'published',
    status_paused: 'unpublished',
    status_ended: 'ended',
    running: 'live now',
    trigger_deposit: 'with a deposit',
    trigger_promo_code: 'by promo code',
    trigger_manual: 'by a button',
    trigger_cashback: 'cashback by period',
    reward_deposit_match: 'Deposit match',
    reward_fixed_bonus: 'Bonus money',
    reward_free_spins: 'Free spins',
    reward_free_bet: 'Free bet',
    reward_odds_boost: 'Odds boost',
    reward_cashback: 'Cashback',
    placement_offers: 'offers',
    placement_promotions: 'promotions',
    placement_banner: 'banner',
    placement_popup: 'popup',
    campaign: 'Campaign',
    anyCampaign: 'Any campaign',
  },
  fr: {
    status_draft: 'brouillon',
    status_active: 'publiée',
    status_paused: 'dépubliée',
    status_ended: 'terminée',
    running: 'en ligne',
    trigger_deposit: 'avec un dépôt',
    trigger_promo_code: 'par code promo',
    trigger_manual: 'par un bouton',
    trigger_cashback: 'cashback par période',
    reward_deposit_match: 'Bonus sur dépôt',
    reward_fixed_bonus: 'Argent bonus',
    reward_free_spins: 'Tours gratuits',
    reward_free_bet: 'Pari gratuit',
    reward_odds_boost: 'Cote boostée',
    reward_cashback: 'Cashback',
    placement_offers: 'offres',
    placement_promotions: 'promotions',
    placement_banner: 'bannière',
    placement_popup: 'popup',
    campaign: 'Campagne',
    anyCampaign: 'Toutes les campagnes',
  },
});

export type MarketingKey = keyof (typeof marketingTexts)['en'];

const statusTone = { draft: 'neutral', active: 'good', paused: 'warn', ended: 'neutral' } as const;

/** A campaign's status, and whether players see it right now. */
export function CampaignStatusBadge({ status, running }: { status: CampaignListItem['status']; running: boolean }) {
  const t = useTexts(marketingTexts);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={statusTone[status]}>{t(`status_${status}`)}</Badge>
      {running && <Badge tone="info">{t('running')}</Badge>}
    </span>
  );
}

export const CAMPAIGNS_QUERY = ['backoffice', 'marketing', 'campaigns'] as const;

/** Every campaign, for the pickers of the codes and bonuses screens. */
export function useCampaignList() {
  return useQuery({ queryKey: [...CAMPAIGNS_QUERY, 'all'], queryFn: () => backofficeApi<CampaignListItem[]>('marketing/campaigns/list') });
}

/** A campaign picker: its address and English title. */
export function CampaignSelect({ defaultValue, name, anyLabel, error, label }: { defaultValue?: string; name: string; anyLabel?: string; error?: string; label?: string }) {
  const t = useTexts(marketingTexts);
  const campaigns = useCampaignList().data ?? [];
  return (
    <SelectField
      label={label ?? t('campaign')}
      name={name}
      error={error}
      // Remounted once the list arrives, so the chosen campaign is selected.
      key={campaigns.length}
      defaultValue={defaultValue}
      options={[...(anyLabel !== undefined ? [{ value: '', label: anyLabel }] : []), ...campaigns.map((item) => ({ value: String(item.id), label: `${item.sysname} · ${t(`status_${item.status}`)}` }))]}
    />
  );
}

/** Saves a text the server made (a CSV) as a file. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

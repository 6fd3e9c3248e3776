import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import type { AffiliateInput, AffiliateView, PlayerAttributionView } from '../../contract/backoffice-affiliates.ts';
import { CURRENCIES } from '../../contract/money.ts';
import { backofficeApi, fieldError } from './api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from './i18n.ts';
import { Badge, Panel, SelectField, TextField } from './ui/controls.tsx';
import { formatTime } from './ui/format.ts';

/** Texts and the form the affiliate screens share (docs/affiliates.md). */
export const affiliateTexts = defineTexts({
  en: {
    name: 'Name',
    contact: 'Contact e-mail',
    status: 'Status',
    active: 'Active',
    disabled: 'Disabled',
    revenueShare: 'Revenue share (% of NGR)',
    revenueShareHint: 'Like 25 or 25.5; empty for none',
    cpa: 'CPA per first-time depositor',
    cpaHint: 'Like 50 or 50.00; empty for none',
    cpaCurrency: 'CPA currency',
    none: 'None',
    postback: 'Postback URL',
    postbackHint: 'https only. Placeholders: {click_id} {track_id} {event} {player} {amount} {currency} {td_…}; a signature parameter is added.',
    deal: 'Deal',
    dealText: '{share} % of NGR',
    dealCpa: '{amount} {currency} CPA',
    origin: 'Came from',
    affiliate: 'Affiliate',
    link: 'Link',
    referrer: 'Referrer',
    parameters: 'Tracking',
    firstSeen: 'First visit',
    firstDeposit: 'First deposit',
    direct: 'On their own (no tracked visit before sign-up)',
  },
  fr: {
    name: 'Nom',
    contact: 'E-mail de contact',
    status: 'Statut',
    active: 'Actif',
    disabled: 'Désactivé',
    revenueShare: 'Partage de revenus (% du NGR)',
    revenueShareHint: 'Comme 25 ou 25.5 ; vide pour aucun',
    cpa: 'CPA par premier dépôt',
    cpaHint: 'Comme 50 ou 50.00 ; vide pour aucun',
    cpaCurrency: 'Devise du CPA',
    none: 'Aucune',
    postback: 'URL de postback',
    postbackHint: 'https uniquement. Variables : {click_id} {track_id} {event} {player} {amount} {currency} {td_…} ; un paramètre signature est ajouté.',
    deal: 'Accord',
    dealText: '{share} % du NGR',
    dealCpa: 'CPA de {amount} {currency}',
    origin: 'Provenance',
    affiliate: 'Affilié',
    link: 'Lien',
    referrer: 'Site d’origine',
    parameters: 'Suivi',
    firstSeen: 'Première visite',
    firstDeposit: 'Premier dépôt',
    direct: 'Venu de lui-même (aucune visite suivie avant l’inscription)',
  },
});

/** The form's values as the server takes them. */
export function affiliateInput(form: FormData): AffiliateInput {
  const value = (name: string) => String(form.get(name) ?? '');
  return {
    name: value('name'),
    contact_email: value('contact_email'),
    status: value('status') === 'disabled' ? 'disabled' : 'active',
    revenue_share: value('revenue_share'),
    cpa_amount: value('cpa_amount'),
    cpa_currency: value('cpa_currency'),
    postback_url: value('postback_url'),
  };
}

/** The affiliate's fields, each with the server's message for it. */
export function AffiliateFields({ initial, error }: { initial?: AffiliateView; error: unknown }) {
  const t = useTexts(affiliateTexts);
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('name')} name="name" defaultValue={initial?.name} error={fieldError(error, 'name')} autoComplete="off" />
        <TextField label={t('contact')} name="contact_email" type="email" defaultValue={initial?.contact_email} error={fieldError(error, 'contact_email')} autoComplete="off" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('revenueShare')} name="revenue_share" inputMode="decimal" defaultValue={initial ? initial.revenue_share : '25'} hint={t('revenueShareHint')} error={fieldError(error, 'revenue_share')} />
        <SelectField
          label={t('status')}
          name="status"
          defaultValue={initial?.status ?? 'active'}
          error={fieldError(error, 'status')}
          options={[
            { value: 'active', label: t('active') },
            { value: 'disabled', label: t('disabled') },
          ]}
        />
        <TextField label={t('cpa')} name="cpa_amount" inputMode="decimal" defaultValue={initial?.cpa_currency ? initial.cpa_amount : ''} hint={t('cpaHint')} error={fieldError(error, 'cpa_amount')} />
        <SelectField
          label={t('cpaCurrency')}
          name="cpa_currency"
          defaultValue={initial?.cpa_currency ?? ''}
          error={fieldError(error, 'cpa_currency')}
          options={[{ value: '', label: t('none') }, ...Object.keys(CURRENCIES).map((code) => ({ value: code, label: code }))]}
        />
      </div>
      <TextField label={t('postback')} name="postback_url" defaultValue={initial?.postback_url ?? ''} hint={t('postbackHint')} error={fieldError(error, 'postback_url')} autoComplete="off" />
    </>
  );
}

export function AffiliateStatusBadge({ status }: { status: AffiliateView['status'] }) {
  const t = useTexts(affiliateTexts);
  return <Badge tone={status === 'active' ? 'good' : 'bad'}>{t(status)}</Badge>;
}

/** "25 % of NGR · 50.00 EUR CPA". */
export function useDealText() {
  const t = useTexts(affiliateTexts);
  return (affiliate: AffiliateView) =>
    [
      Number(affiliate.revenue_share) > 0 ? t('dealText', { share: affiliate.revenue_share }) : null,
      affiliate.cpa_currency && Number(affiliate.cpa_amount) > 0 ? t('dealCpa', { amount: affiliate.cpa_amount, currency: affiliate.cpa_currency }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

export const AFFILIATES_QUERY = ['backoffice', 'affiliates'] as const;

/** The player page's panel: where the player came from (docs/affiliates.md). */
export function PlayerAttributionPanel({ userId }: { userId: number }) {
  const t = useTexts(affiliateTexts);
  const locale = useBackofficeLocale();
  const attribution = useQuery({ queryKey: [...AFFILIATES_QUERY, 'player', userId], queryFn: () => backofficeApi<PlayerAttributionView | null>('affiliates/player-attribution', { query: { user_id: userId } }) });
  if (attribution.isLoading || attribution.isError) return null;
  const a = attribution.data;
  const parameters = a ? [...(a.track_id ? [`track_id=${a.track_id}`] : []), ...Object.entries(a.tracking).map(([key, value]) => `${key}=${value}`)] : [];
  return (
    <Panel title={t('origin')}>
      {a ? (
        <dl className="bo-dl" data-testid="player-attribution">
          <dt>{t('affiliate')}</dt>
          <dd>{a.affiliate_id !== null ? <Link to={`${BACKOFFICE_PATH}/affiliates/${a.affiliate_id}`}>{a.affiliate}</Link> : '—'}</dd>
          {a.link_code && (
            <>
              <dt>{t('link')}</dt>
              <dd className="bo-mono">/go/{a.link_code}</dd>
            </>
          )}
          <dt>{t('parameters')}</dt>
          <dd className="bo-mono break-all">{parameters.join(' · ') || '—'}</dd>
          <dt>{t('referrer')}</dt>
          <dd className="break-all">{a.referrer ?? '—'}</dd>
          <dt>{t('firstSeen')}</dt>
          <dd>{a.first_seen_at ? formatTime(a.first_seen_at, locale) : '—'}</dd>
          <dt>{t('firstDeposit')}</dt>
          <dd>{a.first_deposit ? `${a.first_deposit} · ${formatTime(a.first_deposit_at, locale)}` : '—'}</dd>
        </dl>
      ) : (
        <p className="bo-hint">{t('direct')}</p>
      )}
    </Panel>
  );
}

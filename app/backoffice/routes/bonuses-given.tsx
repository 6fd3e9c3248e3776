import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import type { MarketingBonusItem } from '../../../contract/backoffice-marketing.ts';
import { BONUS_KINDS, BONUS_STATUSES } from '../../../contract/promotions.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { CampaignSelect, marketingTexts } from '../marketing-shared.tsx';
import { PaymentPlayerCell } from '../money-cells.tsx';
import { Badge, Button, Notice, PageHeader, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import '../money.css';

const texts = defineTexts({
  en: {
    title: 'Bonuses given',
    subtitle: 'Every reward given to a player: by a campaign, a promo code, a deposit offer, by hand, from the loyalty shop or a tournament. Open the player to act on one.',
    status: 'Status',
    kind: 'Kind',
    any: 'Any',
    from: 'Given from',
    to: 'to',
    filter: 'Filter',
    caption: 'Bonuses given',
    given: 'Given',
    player: 'Player',
    bonus: 'Bonus',
    amount: 'Amount',
    wagering: 'Wagering',
    expiresAt: 'ends {at}',
    endedAt: 'ended {at}',
    available: 'available',
    active: 'active',
    completed: 'completed',
    expired: 'expired',
    forfeited: 'forfeited',
    removed: 'removed',
    kind_bonus: 'bonus money',
    kind_free_spins: 'free spins',
    kind_betting_bonus: 'betting bonus',
    kind_cashback_boost: 'cashback boost',
    noWagering: 'none',
  },
  fr: {
    title: 'Bonus accordés',
    subtitle: 'Chaque récompense accordée à un joueur : par une campagne, un code promo, une offre de dépôt, à la main, par la boutique fidélité ou un tournoi. Ouvrez le joueur pour agir.',
    status: 'Statut',
    kind: 'Type',
    any: 'Tous',
    from: 'Accordés du',
    to: 'au',
    filter: 'Filtrer',
    caption: 'Bonus accordés',
    given: 'Accordé',
    player: 'Joueur',
    bonus: 'Bonus',
    amount: 'Montant',
    wagering: 'Mise requise',
    expiresAt: 'se termine le {at}',
    endedAt: 'terminé le {at}',
    available: 'disponible',
    active: 'actif',
    completed: 'terminé',
    expired: 'expiré',
    forfeited: 'perdu',
    removed: 'retiré',
    kind_bonus: 'argent bonus',
    kind_free_spins: 'tours gratuits',
    kind_betting_bonus: 'bonus de pari',
    kind_cashback_boost: 'boost de cashback',
    noWagering: 'aucune',
  },
});

const PAGE = 50;
const statusTone = { available: 'info', active: 'good', completed: 'neutral', expired: 'warn', forfeited: 'bad', removed: 'neutral' } as const;

/** `/backoffice/bonuses`: the bonuses given, by campaign, status, kind and day. */
export default function BonusesGivenScreen() {
  const t = useTexts(texts);
  const m = useTexts(marketingTexts);
  const locale = useBackofficeLocale();
  const table = useTableParams({ pageSize: PAGE });
  const filters = { campaign_id: table.filter('campaign_id'), status: table.filter('status'), kind: table.filter('kind'), from: table.filter('from'), to: table.filter('to') };
  const bonuses = useQuery({
    queryKey: ['backoffice', 'marketing', 'bonuses', filters, table.page],
    queryFn: () => backofficeApi<{ items: MarketingBonusItem[]; total: number }>('marketing/bonuses/list', { query: { ...filters, page: table.page, limit: PAGE } }),
  });

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    table.setFilters({ campaign_id: value('campaign_id'), status: value('status'), kind: value('kind'), from: value('from'), to: value('to') });
  }

  const columns: ColumnDef<MarketingBonusItem, unknown>[] = [
    { id: 'given', header: t('given'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    { id: 'player', header: t('player'), cell: ({ row }) => <PaymentPlayerCell userId={row.original.user_id} player={row.original.player} /> },
    {
      id: 'bonus',
      header: t('bonus'),
      cell: ({ row }) => (
        <div>
          {t(`kind_${row.original.kind}`)}
          <div className="bo-hint bo-mono">{row.original.campaign ?? row.original.source}</div>
        </div>
      ),
    },
    // When it ends, or ended and why, goes under its status: a column of its own left the table wider than the screen at 1024 px.
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => (
        <div>
          <Badge tone={statusTone[row.original.status]}>{t(row.original.status)}</Badge>
          <div className="bo-hint">
            {row.original.finished_at ? t('endedAt', { at: formatTime(row.original.finished_at, locale) }) : t('expiresAt', { at: formatTime(row.original.expires_at, locale) })}
          </div>
          {row.original.finish_reason && <div className="bo-hint">{row.original.finish_reason}</div>}
        </div>
      ),
    },
    { id: 'amount', header: t('amount'), cell: ({ row }) => <span className="bo-num block whitespace-nowrap">{formatAmount(row.original.amount, row.original.currency, locale)}</span> },
    {
      id: 'wagering',
      header: t('wagering'),
      cell: ({ row }) =>
        Number(row.original.wagering_required) > 0 ? (
          <span className="bo-num block whitespace-nowrap">
            {formatAmount(row.original.wagering_done, row.original.currency, locale)}
            <span className="bo-hint block">/ {formatAmount(row.original.wagering_required, row.original.currency, locale)}</span>
          </span>
        ) : (
          <span className="bo-hint">{t('noWagering')}</span>
        ),
    },
  ];

  const error = bonuses.error;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="bo-filters" onSubmit={filter} data-testid="bonuses-filters">
        <CampaignSelect name="campaign_id" defaultValue={filters.campaign_id} anyLabel={m('anyCampaign')} />
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={[{ value: '', label: t('any') }, ...BONUS_STATUSES.map((status) => ({ value: status, label: t(status) }))]} />
        <SelectField label={t('kind')} name="kind" defaultValue={filters.kind} options={[{ value: '', label: t('any') }, ...BONUS_KINDS.map((kind) => ({ value: kind, label: t(`kind_${kind}`) }))]} />
        <TextField label={t('from')} name="from" type="date" defaultValue={filters.from} error={fieldError(error, 'from')} />
        <TextField label={t('to')} name="to" type="date" defaultValue={filters.to} error={fieldError(error, 'to')} />
        <Button type="submit">{t('filter')}</Button>
      </form>
      {error && !fieldError(error, 'from') && !fieldError(error, 'to') && <Notice tone="bad">{(error as Error).message}</Notice>}
      <DataTable caption={t('caption')} columns={columns} rows={bonuses.data?.items} total={bonuses.data?.total} loading={bonuses.isLoading} table={table} rowKey={(row) => String(row.id)} />
    </>
  );
}

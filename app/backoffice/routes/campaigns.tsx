import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { CampaignListItem } from '../../../contract/backoffice-marketing.ts';
import { CAMPAIGN_STATUSES } from '../../../contract/promotions.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { CAMPAIGNS_QUERY, CampaignStatusBadge, marketingTexts } from '../marketing-shared.tsx';
import { Can } from '../session.tsx';
import { Button, PageHeader, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';

const texts = defineTexts({
  en: {
    title: 'Campaigns',
    subtitle: 'Every campaign with its reward, audience, schedule and placements. A new campaign is a draft until it is published; preview it first, in both languages, as the site draws it.',
    create: 'New campaign',
    caption: 'Campaigns',
    search: 'Address or title',
    status: 'Status',
    any: 'Any',
    filter: 'Filter',
    campaign: 'Campaign',
    reward: 'Reward',
    state: 'Status',
    window: 'Schedule',
    placements: 'Placements',
    codes: 'Codes',
    bonuses: 'Bonuses',
    open: 'until stopped',
  },
  fr: {
    title: 'Campagnes',
    subtitle: 'Toutes les campagnes avec leur récompense, leur public, leur calendrier et leurs emplacements. Une nouvelle campagne reste un brouillon jusqu’à sa publication ; prévisualisez-la d’abord, dans les deux langues, telle que le site la dessine.',
    create: 'Nouvelle campagne',
    caption: 'Campagnes',
    search: 'Adresse ou titre',
    status: 'Statut',
    any: 'Tous',
    filter: 'Filtrer',
    campaign: 'Campagne',
    reward: 'Récompense',
    state: 'Statut',
    window: 'Calendrier',
    placements: 'Emplacements',
    codes: 'Codes',
    bonuses: 'Bonus',
    open: 'jusqu’à l’arrêt',
  },
});

/** `/backoffice/campaigns`: the list, filtered by status and address or title. */
export default function CampaignsScreen() {
  const t = useTexts(texts);
  const m = useTexts(marketingTexts);
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const table = useTableParams({ pageSize: 500 });
  const filters = { status: table.filter('status'), q: table.filter('q') };
  const list = useQuery({ queryKey: [...CAMPAIGNS_QUERY, filters], queryFn: () => backofficeApi<CampaignListItem[]>('marketing/campaigns/list', { query: filters }) });

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters({ status: String(form.get('status') ?? ''), q: String(form.get('q') ?? '').trim() });
  }

  const columns: ColumnDef<CampaignListItem, unknown>[] = [
    {
      id: 'campaign',
      header: t('campaign'),
      cell: ({ row }) => (
        <div>
          <Link to={`${BACKOFFICE_PATH}/campaigns/${row.original.id}`}>{row.original.title}</Link>
          <div className="bo-hint bo-mono">{row.original.sysname}</div>
        </div>
      ),
    },
    {
      id: 'reward',
      header: t('reward'),
      cell: ({ row }) => (
        <div>
          {m(`reward_${row.original.reward_type}`)}
          <div className="bo-hint">
            {m(`trigger_${row.original.trigger}`)} · {row.original.currency}
          </div>
        </div>
      ),
    },
    { id: 'status', header: t('state'), cell: ({ row }) => <CampaignStatusBadge status={row.original.status} running={row.original.running} /> },
    {
      id: 'window',
      header: t('window'),
      cell: ({ row }) => (
        <div className="text-[13px] whitespace-nowrap">
          {formatTime(row.original.starts_at, locale)}
          <div className="bo-hint">→ {row.original.ends_at ? formatTime(row.original.ends_at, locale) : t('open')}</div>
        </div>
      ),
    },
    { id: 'placements', header: t('placements'), cell: ({ row }) => row.original.placements.map((placement) => m(`placement_${placement}`)).join(', ') },
    { id: 'codes', header: t('codes'), cell: ({ row }) => <span className="bo-num block">{row.original.codes}</span> },
    { id: 'bonuses', header: t('bonuses'), cell: ({ row }) => <span className="bo-num block">{row.original.bonuses}</span> },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Can permission="marketing.manage">
            <Button tone="primary" onClick={() => navigate(`${BACKOFFICE_PATH}/campaigns/new`)} data-testid="campaign-new">
              {t('create')}
            </Button>
          </Can>
        }
      />
      <form className="bo-filters" onSubmit={filter}>
        <TextField label={t('search')} name="q" defaultValue={filters.q} />
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={[{ value: '', label: t('any') }, ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: m(`status_${status}`) }))]} />
        <Button type="submit">{t('filter')}</Button>
      </form>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.data}
        total={list.data?.length}
        loading={list.isLoading}
        table={table}
        rowKey={(row) => String(row.id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/campaigns/${row.id}`)}
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { TRADING_EVENT_FILTERS, type TradingEventRow } from '../../../contract/backoffice-trading.ts';
import { SPORTS } from '../../../contract/betting.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { Button, PageHeader, SelectField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import { EventStatusBadge, LiabilityFigures, tradingTexts } from '../trading-shared.tsx';
import '../trading.css';

const texts = defineTexts({
  en: {
    title: 'Sportsbook trading',
    subtitle:
      'Events and their liability: for each market, the worst case of what its open bets would pay less what was staked on it; for an event, the sum of its markets’ worst cases. Updated live as bets come in and prices move.',
    caption: 'Events',
    show: 'Show',
    sport: 'Sport',
    anySport: 'Every sport',
    filter: 'Filter',
    event: 'Event',
    kickOff: 'Kick-off',
    status: 'Status',
    markets: 'Markets',
    suspendedCount: '{n} suspended',
    openBets: 'Open bets',
    liability: 'Liability',
    bets: 'Bet list',
    open: 'open (pre-match and live)',
    all: 'all',
  },
  fr: {
    title: 'Trading des paris sportifs',
    subtitle:
      'Les événements et leur exposition : pour chaque marché, le pire cas de ce que paieraient ses paris ouverts moins ce qui y a été misé ; pour un événement, la somme des pires cas de ses marchés. Mis à jour en direct au fil des paris et des cotes.',
    caption: 'Événements',
    show: 'Afficher',
    sport: 'Sport',
    anySport: 'Tous les sports',
    filter: 'Filtrer',
    event: 'Événement',
    kickOff: 'Coup d’envoi',
    status: 'Statut',
    markets: 'Marchés',
    suspendedCount: '{n} suspendus',
    openBets: 'Paris ouverts',
    liability: 'Exposition',
    bets: 'Liste des paris',
    open: 'ouverts (avant-match et en direct)',
    all: 'tous',
  },
});

export const TRADING_QUERY = ['backoffice', 'trading'] as const;
const PAGE = 50;

export default function TradingScreen() {
  const t = useTexts(texts);
  const common = useTexts(tradingTexts);
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const table = useTableParams({ pageSize: PAGE });
  const filters = { status: table.filter('status') || 'open', sport: table.filter('sport') };
  const events = useQuery({
    queryKey: [...TRADING_QUERY, 'events', filters, table.page],
    queryFn: () => backofficeApi<{ items: TradingEventRow[]; total: number }>('trading/events', { query: { ...filters, page: table.page, limit: PAGE } }),
  });
  // Bets, prices and results change the figures: the live channel says when.
  useLiveRefresh('trading', TRADING_QUERY);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters({ status: String(form.get('status') ?? ''), sport: String(form.get('sport') ?? '') });
  }

  const columns: ColumnDef<TradingEventRow, unknown>[] = [
    { id: 'starts_at', header: t('kickOff'), cell: ({ row }) => <span className="trading-nowrap">{formatTime(row.original.starts_at, locale)}</span> },
    {
      id: 'event',
      header: t('event'),
      cell: ({ row }) => (
        <>
          <Link to={`${BACKOFFICE_PATH}/trading/${row.original.id}`} className="trading-event-name">
            {row.original.home} v {row.original.away}
          </Link>
          <div className="bo-hint">
            {common(row.original.sport)} · {row.original.competition}
          </div>
        </>
      ),
    },
    { id: 'status', header: t('status'), cell: ({ row }) => <EventStatusBadge status={row.original.status} score={row.original.score} /> },
    {
      id: 'markets',
      header: t('markets'),
      cell: ({ row }) => (
        <span className="bo-num">
          {row.original.markets}
          {row.original.suspended > 0 && <div className="bo-hint trading-warn">{t('suspendedCount', { n: row.original.suspended })}</div>}
        </span>
      ),
    },
    { id: 'open_bets', header: t('openBets'), cell: ({ row }) => <span className="bo-num">{row.original.open_bets}</span> },
    { id: 'liability', header: t('liability'), cell: ({ row }) => <LiabilityFigures amounts={row.original.liability} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Link className="bo-button bo-button-default" to={`${BACKOFFICE_PATH}/trading/bets`}>
            {t('bets')}
          </Link>
        }
      />
      <form className="bo-filters" onSubmit={filter} key={JSON.stringify(filters)}>
        <SelectField
          label={t('show')}
          name="status"
          defaultValue={filters.status}
          error={fieldError(events.error, 'status')}
          options={TRADING_EVENT_FILTERS.map((value) => ({ value, label: value === 'open' ? t('open') : value === 'all' ? t('all') : common(value) }))}
        />
        <SelectField label={t('sport')} name="sport" defaultValue={filters.sport} options={[{ value: '', label: t('anySport') }, ...SPORTS.map((value) => ({ value, label: common(value) }))]} />
        <Button type="submit">{t('filter')}</Button>
      </form>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={events.data?.items}
        total={events.data?.total}
        loading={events.isLoading}
        table={table}
        rowKey={(row) => String(row.id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/trading/${row.id}`)}
        rowTone={(row) => (row.suspended > 0 ? 'warn' : undefined)}
      />
    </>
  );
}

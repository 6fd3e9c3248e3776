import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { TRADING_EVENT_FILTERS, type TradingEventRow } from '../../../contract/backoffice-trading.ts';
import { MARKET_TYPES, SPORTS, type MarketType } from '../../../contract/betting.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { errorUntilChanged } from '../field-errors.ts';
import { useCan } from '../session.tsx';
import { Button, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
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
    margins: 'Book margins',
    marginsHint:
      'What the feed adds to the fair price of every market of a type, in percent: a market’s implied chances sum to 100% plus its margin. The feed prices with them from its next step (every 10 seconds); a market given its own margin keeps it.',
    '1x2': 'Match result (1X2)',
    match_winner: 'Match winner',
    total: 'Totals (over/under)',
    handicap: 'Handicaps',
    defaultIs: 'Default {value}%',
    saveMargins: 'Save margins',
    saved: 'Margins saved',
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
    margins: 'Marges du book',
    marginsHint:
      'Ce que le flux ajoute au prix juste de chaque marché d’un type, en pour cent : les probabilités implicites d’un marché totalisent 100 % plus sa marge. Le flux les applique dès son prochain pas (toutes les 10 secondes) ; un marché doté de sa propre marge la garde.',
    '1x2': 'Résultat du match (1N2)',
    match_winner: 'Vainqueur du match',
    total: 'Totaux (plus/moins)',
    handicap: 'Handicaps',
    defaultIs: 'Par défaut {value} %',
    saveMargins: 'Enregistrer les marges',
    saved: 'Marges enregistrées',
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
      <MarginsPanel />
    </>
  );
}

type Margins = { margins: Record<MarketType, string>; defaults: Record<MarketType, string> };

/** The book's margin per market type: read by every trader, changed by those who manage the book. */
function MarginsPanel() {
  const t = useTexts(texts);
  const can = useCan();
  const queryClient = useQueryClient();
  const manage = can('trading.manage');
  const saved = useQuery({ queryKey: [...TRADING_QUERY, 'margins'], queryFn: () => backofficeApi<Margins>('trading/margins') });
  const [draft, setDraft] = useState<Record<MarketType, string> | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<MarketType, string>) => backofficeApi<Margins>('trading/set-margins', { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...TRADING_QUERY, 'margins'], answer);
      setDraft(null);
    },
  });
  if (!saved.data) return null;
  const shown = draft ?? saved.data.margins;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(shown);
  }

  return (
    <Panel title={t('margins')} className="trading-margins">
      <p className="bo-hint">{t('marginsHint')}</p>
      <form onSubmit={submit} noValidate className="trading-margins-form">
        {MARKET_TYPES.map((type) => (
          <TextField
            key={type}
            label={t(type)}
            name={type}
            inputMode="decimal"
            value={shown[type]}
            disabled={!manage}
            hint={t('defaultIs', { value: saved.data.defaults[type] })}
            error={errorUntilChanged(save.error, save.variables, shown, type)}
            onChange={(event) => setDraft({ ...shown, [type]: event.currentTarget.value })}
          />
        ))}
        {manage && (
          <div className="trading-margins-actions">
            <Button type="submit" tone="primary" disabled={save.isPending || draft === null}>
              {t('saveMargins')}
            </Button>
            {save.isSuccess && draft === null && (
              <span className="bo-hint" role="status">
                {t('saved')}
              </span>
            )}
          </div>
        )}
      </form>
    </Panel>
  );
}

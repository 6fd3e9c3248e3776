import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { TRADING_BET_STATUSES, type PlayerLimitsView, type TradingBetView } from '../../../contract/backoffice-trading.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import { tradingTexts } from '../trading-shared.tsx';
import { TRADING_QUERY } from './trading.tsx';
import '../trading.css';

const texts = defineTexts({
  en: {
    title: 'Sports bets',
    subtitle: 'Every sportsbook bet, newest first, by event, market, status, player, date and stake. With a player chosen, their stake limits are set here too.',
    titlePlayer: 'Sports bets of {player}',
    caption: 'Bets',
    events: 'Events',
    eventId: 'Event id',
    marketId: 'Market id',
    status: 'Status',
    player: 'Player id',
    from: 'Placed from',
    to: 'Placed to',
    stakeMin: 'Stake from',
    stakeMax: 'Stake to',
    filter: 'Filter',
    reset: 'Clear',
    placed: 'Placed',
    bet: 'Bet',
    selections: 'Selections',
    stake: 'Stake',
    odds: 'Odds',
    returns: 'Return',
    potential: 'potential {amount}',
    single: 'single',
    accumulator: 'accumulator ({n} legs)',
    freeBet: 'free bet',
    version: 'settled {n}×',
    all: 'all',
    settled: 'settled',
    limits: 'Stake limits',
    limitsHint:
      'A cash bet above the player’s maximum stake, or above the stake factor × the book’s maximum stake ({book}, the same for every market), is refused on the site with the maximum named. Free bets are the promotion’s amount and are not limited here.',
    factor: 'Stake factor',
    factorHint: '1 = the book’s maximum; 0.25 = a quarter of it',
    maxStake: 'Maximum stake ({currency})',
    maxStakeHint: 'Empty: none of their own',
    effective: 'This player may stake at most {amount} on one bet.',
    save: 'Save the limits',
    saved: 'Saved.',
  },
  fr: {
    title: 'Paris sportifs',
    subtitle: 'Tous les paris sportifs, les plus récents d’abord, par événement, marché, statut, joueur, date et mise. Avec un joueur choisi, ses limites de mise se règlent ici aussi.',
    titlePlayer: 'Paris sportifs de {player}',
    caption: 'Paris',
    events: 'Événements',
    eventId: 'Id de l’événement',
    marketId: 'Id du marché',
    status: 'Statut',
    player: 'Id du joueur',
    from: 'Placé depuis',
    to: 'Placé jusqu’au',
    stakeMin: 'Mise min.',
    stakeMax: 'Mise max.',
    filter: 'Filtrer',
    reset: 'Effacer',
    placed: 'Placé',
    bet: 'Pari',
    selections: 'Sélections',
    stake: 'Mise',
    odds: 'Cote',
    returns: 'Gain',
    potential: 'potentiel {amount}',
    single: 'simple',
    accumulator: 'combiné ({n} sélections)',
    freeBet: 'pari gratuit',
    version: 'réglé {n}×',
    all: 'tous',
    settled: 'réglés',
    limits: 'Limites de mise',
    limitsHint:
      'Un pari en argent au-dessus de la mise maximale du joueur, ou au-dessus du facteur de mise × la mise maximale du livre ({book}, la même pour chaque marché), est refusé sur le site avec le maximum indiqué. Les paris gratuits ont le montant de la promotion et ne sont pas limités ici.',
    factor: 'Facteur de mise',
    factorHint: '1 = le maximum du livre ; 0.25 = le quart',
    maxStake: 'Mise maximale ({currency})',
    maxStakeHint: 'Vide : aucune qui lui soit propre',
    effective: 'Ce joueur peut miser au plus {amount} par pari.',
    save: 'Enregistrer les limites',
    saved: 'Enregistré.',
  },
});

const PAGE = 50;
const FILTERS = ['event_id', 'market_id', 'status', 'user_id', 'from', 'to', 'stake_min', 'stake_max'] as const;
const betTone = { open: 'info', won: 'good', half_won: 'good', lost: 'bad', half_lost: 'bad', void: 'neutral', cashed_out: 'warn' } as const;

export default function TradingBetsScreen() {
  const t = useTexts(texts);
  const common = useTexts(tradingTexts);
  const locale = useBackofficeLocale();
  const table = useTableParams({ pageSize: PAGE });
  const filters = Object.fromEntries(FILTERS.map((key) => [key, table.filter(key)])) as Record<(typeof FILTERS)[number], string>;
  const bets = useQuery({
    queryKey: [...TRADING_QUERY, 'bets', filters, table.page],
    queryFn: () => backofficeApi<{ items: TradingBetView[]; total: number }>('trading/bets', { query: { ...filters, page: table.page, limit: PAGE } }),
    retry: false,
  });
  useLiveRefresh('trading', TRADING_QUERY);
  const userId = /^\d+$/.test(filters.user_id) ? Number(filters.user_id) : null;

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters(Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '').trim()])));
  }

  const money = (amount: string, currency: string) => formatAmount(amount, currency, locale);
  const columns: ColumnDef<TradingBetView, unknown>[] = [
    {
      id: 'placed_at',
      header: t('placed'),
      cell: ({ row }) => (
        <span className="trading-nowrap">
          {formatTime(row.original.placed_at, locale)}
          <div className="bo-hint bo-mono">#{row.original.id}</div>
        </span>
      ),
    },
    {
      id: 'player',
      header: t('player'),
      cell: ({ row }) => (
        <>
          <Link to={`${BACKOFFICE_PATH}/players/${row.original.user_id}`}>{row.original.login ?? `#${row.original.user_id}`}</Link>
          <div className="bo-hint">
            <Link to={`${BACKOFFICE_PATH}/trading/bets?user_id=${row.original.user_id}`}>#{row.original.user_id}</Link>
          </div>
        </>
      ),
    },
    {
      id: 'selections',
      header: t('selections'),
      cell: ({ row }) => (
        <ul className="trading-legs">
          {row.original.legs.map((leg) => (
            <li key={leg.selection_id}>
              <strong>{leg.selection_name}</strong> @ {leg.odds}
              {leg.result && <> · {common(leg.result)}</>}
              <div className="bo-hint">
                <Link to={`${BACKOFFICE_PATH}/trading/${leg.event_id}`}>{leg.event_name}</Link> · {leg.market_name}
              </div>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'stake',
      header: t('stake'),
      cell: ({ row }) => (
        <span className="trading-amount">
          {money(row.original.stake, row.original.currency)}
          <div className="bo-hint">
            {row.original.kind === 'single' ? t('single') : t('accumulator', { n: row.original.legs.length })}
            {row.original.funding === 'free_bet' && ` · ${t('freeBet')}`}
          </div>
        </span>
      ),
    },
    { id: 'odds', header: t('odds'), cell: ({ row }) => <span className="bo-num">{row.original.odds}</span> },
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => (
        <>
          <Badge tone={betTone[row.original.status]}>{common(row.original.status)}</Badge>
          {row.original.settlement_version > 1 && <div className="bo-hint">{t('version', { n: row.original.settlement_version })}</div>}
        </>
      ),
    },
    {
      id: 'return',
      header: t('returns'),
      cell: ({ row }) =>
        row.original.return !== null ? (
          <span className="trading-amount">{money(row.original.return, row.original.currency)}</span>
        ) : (
          <span className="bo-hint">{t('potential', { amount: money(row.original.potential_return, row.original.currency) })}</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={userId !== null ? t('titlePlayer', { player: bets.data?.items[0]?.login ?? `#${userId}` }) : t('title')}
        subtitle={t('subtitle')}
        actions={
          <Link className="bo-button bo-button-default" to={`${BACKOFFICE_PATH}/trading`}>
            {t('events')}
          </Link>
        }
      />
      {userId !== null && <PlayerLimits key={userId} userId={userId} t={t} />}
      <form className="bo-filters" onSubmit={filter} key={JSON.stringify(filters)} noValidate>
        <TextField label={t('eventId')} name="event_id" inputMode="numeric" defaultValue={filters.event_id} error={fieldError(bets.error, 'event_id')} />
        <TextField label={t('marketId')} name="market_id" inputMode="numeric" defaultValue={filters.market_id} error={fieldError(bets.error, 'market_id')} />
        <SelectField
          label={t('status')}
          name="status"
          defaultValue={filters.status || 'all'}
          options={TRADING_BET_STATUSES.map((value) => ({ value, label: value === 'all' ? t('all') : value === 'settled' ? t('settled') : common(value) }))}
        />
        <TextField label={t('player')} name="user_id" inputMode="numeric" defaultValue={filters.user_id} error={fieldError(bets.error, 'user_id')} />
        <TextField label={t('from')} name="from" type="date" defaultValue={filters.from} error={fieldError(bets.error, 'from')} />
        <TextField label={t('to')} name="to" type="date" defaultValue={filters.to} error={fieldError(bets.error, 'to')} />
        <TextField label={t('stakeMin')} name="stake_min" inputMode="decimal" defaultValue={filters.stake_min} error={fieldError(bets.error, 'stake_min')} />
        <TextField label={t('stakeMax')} name="stake_max" inputMode="decimal" defaultValue={filters.stake_max} error={fieldError(bets.error, 'stake_max')} />
        <Button type="submit">{t('filter')}</Button>
        <Button tone="quiet" onClick={() => table.setFilters(Object.fromEntries(FILTERS.map((key) => [key, ''])))}>
          {t('reset')}
        </Button>
      </form>
      <DataTable caption={t('caption')} columns={columns} rows={bets.data?.items} total={bets.data?.total} loading={bets.isLoading} table={table} rowKey={(row) => String(row.id)} />
    </>
  );
}

type T = ReturnType<typeof useTexts<keyof typeof texts.en>>;

function PlayerLimits({ userId, t }: { userId: number; t: T }) {
  const locale = useBackofficeLocale();
  const can = useCan();
  const queryClient = useQueryClient();
  const key = [...TRADING_QUERY, 'limits', userId];
  const limits = useQuery({ queryKey: key, queryFn: () => backofficeApi<PlayerLimitsView>('trading/player-limits', { query: { user_id: userId } }), retry: false });
  const save = useMutation({
    mutationFn: (body: { user_id: number; stake_factor: string; max_stake: string | null }) => backofficeApi<PlayerLimitsView>('trading/set-player-limits', { body }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
  const view = limits.data;
  if (limits.error) return <Notice tone="bad">{fieldError(limits.error, 'user_id') ?? (limits.error as Error).message}</Notice>;
  if (!view) return null;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const max = String(form.get('max_stake') ?? '').trim();
    save.mutate({ user_id: userId, stake_factor: String(form.get('stake_factor') ?? '').trim(), max_stake: max === '' ? null : max });
  }
  return (
    <Panel title={t('limits')} className="trading-limits">
      <p className="bo-hint">{t('limitsHint', { book: formatAmount(view.book_max_stake, view.currency, locale) })}</p>
      <form className="bo-form" onSubmit={submit} noValidate aria-label={t('limits')} key={view.updated_at ?? 'none'}>
        <div className="trading-limits-row">
          <TextField label={t('factor')} name="stake_factor" inputMode="decimal" defaultValue={view.stake_factor} hint={t('factorHint')} error={fieldError(save.error, 'stake_factor')} disabled={!can('trading.manage')} />
          <TextField
            label={t('maxStake', { currency: view.currency })}
            name="max_stake"
            inputMode="decimal"
            defaultValue={view.max_stake ?? ''}
            hint={t('maxStakeHint')}
            error={fieldError(save.error, 'max_stake')}
            disabled={!can('trading.manage')}
          />
          {can('trading.manage') && (
            <Button type="submit" tone="primary" disabled={save.isPending}>
              {t('save')}
            </Button>
          )}
        </div>
        <p data-testid="effective-max-stake">
          <strong>{t('effective', { amount: formatAmount(view.effective_max_stake, view.currency, locale) })}</strong> {save.isSuccess && <span className="bo-hint">{t('saved')}</span>}
        </p>
      </form>
    </Panel>
  );
}

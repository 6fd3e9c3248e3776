import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { PLAYER_STATUSES, type PlayerMatch, type PlayerSearchPage, type PlayerSearchRow } from '../../../contract/backoffice-players.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { Can } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import { PendingAdjustments, playerTexts, StatusBadge } from '../players-shared.tsx';
import '../players.css';

const texts = defineTexts({
  en: {
    title: 'Players',
    subtitle: 'Find a player by id, e-mail, phone, display name, an address they came from, or the IBAN or wallet they withdraw to.',
    q: 'Search',
    qHint: 'id, e-mail, +33 6…, name, 203.0.113.7, IBAN',
    country: 'Country',
    status: 'Status',
    any: 'Any',
    from: 'Signed up from',
    to: 'Signed up until',
    verifiedFilter: 'Verified',
    excluded: 'Excluded',
    tag: 'Tag',
    testFilter: 'Test accounts',
    yes: 'Yes',
    no: 'No',
    search: 'Search',
    reset: 'Clear',
    player: 'Player',
    registered: 'Signed up',
    tags: 'Tags',
    found: 'Found by',
    caption: 'Players found',
    pending: 'Adjustments waiting for a second member',
  },
  fr: {
    title: 'Joueurs',
    subtitle: 'Trouver un joueur par id, e-mail, téléphone, pseudo, une adresse d’où il est venu, ou l’IBAN ou le portefeuille vers lequel il retire.',
    q: 'Recherche',
    qHint: 'id, e-mail, +33 6…, pseudo, 203.0.113.7, IBAN',
    country: 'Pays',
    status: 'Statut',
    any: 'Tous',
    from: 'Inscrit depuis',
    to: 'Inscrit jusqu’au',
    verifiedFilter: 'Vérifié',
    excluded: 'Exclu',
    tag: 'Étiquette',
    testFilter: 'Comptes de test',
    yes: 'Oui',
    no: 'Non',
    search: 'Rechercher',
    reset: 'Effacer',
    player: 'Joueur',
    registered: 'Inscription',
    tags: 'Étiquettes',
    found: 'Trouvé par',
    caption: 'Joueurs trouvés',
    pending: 'Ajustements en attente d’un second membre',
  },
});

const FILTERS = ['q', 'country', 'status', 'registered_from', 'registered_to', 'verified', 'excluded', 'tag', 'test'] as const;
const PAGE = 50;

export default function PlayersScreen() {
  const t = useTexts(texts);
  const pt = useTexts(playerTexts);
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const table = useTableParams({ sort: 'registered_at', dir: 'desc', pageSize: PAGE });
  const filters = Object.fromEntries(FILTERS.map((key) => [key, table.filter(key)])) as Record<(typeof FILTERS)[number], string>;
  const players = useQuery({
    queryKey: ['backoffice', 'players', 'search', filters, table.sort, table.dir, table.page],
    queryFn: () => backofficeApi<PlayerSearchPage>('players/search', { query: { ...filters, sort: table.sort, dir: table.dir, page: table.page, limit: PAGE } }),
  });
  const tags = useQuery({ queryKey: ['backoffice', 'players', 'tags'], queryFn: () => backofficeApi<string[]>('players/tags-in-use'), staleTime: 60_000 });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters(Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '').trim()])));
  }

  const yesNo = [
    { value: '', label: t('any') },
    { value: 'yes', label: t('yes') },
    { value: 'no', label: t('no') },
  ];
  const columns: ColumnDef<PlayerSearchRow, unknown>[] = [
    { id: 'id', header: '#', cell: ({ row }) => <span className="bo-mono">{row.original.id}</span> },
    {
      id: 'fakename',
      header: t('player'),
      cell: ({ row }) => (
        <>
          <Link to={`${BACKOFFICE_PATH}/players/${row.original.id}`} className="bo-player-link">
            {row.original.login ?? `#${row.original.id}`}
          </Link>
          {row.original.fakename && <div className="bo-hint">{row.original.fakename}</div>}
        </>
      ),
    },
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => (
        <span className="bo-actions">
          <StatusBadge status={row.original.status} />
          {row.original.is_verified && <Badge tone="info">{pt('verified')}</Badge>}
          {row.original.is_test_account && <Badge tone="warn">{pt('test')}</Badge>}
        </span>
      ),
    },
    {
      id: 'country',
      header: t('country'),
      cell: ({ row }) => (
        <>
          {row.original.country ?? '—'}
          <div className="bo-hint">{row.original.currency}</div>
        </>
      ),
    },
    { id: 'registered_at', header: t('registered'), cell: ({ row }) => formatTime(row.original.registered_at, locale) },
    { id: 'tags', header: t('tags'), cell: ({ row }) => <span className="bo-tags">{row.original.tags.map((tag) => <Badge key={tag}>{tag}</Badge>)}</span> },
  ];
  // Which key found a row matters only when something was searched for.
  if (filters.q) columns.push({ id: 'matched', header: t('found'), cell: ({ row }) => <span className="bo-hint">{row.original.matched.map((match: PlayerMatch) => pt(match)).join(', ')}</span> });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="bo-filters bo-player-filters" onSubmit={submit} key={JSON.stringify(filters)} role="search">
        <TextField label={t('q')} name="q" defaultValue={filters.q} placeholder={t('qHint')} className="bo-field-search" type="search" autoFocus />
        <TextField label={t('country')} name="country" defaultValue={filters.country} placeholder="FR" maxLength={2} error={fieldError(players.error, 'country')} className="bo-field-narrow" />
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={[{ value: '', label: t('any') }, ...PLAYER_STATUSES.map((status) => ({ value: status, label: pt(status) }))]} />
        <TextField label={t('from')} name="registered_from" type="date" defaultValue={filters.registered_from} error={fieldError(players.error, 'registered_from')} />
        <TextField label={t('to')} name="registered_to" type="date" defaultValue={filters.registered_to} error={fieldError(players.error, 'registered_to')} />
        <SelectField label={t('verifiedFilter')} name="verified" defaultValue={filters.verified} options={yesNo} className="bo-field-narrow" />
        <SelectField label={t('excluded')} name="excluded" defaultValue={filters.excluded} options={yesNo} className="bo-field-narrow" />
        <SelectField label={t('tag')} name="tag" defaultValue={filters.tag} options={[{ value: '', label: t('any') }, ...(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))]} />
        <SelectField label={t('testFilter')} name="test" defaultValue={filters.test} options={yesNo} className="bo-field-narrow" />
        <span className="bo-actions">
          <Button type="submit" tone="primary">
            {t('search')}
          </Button>
          <Button tone="quiet" onClick={() => table.setFilters(Object.fromEntries(FILTERS.map((key) => [key, undefined])))}>
            {t('reset')}
          </Button>
        </span>
      </form>
      {fieldError(players.error, '_') && <Notice tone="bad">{fieldError(players.error, '_')}</Notice>}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={players.data?.items}
        total={players.data?.total}
        loading={players.isLoading}
        table={table}
        sortable={['id', 'fakename', 'status', 'country', 'registered_at']}
        rowKey={(row) => String(row.id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/players/${row.id}`)}
        rowTone={(row) => (row.status === 'banned' ? 'bad' : row.is_test_account ? 'warn' : undefined)}
      />
      <Can permission="players.adjust-approve">
        <PendingAdjustments title={t('pending')} />
      </Can>
    </>
  );
}

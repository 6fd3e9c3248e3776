import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import type { TournamentAdminRow } from '../../../contract/backoffice-loyalty-tournaments.ts';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { Can } from '../session.tsx';
import { Badge, Button, PageHeader, SelectField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';

export const meta = () => [{ title: 'Tournaments · Croupier back office' }];

const texts = defineTexts({
  en: {
    title: 'Tournaments',
    subtitle: 'Running, upcoming and finished tournaments. Open one for its live leaderboard, to change it before it starts, or to end it now.',
    create: 'New tournament',
    status: 'Status',
    all: 'All',
    active: 'Running',
    upcoming: 'Upcoming',
    finished: 'Finished',
    name: 'Tournament',
    window: 'Window',
    players: 'Players',
    pool: 'Prize pool',
    games: 'Games',
    allGames: 'All in-house',
    caption: 'Tournaments',
  },
  fr: {
    title: 'Tournois',
    subtitle: 'Tournois en cours, à venir et terminés. Ouvrez-en un pour son classement en direct, pour le modifier avant son début ou pour le terminer maintenant.',
    create: 'Nouveau tournoi',
    status: 'Statut',
    all: 'Tous',
    active: 'En cours',
    upcoming: 'À venir',
    finished: 'Terminé',
    name: 'Tournoi',
    window: 'Période',
    players: 'Joueurs',
    pool: 'Dotation',
    games: 'Jeux',
    allGames: 'Tous (maison)',
    caption: 'Tournois',
  },
});

export const statusTone = { active: 'good', upcoming: 'info', finished: 'neutral' } as const;

/** /backoffice/tournaments: every tournament, running first; live while scores move. */
export default function TournamentsScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const table = useTableParams();
  const navigate = useNavigate();
  const status = table.filter('status') || 'all';
  const key = ['tournaments', status];
  const list = useQuery({ queryKey: key, queryFn: () => backofficeApi<TournamentAdminRow[]>('marketing/tournaments/list', { query: { status } }) });
  useLiveRefresh('tournament', key);
  const rows = list.data ?? [];
  const page = rows.slice(table.offset, table.offset + table.pageSize);
  const columns: ColumnDef<TournamentAdminRow, unknown>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: ({ row }) => (
        <>
          <strong>{row.original.name}</strong>
          <div className="bo-hint bo-mono">{row.original.sysname}</div>
        </>
      ),
    },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge tone={statusTone[row.original.status]}>{t(row.original.status)}</Badge> },
    { id: 'window', header: t('window'), cell: ({ row }) => `${formatTime(row.original.starts_at, locale)} → ${formatTime(row.original.ends_at, locale)}` },
    { id: 'games', header: t('games'), cell: ({ row }) => (row.original.games === null ? t('allGames') : row.original.games.join(', ')) },
    { id: 'players', header: () => <span className="bo-num">{t('players')}</span>, cell: ({ row }) => <span className="bo-num">{row.original.players}</span> },
    { id: 'pool', header: () => <span className="bo-num">{t('pool')}</span>, cell: ({ row }) => <span className="bo-num">{formatAmount(row.original.total_prize, row.original.currency, locale)}</span> },
  ];
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Can permission="marketing.manage">
            <Button tone="primary" onClick={() => navigate(`${BACKOFFICE_PATH}/tournaments/new`)} data-testid="tournament-new">
              {t('create')}
            </Button>
          </Can>
        }
      />
      <div className="bo-filters">
        <SelectField
          label={t('status')}
          value={status}
          onChange={(event) => table.setFilters({ status: event.target.value === 'all' ? undefined : event.target.value })}
          options={(['all', 'active', 'upcoming', 'finished'] as const).map((value) => ({ value, label: t(value) }))}
        />
      </div>
      <DataTable
        columns={columns}
        rows={page}
        total={rows.length}
        loading={list.isLoading}
        table={table}
        rowKey={(row) => String(row.id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/tournaments/${row.id}`)}
        caption={t('caption')}
      />
    </>
  );
}

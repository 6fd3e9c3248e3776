import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { RiskCaseView } from '../../../contract/risk.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { CaseStatusBadge, PlayerCell, riskTexts } from '../risk-texts.tsx';
import { useMe } from '../session.tsx';
import { Badge, Notice, PageHeader, SelectField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    title: 'Compliance cases',
    subtitle: 'One case per player at a time: every alert joins the open one. Work it, hold withdrawals if needed, close it with an outcome.',
    status: 'Status',
    active: 'Open or investigating',
    all: 'Every case',
    assigned: 'Assigned to',
    anyone: 'Anyone',
    me: 'Me',
    case: 'Case',
    player: 'Player',
    rules: 'Alerts',
    hold: 'Withdrawals',
    held: 'held',
    updated: 'Last change',
    opened: 'opened {at}',
    caption: 'Compliance cases',
    nobody: 'unassigned',
  },
  fr: {
    title: 'Dossiers de conformité',
    subtitle: 'Un dossier par joueur à la fois : chaque alerte rejoint le dossier ouvert. Traitez-le, bloquez les retraits si besoin, clôturez-le avec une issue.',
    status: 'Statut',
    active: 'Ouverts ou en enquête',
    all: 'Tous les dossiers',
    assigned: 'Attribué à',
    anyone: 'Tout le monde',
    me: 'Moi',
    case: 'Dossier',
    player: 'Joueur',
    rules: 'Alertes',
    hold: 'Retraits',
    held: 'bloqués',
    updated: 'Dernier changement',
    opened: 'ouvert le {at}',
    caption: 'Dossiers de conformité',
    nobody: 'non attribué',
  },
});

const PAGE = 50;

export default function RiskCases() {
  const t = useTexts(texts);
  const r = useTexts(riskTexts);
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const me = useMe();
  const table = useTableParams({ pageSize: PAGE });
  const status = table.filter('status') || 'active';
  const assigned = table.filter('assigned_to');
  const cases = useQuery({
    queryKey: ['backoffice', 'risk', 'cases', status, assigned, table.page],
    queryFn: () => backofficeApi<{ items: RiskCaseView[]; total: number }>('risk/cases', { query: { status, assigned_to: assigned || undefined, page: table.page, limit: PAGE } }),
  });
  useLiveRefresh('risk', ['backoffice', 'risk']);

  const columns: ColumnDef<RiskCaseView, unknown>[] = [
    {
      id: 'case',
      header: t('case'),
      cell: ({ row }) => (
        <>
          <strong>#{row.original.id}</strong> <CaseStatusBadge status={row.original.status} outcome={row.original.outcome} />
          <div className="bo-hint">{t('opened', { at: formatTime(row.original.opened_at, locale) })}</div>
        </>
      ),
    },
    {
      id: 'player',
      header: t('player'),
      cell: ({ row }) => <PlayerCell player={row.original.player} userId={row.original.user_id} />,
    },
    { id: 'rules', header: t('rules'), cell: ({ row }) => `${row.original.alerts} · ${row.original.rules.map((id) => r(id)).join(', ')}` },
    { id: 'assigned', header: t('assigned'), cell: ({ row }) => row.original.assigned_to?.name ?? <span className="bo-hint">{t('nobody')}</span> },
    { id: 'hold', header: t('hold'), cell: ({ row }) => (row.original.holds_withdrawals ? <Badge tone="bad">{t('held')}</Badge> : '—') },
    { id: 'updated', header: t('updated'), cell: ({ row }) => formatTime(row.original.updated_at, locale) },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="bo-filters">
        <SelectField
          label={t('status')}
          value={status}
          onChange={(event) => table.setFilters({ status: event.target.value === 'active' ? '' : event.target.value })}
          options={[
            { value: 'active', label: t('active') },
            { value: 'open', label: r('open') },
            { value: 'investigating', label: r('investigating') },
            { value: 'closed', label: r('closed') },
            { value: 'all', label: t('all') },
          ]}
          error={fieldError(cases.error, 'status')}
        />
        <SelectField
          label={t('assigned')}
          value={assigned}
          onChange={(event) => table.setFilters({ assigned_to: event.target.value })}
          options={[{ value: '', label: t('anyone') }, ...(me.data ? [{ value: String(me.data.id), label: t('me') }] : [])]}
        />
      </div>
      {cases.isError && <Notice tone="bad">{cases.error.message}</Notice>}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={cases.data?.items}
        total={cases.data?.total}
        loading={cases.isLoading}
        table={table}
        rowKey={(row) => String(row.id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/risk/cases/${row.id}`)}
        rowTone={(row) => (row.holds_withdrawals ? 'bad' : row.status === 'open' ? 'warn' : undefined)}
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { RISK_RULE_IDS, type RiskAlertView } from '../../../contract/risk.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { CaseStatusBadge, PlayerCell, riskTexts, useAlertSummary } from '../risk-texts.tsx';
import { Notice, PageHeader, SelectField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    title: 'Risk alerts',
    subtitle: 'What the risk rules found, newest first. Each alert belongs to its player’s compliance case: open a row to work the case.',
    rule: 'Rule',
    any: 'Every rule',
    player: 'Player',
    found: 'What the rule saw',
    case: 'Case',
    raised: 'Raised',
    caption: 'Risk alerts',
    caseN: '#{id}',
  },
  fr: {
    title: 'Alertes de risque',
    subtitle: 'Ce que les règles de risque ont relevé, les plus récentes d’abord. Chaque alerte appartient au dossier de conformité de son joueur : ouvrez une ligne pour traiter le dossier.',
    rule: 'Règle',
    any: 'Toutes les règles',
    player: 'Joueur',
    found: 'Ce que la règle a vu',
    case: 'Dossier',
    raised: 'Levée',
    caption: 'Alertes de risque',
    caseN: 'n° {id}',
  },
});

const PAGE = 50;

export default function RiskAlerts() {
  const t = useTexts(texts);
  const r = useTexts(riskTexts);
  const summary = useAlertSummary();
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const table = useTableParams({ pageSize: PAGE });
  const rule = table.filter('rule');
  const alerts = useQuery({
    queryKey: ['backoffice', 'risk', 'alerts', rule, table.page],
    queryFn: () => backofficeApi<{ items: RiskAlertView[]; total: number }>('risk/alerts', { query: { rule, page: table.page, limit: PAGE } }),
  });
  useLiveRefresh('risk', ['backoffice', 'risk']);

  const columns: ColumnDef<RiskAlertView, unknown>[] = [
    { id: 'raised', header: t('raised'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    { id: 'rule', header: t('rule'), cell: ({ row }) => <strong>{r(row.original.rule_id)}</strong> },
    {
      id: 'player',
      header: t('player'),
      cell: ({ row }) => <PlayerCell player={row.original.player} userId={row.original.user_id} />,
    },
    { id: 'found', header: t('found'), cell: ({ row }) => summary(row.original) },
    {
      id: 'case',
      header: t('case'),
      cell: ({ row }) => (
        <>
          {t('caseN', { id: row.original.case_id })} <CaseStatusBadge status={row.original.case_status} />
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="bo-filters">
        <SelectField
          label={t('rule')}
          value={rule}
          onChange={(event) => table.setFilters({ rule: event.target.value })}
          options={[{ value: '', label: t('any') }, ...RISK_RULE_IDS.map((id) => ({ value: id, label: r(id) }))]}
          error={fieldError(alerts.error, 'rule')}
        />
      </div>
      {alerts.isError && <Notice tone="bad">{alerts.error.message}</Notice>}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={alerts.data?.items}
        total={alerts.data?.total}
        loading={alerts.isLoading}
        table={table}
        rowKey={(row) => String(row.id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/risk/cases/${row.case_id}`)}
        rowTone={(row) => (row.case_status === 'open' ? 'warn' : undefined)}
      />
    </>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import type { CashbackCampaignItem, CashbackRunItem } from '../../../contract/backoffice-marketing.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { CampaignStatusBadge } from '../marketing-shared.tsx';
import { Can } from '../session.tsx';
import { Button, Notice, PageHeader, Panel, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';

const texts = defineTexts({
  en: {
    title: 'Cashback runs',
    subtitle: 'A run computes, for each cashback campaign, its last complete period: each player in its audience with a net real-money loss gets its percent back, paid through the ledger at once (automatic) or on the player’s request. The schedule runs it every hour; a run started here does the same, once: a period already computed pays nothing twice.',
    campaigns: 'Cashback campaigns',
    campaign: 'Campaign',
    rate: 'Rate',
    period: 'Period',
    periodDays: 'every {days} days',
    payout: 'Payout',
    payout_request: 'on request',
    payout_auto: 'automatic',
    due: 'Last complete period',
    none: 'none yet',
    run: 'Run a computation',
    at: 'As of',
    atHint: 'Empty: now. Each campaign’s last period complete at that moment; never in the future.',
    start: 'Run now',
    confirm: 'Run the cashback computation as of {at}? Automatic campaigns pay through the ledger at once.',
    ran: 'Run as of {at}: {created} new cashbacks (a period computed before pays nothing again).',
    runs: 'Computed periods',
    caption: 'Cashback runs',
    computed: 'Computed',
    players: 'Players',
    netLoss: 'Net loss',
    amount: 'Cashback',
    paid: 'Paid',
    statuses: 'Waiting / paid / expired',
    nowWord: 'now',
  },
  fr: {
    title: 'Calculs de cashback',
    subtitle: 'Un calcul traite, pour chaque campagne de cashback, sa dernière période complète : chaque joueur de son public avec une perte nette en argent réel récupère son pourcentage, versé par le grand livre tout de suite (automatique) ou à la demande du joueur. Le calendrier le lance toutes les heures ; un calcul lancé ici fait de même, une fois : une période déjà calculée ne paie jamais deux fois.',
    campaigns: 'Campagnes de cashback',
    campaign: 'Campagne',
    rate: 'Taux',
    period: 'Période',
    periodDays: 'tous les {days} jours',
    payout: 'Versement',
    payout_request: 'à la demande',
    payout_auto: 'automatique',
    due: 'Dernière période complète',
    none: 'pas encore',
    run: 'Lancer un calcul',
    at: 'À la date du',
    atHint: 'Vide : maintenant. La dernière période complète de chaque campagne à ce moment ; jamais dans le futur.',
    start: 'Lancer',
    confirm: 'Lancer le calcul du cashback à la date du {at} ? Les campagnes automatiques paient tout de suite par le grand livre.',
    ran: 'Calcul au {at} : {created} nouveaux cashbacks (une période déjà calculée ne paie pas une seconde fois).',
    runs: 'Périodes calculées',
    caption: 'Calculs de cashback',
    computed: 'Calculé',
    players: 'Joueurs',
    netLoss: 'Perte nette',
    amount: 'Cashback',
    paid: 'Versé',
    statuses: 'En attente / versés / expirés',
    nowWord: 'maintenant',
  },
});

const QUERY = ['backoffice', 'marketing', 'cashback'] as const;
const PAGE = 50;

/** `/backoffice/cashback`: the cashback campaigns, the computed periods with their totals, and a run. */
export default function CashbackScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const table = useTableParams({ pageSize: PAGE });
  const runs = useQuery({
    queryKey: [...QUERY, table.page],
    queryFn: () => backofficeApi<{ items: CashbackRunItem[]; total: number; campaigns: CashbackCampaignItem[] }>('marketing/cashback/runs', { query: { page: table.page, limit: PAGE } }),
  });
  const [done, setDone] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (at: string | undefined) => backofficeApi<{ at: string; created: number }>('marketing/cashback/run', { body: at ? { at } : {} }),
    onSuccess: (answer) => {
      setDone(t('ran', { at: formatTime(answer.at, locale), created: answer.created }));
      void queryClient.invalidateQueries({ queryKey: QUERY });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const value = String(new FormData(event.currentTarget).get('at') ?? '');
    const at = value ? new Date(value).toISOString() : undefined;
    if (window.confirm(t('confirm', { at: at ? formatTime(at, locale) : t('nowWord') }))) run.mutate(at);
  }

  const columns: ColumnDef<CashbackRunItem, unknown>[] = [
    {
      id: 'period',
      header: t('period'),
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          {formatTime(row.original.period_start, locale)} → {formatTime(row.original.period_end, locale)}
          <div className="bo-hint bo-mono">{row.original.campaign}</div>
        </div>
      ),
    },
    { id: 'computed', header: t('computed'), cell: ({ row }) => formatTime(row.original.computed_at, locale) },
    { id: 'players', header: t('players'), cell: ({ row }) => <span className="bo-num block">{row.original.players}</span> },
    { id: 'net_loss', header: t('netLoss'), cell: ({ row }) => <span className="bo-num block">{formatAmount(row.original.net_loss, row.original.currency, locale)}</span> },
    { id: 'amount', header: t('amount'), cell: ({ row }) => <span className="bo-num block font-semibold">{formatAmount(row.original.amount, row.original.currency, locale)}</span> },
    { id: 'paid', header: t('paid'), cell: ({ row }) => <span className="bo-num block">{formatAmount(row.original.paid, row.original.currency, locale)}</span> },
    {
      id: 'statuses',
      header: t('statuses'),
      cell: ({ row }) => (
        <span className="bo-num block">
          {row.original.statuses.active} / {row.original.statuses.paid_out} / {row.original.statuses.expired}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {done && <Notice tone="good">{done}</Notice>}
      {/* The campaigns' table takes two thirds: at 1024 px, halves left it scrolling sideways. */}
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(15rem,1fr)] items-start gap-4">
        <Panel title={t('campaigns')} className="min-w-0">
          <div className="bo-table-wrap">
            <table className="bo-table" data-testid="cashback-campaigns">
              <thead>
                <tr>
                  <th scope="col">{t('campaign')}</th>
                  <th scope="col">{t('rate')}</th>
                  <th scope="col">{t('payout')}</th>
                  <th scope="col">{t('due')}</th>
                </tr>
              </thead>
              <tbody>
                {(runs.data?.campaigns ?? []).map((campaign) => (
                  <tr key={campaign.id}>
                    <td>
                      <span className="bo-mono">{campaign.sysname}</span>
                      <div>
                        <CampaignStatusBadge status={campaign.status} running={false} />
                      </div>
                    </td>
                    <td>
                      {campaign.percent}%<div className="bo-hint whitespace-nowrap">{t('periodDays', { days: campaign.period_days })}</div>
                    </td>
                    <td>{t(`payout_${campaign.payout}`)}</td>
                    <td className="whitespace-nowrap">
                      {campaign.due_period ? (
                        <>
                          {formatTime(campaign.due_period.start, locale)}
                          <div className="bo-hint">→ {formatTime(campaign.due_period.end, locale)}</div>
                        </>
                      ) : (
                        t('none')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
        <Can permission="marketing.manage">
          <Panel title={t('run')}>
            <form className="bo-form" onSubmit={submit} data-testid="cashback-run">
              <TextField label={t('at')} name="at" type="datetime-local" hint={t('atHint')} error={fieldError(run.error, 'at')} />
              {run.error && !fieldError(run.error, 'at') && <Notice tone="bad">{(run.error as Error).message}</Notice>}
              <Button type="submit" tone="primary" disabled={run.isPending}>
                {t('start')}
              </Button>
            </form>
          </Panel>
        </Can>
      </div>
      <h2 className="text-[15px]">{t('runs')}</h2>
      <DataTable caption={t('caption')} columns={columns} rows={runs.data?.items} total={runs.data?.total} loading={runs.isLoading} table={table} rowKey={(row) => `${row.campaign_id}:${row.period_start}`} />
    </>
  );
}

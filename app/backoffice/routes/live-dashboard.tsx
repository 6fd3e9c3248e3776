import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import type { LiveDashboard, LiveDashboardCurrency, LiveDashboardMinute } from '../../../contract/backoffice-reports.ts';
import { BACKOFFICE_PATH, type Permission } from '../../../contract/backoffice.ts';
import type { RiskAlertView } from '../../../contract/risk.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { onStaffEvent, useLiveRefresh } from '../live.ts';
import '../reports.css';
import { CaseStatusBadge, riskTexts, useAlertSummary } from '../risk-texts.tsx';
import { useCan } from '../session.tsx';
import { Badge, Notice, PageHeader, Panel } from '../ui/controls.tsx';
import { Kpi } from '../ui/kpi.tsx';
import { formatTime } from '../ui/format.ts';
import { Sparkline } from '../ui/sparkline.tsx';

const texts = defineTexts({
  en: {
    title: 'Live dashboard',
    subtitle: 'Pushed every 10 s. Players online are those with the site open now; the money is the ledger as folded, a minute or two behind (docs/reports.md). Today is the UTC day; test accounts are left out.',
    live: 'Live',
    updated: 'Updated {at}',
    online: 'Players online',
    queues: 'Waiting for staff',
    withdrawals: 'Withdrawals to decide',
    verification: 'Verifications to review',
    risk_cases: 'Open compliance cases',
    support_chats: 'Chats waiting for a reply',
    today: 'Today in {currency}',
    ggr: 'GGR',
    stakes: 'Stakes',
    bets: 'Bets',
    deposits: 'Deposits',
    withdrawalsToday: 'Withdrawals',
    active: 'Active players',
    count: '{n} payments',
    onePayment: '1 payment',
    lastHour: 'The last hour in {currency}, minute by minute (to {through})',
    betsPerMinute: 'Bets per minute',
    ggrPerMinute: 'GGR per minute',
    depositsPerMinute: 'Deposits per minute',
    lastMinute: 'last minute: {value}',
    quiet: 'No money has moved today yet.',
    alerts: 'Latest risk alerts',
    noAlerts: 'No risk alert has been raised.',
    allAlerts: 'Every alert',
    caseN: 'Case #{id}',
  },
  fr: {
    title: 'Tableau de bord en direct',
    subtitle: 'Envoyé toutes les 10 s. Les joueurs en ligne ont le site ouvert maintenant ; l’argent est celui du grand livre agrégé, avec une à deux minutes de retard (docs/reports.md). Aujourd’hui est le jour UTC ; les comptes de test sont exclus.',
    live: 'En direct',
    updated: 'Mis à jour à {at}',
    online: 'Joueurs en ligne',
    queues: 'En attente de l’équipe',
    withdrawals: 'Retraits à décider',
    verification: 'Vérifications à examiner',
    risk_cases: 'Dossiers de conformité ouverts',
    support_chats: 'Chats en attente de réponse',
    today: 'Aujourd’hui en {currency}',
    ggr: 'GGR',
    stakes: 'Mises',
    bets: 'Paris',
    deposits: 'Dépôts',
    withdrawalsToday: 'Retraits',
    active: 'Joueurs actifs',
    count: '{n} paiements',
    onePayment: '1 paiement',
    lastHour: 'La dernière heure en {currency}, minute par minute (jusqu’à {through})',
    betsPerMinute: 'Paris par minute',
    ggrPerMinute: 'GGR par minute',
    depositsPerMinute: 'Dépôts par minute',
    lastMinute: 'dernière minute : {value}',
    quiet: 'Aucun mouvement d’argent aujourd’hui pour l’instant.',
    alerts: 'Dernières alertes de risque',
    noAlerts: 'Aucune alerte de risque n’a été levée.',
    allAlerts: 'Toutes les alertes',
    caseN: 'Dossier n° {id}',
  },
});

const LIVE_QUERY = ['backoffice', 'reports', 'live'] as const;

/** Each queue, the screen that works it and who may open it. */
const QUEUES: Array<{ key: keyof LiveDashboard['queues']; to: string; permission: Permission }> = [
  { key: 'withdrawals', to: `${BACKOFFICE_PATH}/withdrawals`, permission: 'withdrawals.read' },
  { key: 'verification', to: `${BACKOFFICE_PATH}/verification`, permission: 'verification.read' },
  { key: 'risk_cases', to: `${BACKOFFICE_PATH}/risk/cases`, permission: 'risk.read' },
  { key: 'support_chats', to: `${BACKOFFICE_PATH}/support`, permission: 'support.chat' },
];

/**
 * The live dashboard (docs/reports.md, "Live dashboard"): read once, then replaced by every
 * snapshot the server pushes on the back office's live stream; never polled.
 */
export default function LiveDashboardScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const queryClient = useQueryClient();
  const dashboard = useQuery({ queryKey: LIVE_QUERY, queryFn: () => backofficeApi<LiveDashboard>('reports/live'), refetchOnMount: 'always' });
  useEffect(() => onStaffEvent('dashboard', (data) => queryClient.setQueryData(LIVE_QUERY, data as LiveDashboard)), [queryClient]);

  const intl = locale === 'fr' ? 'fr-FR' : 'en-GB';
  const numberFormat = useMemo(() => new Intl.NumberFormat(intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [intl]);
  const money = (amount: string) => numberFormat.format(Number(amount));
  const time = (iso: string) => new Date(iso).toLocaleTimeString(intl, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC' }) + ' UTC';
  const data = dashboard.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          data && (
            <span className="bo-live-stamp" data-testid="live-updated" data-at={data.at}>
              <Badge tone="good">{t('live')}</Badge> {t('updated', { at: time(data.at) })}
            </span>
          )
        }
      />
      {dashboard.error && <Notice tone="bad">{dashboard.error.message}</Notice>}
      {data && (
        <>
          <div className="bo-live-top">
            <Panel title={t('online')}>
              <p className="bo-live-online" data-testid="live-online">
                {data.players_online}
              </p>
            </Panel>
            <Panel title={t('queues')}>
              <ul className="bo-live-queues" data-testid="live-queues">
                {QUEUES.map((queue) => (
                  <li key={queue.key} data-queue={queue.key}>
                    <span className={data.queues[queue.key] > 0 ? 'bo-live-count bo-live-count-due' : 'bo-live-count'}>{data.queues[queue.key]}</span>
                    {can(queue.permission) ? <Link to={queue.to}>{t(queue.key)}</Link> : <span>{t(queue.key)}</span>}
                  </li>
                ))}
              </ul>
            </Panel>
          </div>
          {can('risk.read') && <LatestAlerts />}
          {data.currencies.length === 0 && <Notice tone="info">{t('quiet')}</Notice>}
          {data.currencies.map((currency) => (
            <CurrencyFigures key={currency.currency} figures={currency} through={time(data.through)} money={money} />
          ))}
        </>
      )}
    </>
  );
}

const LATEST_ALERTS = 5;

/**
 * The newest risk alerts with their cases, for members who may see them: the dashboard's push
 * goes to everyone with `reports.read` (marketing too), so the alerts come from `risk/alerts`
 * and are read again on the `risk` event the risk module sends to `risk.read` as an alert commits.
 */
function LatestAlerts() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const rule = useTexts(riskTexts);
  const summary = useAlertSummary();
  const alerts = useQuery({
    queryKey: ['backoffice', 'risk', 'alerts', 'latest'],
    queryFn: () => backofficeApi<{ items: RiskAlertView[]; total: number }>('risk/alerts', { query: { limit: LATEST_ALERTS } }),
  });
  useLiveRefresh('risk', ['backoffice', 'risk']);
  const items = alerts.data?.items ?? [];
  return (
    <Panel className="bo-live-alerts-panel" title={t('alerts')} actions={<Link to={`${BACKOFFICE_PATH}/risk/alerts`}>{t('allAlerts')}</Link>}>
      {alerts.error && <Notice tone="bad">{alerts.error.message}</Notice>}
      {alerts.data && items.length === 0 && <p className="bo-hint">{t('noAlerts')}</p>}
      <ul className="bo-live-alerts" data-testid="live-alerts">
        {items.map((alert) => (
          <li key={alert.id} data-alert={alert.rule_id}>
            <span className="bo-live-alert-time">{formatTime(alert.created_at, locale)}</span>
            <strong>{rule(alert.rule_id)}</strong>
            <span>
              {alert.player ?? `#${alert.user_id}`} · {summary(alert)}
            </span>
            <span className="bo-live-alert-case">
              <Link to={`${BACKOFFICE_PATH}/risk/cases/${alert.case_id}`}>{t('caseN', { id: String(alert.case_id) })}</Link> <CaseStatusBadge status={alert.case_status} />
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function CurrencyFigures({ figures, through, money }: { figures: LiveDashboardCurrency; through: string; money: (amount: string) => string }) {
  const t = useTexts(texts);
  const { today, last_hour: minutes } = figures;
  const last = minutes[minutes.length - 1];
  const series = (pick: (minute: LiveDashboardMinute) => number) => minutes.map(pick);
  const payments = (n: number) => (n === 1 ? t('onePayment') : t('count', { n: String(n) }));
  return (
    <section className="bo-live-currency" data-currency={figures.currency} aria-label={figures.currency}>
      <Panel title={t('today', { currency: figures.currency })}>
        <dl className="bo-kpis" data-testid={`live-today-${figures.currency}`}>
          <Kpi name="ggr" label={t('ggr')} value={money(today.ggr)} bad={Number(today.ggr) < 0} />
          <Kpi name="stakes" label={t('stakes')} value={money(today.stakes)} />
          <Kpi name="bets" label={t('bets')} value={String(today.bets)} />
          <Kpi name="deposits" label={t('deposits')} value={money(today.deposits)} hint={payments(today.deposit_count)} />
          <Kpi name="withdrawals" label={t('withdrawalsToday')} value={money(today.withdrawals)} hint={payments(today.withdrawal_count)} />
          <Kpi name="active_players" label={t('active')} value={String(today.active_players)} />
        </dl>
      </Panel>
      <Panel title={t('lastHour', { currency: figures.currency, through })}>
        <div className="bo-live-sparks" data-testid={`live-hour-${figures.currency}`}>
          <Spark label={t('betsPerMinute')} values={series((minute) => minute.bets)} last={t('lastMinute', { value: String(last?.bets ?? 0) })} name="bets" />
          <Spark label={t('ggrPerMinute')} values={series((minute) => Number(minute.ggr))} last={t('lastMinute', { value: money(last?.ggr ?? '0') })} name="ggr" />
          <Spark label={t('depositsPerMinute')} values={series((minute) => Number(minute.deposits))} last={t('lastMinute', { value: money(last?.deposits ?? '0') })} name="deposits" />
        </div>
      </Panel>
    </section>
  );
}

function Spark({ label, values, last, name }: { label: string; values: number[]; last: string; name: string }) {
  return (
    <figure className="bo-live-spark" data-spark={name}>
      <figcaption>
        <span>{label}</span>
        <span className="bo-hint">{last}</span>
      </figcaption>
      <Sparkline values={values} label={`${label}: ${last}`} />
    </figure>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { Can } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    title: 'Responsible gaming',
    subtitle: 'Players at or near their limits in the running period (UTC day, ISO week, month), exclusions running now, and one player’s limits. The team can only make a limit stricter or exclude; nobody lifts an exclusion early.',
    near: 'At or near a limit',
    exclusions: 'Exclusions running',
    player: 'Player',
    threshold: 'Used at least',
    kind: 'Kind',
    period: 'Period',
    any: 'Any',
    loss: 'Loss',
    wager: 'Wager',
    session: 'Session time',
    day: 'Day',
    week: 'Week',
    month: 'Month',
    used: 'Used',
    limit: 'Limit',
    time_out: 'Time-out',
    self_exclusion: 'Self-exclusion',
    operator_exclusion: 'Operator exclusion',
    length: 'Length',
    started: 'Started',
    ends: 'Ends',
    caption: 'Players near a limit',
    captionExclusions: 'Running exclusions',
    find: 'Player e-mail, phone or id',
    open: 'Open',
    limits: 'Limits',
    noLimits: 'No loss, wager or session-time limit.',
    pending: 'pending: {amount} from {at}',
    removal: 'removal',
    realityCheck: 'Reality check: {value}',
    off: 'off',
    everyMinutes: 'every {n} minutes',
    history: 'Exclusions',
    noExclusions: 'No time-out or exclusion.',
    running: 'running',
    stricter: 'Add a stricter limit',
    stricterHint: 'A new limit, or lower than the one in force: it applies at once and drops a raise the player asked for. A looser value is refused.',
    amount: 'Amount ({unit})',
    minutes: 'minutes',
    reason: 'Why (kept in the audit trail)',
    setLimit: 'Set the limit',
    exclude: 'Operator exclusion',
    excludeHint: 'Ends the player’s sessions; sign-in, play and deposits are refused until it ends. It cannot be shortened, only followed by a longer one.',
    startExclusion: 'Exclude the player',
    confirmExclude: 'Exclude {who} for {length}? This cannot be lifted early.',
    savedLimit: 'Limit saved.',
    savedExclusion: 'Exclusion started, until {until}.',
    '24h': '24 hours',
    '7d': '7 days',
    '6w': '6 weeks',
    '6m': '6 months',
    '1y': '1 year',
    '2y': '2 years',
    '5y': '5 years',
    noContact: 'no e-mail',
  },
  fr: {
    title: 'Jeu responsable',
    subtitle: 'Les joueurs qui atteignent ou approchent leurs limites sur la période en cours (jour UTC, semaine ISO, mois), les exclusions en cours et les limites d’un joueur. L’équipe ne peut que durcir une limite ou exclure ; personne ne lève une exclusion avant son terme.',
    near: 'Limites atteintes ou proches',
    exclusions: 'Exclusions en cours',
    player: 'Joueur',
    threshold: 'Utilisé au moins',
    kind: 'Type',
    period: 'Période',
    any: 'Tous',
    loss: 'Pertes',
    wager: 'Mises',
    session: 'Durée de session',
    day: 'Jour',
    week: 'Semaine',
    month: 'Mois',
    used: 'Utilisé',
    limit: 'Limite',
    time_out: 'Pause',
    self_exclusion: 'Auto-exclusion',
    operator_exclusion: 'Exclusion par l’opérateur',
    length: 'Durée',
    started: 'Début',
    ends: 'Fin',
    caption: 'Joueurs proches d’une limite',
    captionExclusions: 'Exclusions en cours',
    find: 'E-mail, téléphone ou n° du joueur',
    open: 'Ouvrir',
    limits: 'Limites',
    noLimits: 'Aucune limite de pertes, de mises ou de durée.',
    pending: 'en attente : {amount} à partir du {at}',
    removal: 'suppression',
    realityCheck: 'Rappel de jeu : {value}',
    off: 'désactivé',
    everyMinutes: 'toutes les {n} minutes',
    history: 'Exclusions',
    noExclusions: 'Aucune pause ni exclusion.',
    running: 'en cours',
    stricter: 'Ajouter une limite plus stricte',
    stricterHint: 'Une nouvelle limite, ou plus basse que celle en vigueur : elle s’applique tout de suite et annule une hausse demandée par le joueur. Une valeur plus souple est refusée.',
    amount: 'Montant ({unit})',
    minutes: 'minutes',
    reason: 'Pourquoi (gardé dans le journal d’audit)',
    setLimit: 'Fixer la limite',
    exclude: 'Exclusion par l’opérateur',
    excludeHint: 'Termine les sessions du joueur ; connexion, jeu et dépôts sont refusés jusqu’à la fin. Elle ne peut pas être raccourcie, seulement suivie d’une plus longue.',
    startExclusion: 'Exclure le joueur',
    confirmExclude: 'Exclure {who} pour {length} ? Impossible de la lever avant son terme.',
    savedLimit: 'Limite enregistrée.',
    savedExclusion: 'Exclusion commencée, jusqu’au {until}.',
    '24h': '24 heures',
    '7d': '7 jours',
    '6w': '6 semaines',
    '6m': '6 mois',
    '1y': '1 an',
    '2y': '2 ans',
    '5y': '5 ans',
    noContact: 'sans e-mail',
  },
});

type Texts = typeof texts;
type Key = keyof Texts['en'];
type Who = { email: string | null; phone: string | null } | null;
type NearRow = { user_id: number; kind: 'loss' | 'wager'; period: 'day' | 'week' | 'month'; currency: string; amount: string; used: string; percent: number; player: Who };
type ExclusionRow = { id: number; user_id: number; kind: 'time_out' | 'self_exclusion' | 'operator_exclusion'; length: string; starts_at: string; ends_at: string; player: Who };
type PlayerView = {
  player: { id: number; email: string | null; phone: string | null; currency: string; status: string };
  currency: string;
  limits: Array<{ kind: 'loss' | 'wager' | 'session'; period: 'day' | 'week' | 'month' | 'session'; amount: string; used: string | null; available: string | null; pending: { amount: string | null; effective_at: string } | null }>;
  reality_check_minutes: number | null;
  exclusions: Array<{ id: number; kind: ExclusionRow['kind']; length: string; starts_at: string; ends_at: string }>;
};

const PAGE = 50;
const LENGTHS = ['24h', '7d', '6w', '6m', '1y', '2y', '5y'] as const;
const whoOf = (who: Who, id: number, fallback: string) => who?.email ?? who?.phone ?? `${fallback} #${id}`;

function PlayerPanel({ id }: { id: string }) {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const queryKey = ['backoffice', 'rg', 'player', id];
  const view = useQuery({ queryKey, queryFn: () => backofficeApi<PlayerView>('rg/player', { query: /^\d+$/.test(id) ? { user_id: id } : { login: id } }) });
  const [kind, setKind] = useState<'loss' | 'wager' | 'session'>('loss');
  const [limitError, setLimitError] = useState<unknown>(null);
  const [excludeError, setExcludeError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [asked, setAsked] = useState<{ length: string; reason: string } | null>(null);

  if (view.isError) return <Notice tone="bad">{fieldError(view.error, 'login') ?? fieldError(view.error, 'user_id') ?? view.error.message}</Notice>;
  if (!view.data) return <p>…</p>;
  const data = view.data;
  const who = whoOf(data.player, data.player.id, t('player'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'rg'] });
  const now = view.dataUpdatedAt;

  async function setLimit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setLimitError(null);
    setSaved(null);
    try {
      await backofficeApi('rg/limit', {
        body: { user_id: data.player.id, kind, period: kind === 'session' ? undefined : form.get('period'), amount: String(form.get('amount') ?? ''), reason: String(form.get('reason') ?? '') || undefined },
      });
      setSaved(t('savedLimit'));
      formElement.reset();
      setKind('loss');
      await refresh();
    } catch (caught) {
      setLimitError(caught);
    }
  }

  async function exclude() {
    if (!asked) return;
    setExcludeError(null);
    setSaved(null);
    try {
      const after = await backofficeApi<{ ends_at: string }>('rg/exclude', { body: { user_id: data.player.id, length: asked.length, reason: asked.reason } });
      setSaved(t('savedExclusion', { until: formatTime(after.ends_at, locale) }));
      setAsked(null);
      await refresh();
    } catch (caught) {
      setExcludeError(caught);
      setAsked(null);
    }
  }

  return (
    <>
      {saved && <Notice tone="good">{saved}</Notice>}
      <div className="bo-grid">
        <Panel title={`${t('limits')} · ${who}`}>
          {data.limits.length ? (
            <table className="bo-limits" data-testid="bo-rg-limits">
              <thead>
                <tr>
                  <th scope="col">{t('kind')}</th>
                  <th scope="col">{t('period')}</th>
                  <th scope="col">{t('limit')}</th>
                  <th scope="col">{t('used')}</th>
                </tr>
              </thead>
              <tbody>
                {data.limits.map((item) => (
                  <tr key={`${item.kind}-${item.period}`}>
                    <td>{t(item.kind)}</td>
                    <td>{item.period === 'session' ? '—' : t(item.period)}</td>
                    <td>
                      {item.kind === 'session' ? `${item.amount} min` : formatAmount(item.amount, data.currency, locale)}
                      {item.pending && (
                        <div className="bo-hint">
                          {t('pending', {
                            amount: item.pending.amount === null ? t('removal') : item.kind === 'session' ? `${item.pending.amount} min` : formatAmount(item.pending.amount, data.currency, locale),
                            at: formatTime(item.pending.effective_at, locale),
                          })}
                        </div>
                      )}
                    </td>
                    <td>{item.used === null ? '—' : formatAmount(item.used, data.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="bo-hint">{t('noLimits')}</p>
          )}
          <p className="bo-hint">{t('realityCheck', { value: data.reality_check_minutes === null ? t('off') : t('everyMinutes', { n: data.reality_check_minutes }) })}</p>
        </Panel>
        <Panel title={t('history')}>
          {data.exclusions.length ? (
            <ul className="bo-history">
              {data.exclusions.map((item) => {
                const running = new Date(item.starts_at).getTime() <= now && new Date(item.ends_at).getTime() > now;
                return (
                  <li key={item.id}>
                    <time dateTime={item.starts_at}>{formatTime(item.starts_at, locale)}</time>
                    <p>
                      <strong>{t(item.kind)}</strong> · {t(item.length as Key)} · {t('ends')} {formatTime(item.ends_at, locale)} {running && <Badge tone="bad">{t('running')}</Badge>}
                    </p>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="bo-hint">{t('noExclusions')}</p>
          )}
        </Panel>
      </div>
      <Can permission="rg.restrict">
        <div className="bo-grid">
          <Panel title={t('stricter')}>
            <form className="bo-form" onSubmit={(event) => void setLimit(event)} noValidate>
              <p className="bo-hint">{t('stricterHint')}</p>
              <div className="bo-filters">
                <SelectField
                  label={t('kind')}
                  name="kind"
                  value={kind}
                  onChange={(event) => setKind(event.target.value as typeof kind)}
                  options={(['loss', 'wager', 'session'] as const).map((value) => ({ value, label: t(value) }))}
                  error={fieldError(limitError, 'kind')}
                />
                {kind !== 'session' && (
                  <SelectField label={t('period')} name="period" options={(['day', 'week', 'month'] as const).map((value) => ({ value, label: t(value) }))} error={fieldError(limitError, 'period')} />
                )}
                <TextField label={t('amount', { unit: kind === 'session' ? t('minutes') : data.currency })} name="amount" inputMode="numeric" required error={fieldError(limitError, 'amount')} />
              </div>
              <TextField label={t('reason')} name="reason" maxLength={500} error={fieldError(limitError, 'reason')} />
              {fieldError(limitError, '_') && <Notice tone="bad">{fieldError(limitError, '_')}</Notice>}
              <div>
                <Button type="submit" tone="primary">
                  {t('setLimit')}
                </Button>
              </div>
            </form>
          </Panel>
          <Panel title={t('exclude')}>
            <form
              className="bo-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const form = new FormData(event.currentTarget);
                setExcludeError(null);
                setAsked({ length: String(form.get('length')), reason: String(form.get('reason') ?? '') });
              }}
            >
              <p className="bo-hint">{t('excludeHint')}</p>
              <SelectField label={t('length')} name="length" options={LENGTHS.map((value) => ({ value, label: t(value) }))} error={fieldError(excludeError, 'length')} />
              <TextField label={t('reason')} name="reason" maxLength={500} error={fieldError(excludeError, 'reason')} />
              {asked ? (
                <div className="bo-confirm" role="group" aria-label={t('startExclusion')}>
                  <p>{t('confirmExclude', { who, length: t(asked.length as Key) })}</p>
                  <div className="bo-decide-buttons">
                    <Button tone="danger" onClick={() => void exclude()}>
                      {t('startExclusion')}
                    </Button>
                    <Button onClick={() => setAsked(null)}>×</Button>
                  </div>
                </div>
              ) : (
                <div>
                  <Button type="submit" tone="danger">
                    {t('startExclusion')}
                  </Button>
                </div>
              )}
            </form>
          </Panel>
        </div>
      </Can>
    </>
  );
}

/** Responsible gaming: near-limit players, running exclusions, one player's limits with the stricter-only tools. */
export default function ResponsibleGamingScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const table = useTableParams({ pageSize: PAGE });
  const view = (table.filter('view') || 'near') as 'near' | 'exclusions' | 'player';
  const playerId = table.filter('player');
  const nearFilters = { near: table.filter('near') || '80', kind: table.filter('kind'), period: table.filter('period') };
  const exclusionKind = table.filter('exclusion');
  const near = useQuery({
    queryKey: ['backoffice', 'rg', 'near', nearFilters, table.page],
    queryFn: () => backofficeApi<{ items: NearRow[]; total: number }>('rg/near-limits', { query: { ...nearFilters, page: table.page, limit: PAGE } }),
    enabled: view === 'near',
  });
  const exclusions = useQuery({
    queryKey: ['backoffice', 'rg', 'exclusions', exclusionKind, table.page],
    queryFn: () => backofficeApi<{ items: ExclusionRow[]; total: number }>('rg/exclusions', { query: { kind: exclusionKind, page: table.page, limit: PAGE } }),
    enabled: view === 'exclusions',
  });
  const openPlayer = (id: number | string) => table.setFilters({ view: 'player', player: String(id) });

  const playerCell = (row: { user_id: number; player: Who }) => (
    <>
      <strong>{whoOf(row.player, row.user_id, t('player'))}</strong>
      <div className="bo-hint">#{row.user_id}</div>
    </>
  );
  const nearColumns: ColumnDef<NearRow, unknown>[] = [
    { id: 'player', header: t('player'), cell: ({ row }) => playerCell(row.original) },
    { id: 'kind', header: t('kind'), cell: ({ row }) => `${t(row.original.kind)} · ${t(row.original.period)}` },
    {
      id: 'used',
      header: t('used'),
      cell: ({ row }) => (
        <span className="bo-meter">
          <meter min={0} max={100} low={80} high={99} optimum={0} value={Math.min(100, row.original.percent)} aria-label={`${row.original.percent}%`} />
          <strong>{row.original.percent}%</strong>
        </span>
      ),
    },
    { id: 'amounts', header: t('limit'), cell: ({ row }) => `${formatAmount(row.original.used, row.original.currency, locale)} / ${formatAmount(row.original.amount, row.original.currency, locale)}` },
  ];
  const exclusionColumns: ColumnDef<ExclusionRow, unknown>[] = [
    { id: 'player', header: t('player'), cell: ({ row }) => playerCell(row.original) },
    { id: 'kind', header: t('kind'), cell: ({ row }) => <Badge tone={row.original.kind === 'operator_exclusion' ? 'bad' : 'warn'}>{t(row.original.kind)}</Badge> },
    { id: 'length', header: t('length'), cell: ({ row }) => t(row.original.length as Key) },
    { id: 'started', header: t('started'), cell: ({ row }) => formatTime(row.original.starts_at, locale) },
    { id: 'ends', header: t('ends'), cell: ({ row }) => <strong>{formatTime(row.original.ends_at, locale)}</strong> },
  ];

  const tabs = [
    { id: 'near', label: t('near') },
    { id: 'exclusions', label: t('exclusions') },
    { id: 'player', label: t('player') },
  ] as const;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="bo-tabs" role="tablist">
        {tabs.map((tab) => (
          <button key={tab.id} type="button" role="tab" aria-selected={view === tab.id} onClick={() => table.setFilters({ view: tab.id === 'near' ? '' : tab.id })}>
            {tab.label}
          </button>
        ))}
      </div>
      {view === 'near' && (
        <>
          <div className="bo-filters">
            <SelectField
              label={t('threshold')}
              value={nearFilters.near}
              onChange={(event) => table.setFilters({ near: event.target.value === '80' ? '' : event.target.value })}
              options={['50', '80', '90', '100'].map((value) => ({ value, label: `${value}%` }))}
            />
            <SelectField
              label={t('kind')}
              value={nearFilters.kind}
              onChange={(event) => table.setFilters({ kind: event.target.value })}
              options={[
                { value: '', label: t('any') },
                { value: 'loss', label: t('loss') },
                { value: 'wager', label: t('wager') },
              ]}
            />
            <SelectField
              label={t('period')}
              value={nearFilters.period}
              onChange={(event) => table.setFilters({ period: event.target.value })}
              options={[{ value: '', label: t('any') }, ...(['day', 'week', 'month'] as const).map((value) => ({ value, label: t(value) }))]}
            />
          </div>
          {near.isError && <Notice tone="bad">{near.error.message}</Notice>}
          <DataTable
            caption={t('caption')}
            columns={nearColumns}
            rows={near.data?.items}
            total={near.data?.total}
            loading={near.isLoading}
            table={table}
            rowKey={(row) => `${row.user_id}-${row.kind}-${row.period}`}
            onOpen={(row) => openPlayer(row.user_id)}
            rowTone={(row) => (row.percent >= 100 ? 'bad' : 'warn')}
          />
        </>
      )}
      {view === 'exclusions' && (
        <>
          <div className="bo-filters">
            <SelectField
              label={t('kind')}
              value={exclusionKind}
              onChange={(event) => table.setFilters({ exclusion: event.target.value })}
              options={[{ value: '', label: t('any') }, ...(['time_out', 'self_exclusion', 'operator_exclusion'] as const).map((value) => ({ value, label: t(value) }))]}
            />
          </div>
          {exclusions.isError && <Notice tone="bad">{exclusions.error.message}</Notice>}
          <DataTable
            caption={t('captionExclusions')}
            columns={exclusionColumns}
            rows={exclusions.data?.items}
            total={exclusions.data?.total}
            loading={exclusions.isLoading}
            table={table}
            rowKey={(row) => String(row.id)}
            onOpen={(row) => openPlayer(row.user_id)}
          />
        </>
      )}
      {view === 'player' && (
        <>
          <form
            className="bo-filters"
            key={playerId}
            onSubmit={(event) => {
              event.preventDefault();
              openPlayer(String(new FormData(event.currentTarget).get('player') ?? '').trim());
            }}
          >
            <TextField className="bo-field-wide" label={t('find')} name="player" defaultValue={playerId} />
            <Button type="submit">{t('open')}</Button>
          </form>
          {playerId && <PlayerPanel key={playerId} id={playerId} />}
        </>
      )}
    </>
  );
}

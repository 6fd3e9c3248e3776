import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { RISK_CASE_OUTCOMES, type RiskCaseDetailView, type RiskCaseOutcome } from '../../../contract/risk.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { CaseStatusBadge, riskTexts, useAlertSummary } from '../risk-texts.tsx';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextArea } from '../ui/controls.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    back: '← Compliance cases',
    title: 'Case #{id}',
    subtitle: 'Player {player} (#{uid}) · opened {at}',
    state: 'Case',
    status: 'Status',
    outcome: 'Outcome',
    assigned: 'Assigned to',
    nobody: 'Nobody',
    assign: 'Assign',
    investigate: 'Start the investigation',
    hold: 'Hold withdrawals',
    held: 'withdrawals held',
    release: 'Release withdrawals',
    holdOn: 'The player’s withdrawals are held: the withdrawal queue cannot approve them until they are released or the case closes.',
    holdOff: 'Withdrawals are not held.',
    close: 'Close the case',
    closeWith: 'Outcome',
    choose: 'Choose…',
    closedOn: 'Closed {at}',
    alerts: 'Alerts ({n})',
    notes: 'Notes',
    noNotes: 'No note yet.',
    note: 'New note',
    addNote: 'Add the note',
    withdrawals: 'Waiting withdrawals',
    noWithdrawals: 'No withdrawal waiting.',
    playerPage: 'Open the player page',
    queue: 'Open in the withdrawal queue',
    loading: 'Loading the case…',
    readOnly: 'Your role may see cases, not work them.',
  },
  fr: {
    back: '← Dossiers de conformité',
    title: 'Dossier n° {id}',
    subtitle: 'Joueur {player} (n° {uid}) · ouvert le {at}',
    state: 'Dossier',
    status: 'Statut',
    outcome: 'Issue',
    assigned: 'Attribué à',
    nobody: 'Personne',
    assign: 'Attribuer',
    investigate: 'Commencer l’enquête',
    hold: 'Bloquer les retraits',
    held: 'retraits bloqués',
    release: 'Débloquer les retraits',
    holdOn: 'Les retraits du joueur sont bloqués : la file des retraits ne peut pas les approuver tant qu’ils ne sont pas débloqués ou que le dossier n’est pas clos.',
    holdOff: 'Les retraits ne sont pas bloqués.',
    close: 'Clore le dossier',
    closeWith: 'Issue',
    choose: 'Choisir…',
    closedOn: 'Clos le {at}',
    alerts: 'Alertes ({n})',
    notes: 'Notes',
    noNotes: 'Aucune note pour l’instant.',
    note: 'Nouvelle note',
    addNote: 'Ajouter la note',
    withdrawals: 'Retraits en attente',
    noWithdrawals: 'Aucun retrait en attente.',
    playerPage: 'Ouvrir la fiche du joueur',
    queue: 'Ouvrir dans la file des retraits',
    loading: 'Chargement du dossier…',
    readOnly: 'Votre rôle peut voir les dossiers, pas les traiter.',
  },
});

type CaseAnswer = RiskCaseDetailView & { workers: Array<{ id: number; name: string }> };

export default function RiskCase() {
  const t = useTexts(texts);
  const r = useTexts(riskTexts);
  const summary = useAlertSummary();
  const locale = useBackofficeLocale();
  const can = useCan();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const queryKey = ['backoffice', 'risk', 'case', id];
  const found = useQuery({ queryKey, queryFn: () => backofficeApi<CaseAnswer>('risk/case', { query: { id } }) });
  useLiveRefresh('risk', ['backoffice', 'risk']);
  const [outcome, setOutcome] = useState<RiskCaseOutcome | ''>('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const done = (answer: RiskCaseDetailView) => {
    queryClient.setQueryData(queryKey, (before: CaseAnswer | undefined) => (before ? { ...before, ...answer } : before));
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'risk'] });
  };
  const update = useMutation({ mutationFn: (body: Record<string, unknown>) => backofficeApi<RiskCaseDetailView>('risk/case/update', { body: { id: Number(id), ...body } }), onSuccess: done });
  const addNote = useMutation({
    mutationFn: () => backofficeApi<RiskCaseDetailView>('risk/case/note', { body: { id: Number(id), body: note } }),
    onSuccess: (answer) => {
      setNote('');
      done(answer);
    },
  });

  if (found.isError) return <Notice tone="bad">{found.error.message}</Notice>;
  if (!found.data) return <p className="bo-hint">{t('loading')}</p>;
  const item = found.data;
  const open = item.status !== 'closed';
  const works = can('risk.manage') && open;
  const chosen = assignee ?? String(item.assigned_to?.id ?? '');

  return (
    <>
      <p>
        <Link to={`${BACKOFFICE_PATH}/risk/cases`}>{t('back')}</Link>
      </p>
      <PageHeader
        title={t('title', { id: item.id })}
        subtitle={t('subtitle', { player: item.player ?? '—', uid: item.user_id, at: formatTime(item.opened_at, locale) })}
        actions={
          <>
            <CaseStatusBadge status={item.status} outcome={item.outcome} />
            {item.holds_withdrawals && <Badge tone="bad">{t('held')}</Badge>}
          </>
        }
      />
      {!can('risk.manage') && <Notice>{t('readOnly')}</Notice>}
      {(fieldError(update.error, 'id') || fieldError(update.error, '_')) && <Notice tone="bad">{fieldError(update.error, 'id') ?? fieldError(update.error, '_')}</Notice>}
      <div className="bo-grid">
        <Panel title={t('state')}>
          <dl className="bo-dl">
            <dt>{t('status')}</dt>
            <dd>
              <CaseStatusBadge status={item.status} outcome={item.outcome} />
            </dd>
            <dt>{t('assigned')}</dt>
            <dd>{item.assigned_to?.name ?? t('nobody')}</dd>
            {item.closed_at && (
              <>
                <dt>{t('outcome')}</dt>
                <dd>
                  {item.outcome ? r(item.outcome) : '—'} · {t('closedOn', { at: formatTime(item.closed_at, locale) })}
                </dd>
              </>
            )}
          </dl>
          {item.holds_withdrawals ? <Notice tone="bad">{t('holdOn')}</Notice> : <p className="bo-hint">{t('holdOff')}</p>}
          <p>
            <Link to={`${BACKOFFICE_PATH}/players/${item.user_id}`}>{t('playerPage')}</Link>
          </p>
          {works && (
            <div className="risk-case-actions">
              <div className="bo-inline-form">
                <SelectField
                  label={t('assigned')}
                  value={chosen}
                  onChange={(event) => setAssignee(event.target.value)}
                  options={[{ value: '', label: t('nobody') }, ...item.workers.map((worker) => ({ value: String(worker.id), label: worker.name }))]}
                  error={fieldError(update.error, 'assigned_to')}
                />
                <Button disabled={update.isPending} onClick={() => update.mutate({ assigned_to: chosen ? Number(chosen) : null })}>
                  {t('assign')}
                </Button>
              </div>
              <div className="bo-actions">
                {item.status === 'open' && (
                  <Button tone="primary" disabled={update.isPending} onClick={() => update.mutate({ status: 'investigating' })}>
                    {t('investigate')}
                  </Button>
                )}
                <Button tone={item.holds_withdrawals ? 'default' : 'danger'} disabled={update.isPending} onClick={() => update.mutate({ holds_withdrawals: !item.holds_withdrawals })}>
                  {item.holds_withdrawals ? t('release') : t('hold')}
                </Button>
              </div>
              <div className="bo-inline-form">
                <SelectField
                  label={t('closeWith')}
                  value={outcome}
                  onChange={(event) => setOutcome(event.target.value as RiskCaseOutcome)}
                  options={[{ value: '', label: t('choose') }, ...RISK_CASE_OUTCOMES.map((value) => ({ value, label: r(value) }))]}
                  error={fieldError(update.error, 'outcome')}
                />
                <Button disabled={update.isPending} onClick={() => update.mutate({ status: 'closed', outcome: outcome || undefined })}>
                  {t('close')}
                </Button>
              </div>
            </div>
          )}
        </Panel>
        <Panel title={t('withdrawals')}>
          {item.waiting_withdrawals.length ? (
            <ul className="risk-list">
              {item.waiting_withdrawals.map((withdrawal) => (
                <li key={withdrawal.id}>
                  <strong>{formatAmount(withdrawal.amount, withdrawal.currency, locale)}</strong> · {withdrawal.id} · {formatTime(withdrawal.created_at, locale)}{' '}
                  {item.holds_withdrawals && <Badge tone="bad">{t('held')}</Badge>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="bo-hint">{t('noWithdrawals')}</p>
          )}
          <p>
            <Link to={`${BACKOFFICE_PATH}/withdrawals?user_id=${item.user_id}`}>{t('queue')}</Link>
          </p>
        </Panel>
      </div>
      <Panel title={t('alerts', { n: item.alert_list.length })}>
        <ul className="risk-list" data-testid="risk-case-alerts">
          {item.alert_list.map((alert) => (
            <li key={alert.id}>
              <strong>{r(alert.rule_id)}</strong> · {summary(alert)} · <span className="bo-hint">{formatTime(alert.created_at, locale)}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t('notes')}>
        {item.notes.length ? (
          <ul className="risk-list">
            {item.notes.map((entry) => (
              <li key={entry.id}>
                <span className="bo-hint">
                  {entry.author} · {formatTime(entry.created_at, locale)}
                </span>
                <p className="risk-note">{entry.body}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bo-hint">{t('noNotes')}</p>
        )}
        {can('risk.manage') && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              addNote.mutate();
            }}
          >
            <TextArea label={t('note')} value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} error={fieldError(addNote.error, 'body')} />
            <div className="bo-actions">
              <Button type="submit" disabled={addNote.isPending}>
                {t('addNote')}
              </Button>
            </div>
          </form>
        )}
      </Panel>
    </>
  );
}

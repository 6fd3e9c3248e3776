import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TournamentAdminAnswer, TournamentAdminRow, TournamentForm } from '../../../contract/backoffice-loyalty-tournaments.ts';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { useCan } from '../session.tsx';
import { TournamentFormFields, TournamentPreviews, emptyTournamentForm } from '../tournament-form.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField } from '../ui/controls.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import { statusTone } from './tournaments.tsx';

export const meta = () => [{ title: 'Tournament · Croupier back office' }];

const texts = defineTexts({
  en: {
    back: '← Tournaments',
    newTitle: 'New tournament',
    newSubtitle: 'Start from another tournament’s settings, or from scratch. Nothing is published until you create it.',
    copyFrom: 'Copy the settings of',
    none: 'Nothing: start afresh',
    create: 'Create the tournament',
    save: 'Save the changes',
    copy: 'Copy as a new tournament',
    readOnly: 'A tournament that has started keeps its terms: copy it to make another.',
    saved: 'Saved.',
    active: 'Running',
    upcoming: 'Upcoming',
    finished: 'Finished',
    players: '{n} players',
    leaderboard: 'Leaderboard',
    live: 'Live: moves as players score.',
    rank: 'Rank',
    player: 'Player',
    points: 'Points',
    prize: 'Prize',
    empty: 'Nobody has scored yet.',
    endNow: 'End now and pay the prizes',
    endConfirm: 'End {name} now? Ranks freeze and the prizes are paid at once; this cannot be undone.',
    endYes: 'Yes, end it and pay',
    cancel: 'Cancel',
    ended: 'Ended: {n} prizes paid.',
    bonus: 'bonus',
  },
  fr: {
    back: '← Tournois',
    newTitle: 'Nouveau tournoi',
    newSubtitle: 'Partez des réglages d’un autre tournoi, ou de zéro. Rien n’est publié avant la création.',
    copyFrom: 'Copier les réglages de',
    none: 'Rien : partir de zéro',
    create: 'Créer le tournoi',
    save: 'Enregistrer les modifications',
    copy: 'Copier en un nouveau tournoi',
    readOnly: 'Un tournoi commencé garde ses conditions : copiez-le pour en créer un autre.',
    saved: 'Enregistré.',
    active: 'En cours',
    upcoming: 'À venir',
    finished: 'Terminé',
    players: '{n} joueurs',
    leaderboard: 'Classement',
    live: 'En direct : bouge quand les joueurs marquent.',
    rank: 'Rang',
    player: 'Joueur',
    points: 'Points',
    prize: 'Prix',
    empty: 'Personne n’a encore marqué.',
    endNow: 'Terminer maintenant et payer les prix',
    endConfirm: 'Terminer {name} maintenant ? Les rangs sont figés et les prix payés aussitôt ; c’est définitif.',
    endYes: 'Oui, terminer et payer',
    cancel: 'Annuler',
    ended: 'Terminé : {n} prix payés.',
    bonus: 'bonus',
  },
});

const WEEK = 7 * 86_400_000;

/** /backoffice/tournaments/new (`?copy=<id>`) and /backoffice/tournaments/{id}. */
export default function TournamentScreen() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <NewTournament /> : <OneTournament id={Number(id)} />;
}

function NewTournament() {
  const [params, setParams] = useSearchParams();
  const copyOf = params.get('copy') ?? '';
  const list = useQuery({ queryKey: ['tournaments', 'all'], queryFn: () => backofficeApi<TournamentAdminRow[]>('marketing/tournaments/list', { query: { status: 'all' } }) });
  const template = useQuery({ queryKey: ['tournament', copyOf], queryFn: () => backofficeApi<TournamentAdminAnswer>('marketing/tournaments/get', { query: { id: copyOf } }), enabled: !!copyOf });
  const source = copyOf ? template.data?.form : undefined;
  // A new form for each template picked (the key), once the template is read.
  return (
    <NewTournamentForm
      key={source ? `copy-${copyOf}` : 'fresh'}
      initial={source ? copyForm(source) : emptyTournamentForm()}
      copyOf={copyOf}
      templates={list.data ?? []}
      onCopyFrom={(value) => setParams(value ? { copy: value } : {}, { replace: true })}
    />
  );
}

/** A copy takes the template's settings with a new address and a window of the same length, from tomorrow. */
function copyForm(source: TournamentForm): TournamentForm {
  const length = Math.max(Date.parse(source.ends_at) - Date.parse(source.starts_at), 3_600_000) || WEEK;
  const starts = Date.now() + 86_400_000;
  return { ...source, sysname: `${source.sysname}-copy`, starts_at: new Date(starts).toISOString(), ends_at: new Date(starts + length).toISOString() };
}

function NewTournamentForm({ initial, copyOf, templates, onCopyFrom }: { initial: TournamentForm; copyOf: string; templates: TournamentAdminRow[]; onCopyFrom(id: string): void }) {
  const t = useTexts(texts);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState<TournamentForm>(initial);
  const create = useMutation({
    mutationFn: () => backofficeApi<{ id: number }>('marketing/tournaments/create', { body: form }),
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: ['tournaments'] });
      navigate(`${BACKOFFICE_PATH}/tournaments/${created.id}`);
    },
  });
  return (
    <>
      <Link to={`${BACKOFFICE_PATH}/tournaments`}>{t('back')}</Link>
      <PageHeader
        title={t('newTitle')}
        subtitle={t('newSubtitle')}
        actions={
          <Button tone="primary" onClick={() => create.mutate()} disabled={create.isPending} data-testid="tournament-create">
            {t('create')}
          </Button>
        }
      />
      <div className="bo-filters">
        <SelectField
          label={t('copyFrom')}
          value={copyOf}
          onChange={(event) => onCopyFrom(event.target.value)}
          options={[{ value: '', label: t('none') }, ...templates.map((row) => ({ value: String(row.id), label: `${row.name} (${row.sysname})` }))]}
          className="bo-copy-from"
          data-testid="tournament-copy-from"
        />
      </div>
      {create.error ? <Notice tone="bad">{(create.error as Error).message}</Notice> : null}
      <TournamentFormFields form={form} onChange={setForm} error={create.error} />
      <TournamentPreviews form={form} saved={null} />
    </>
  );
}

function OneTournament({ id }: { id: number }) {
  const answer = useQuery({
    queryKey: ['tournament', String(id)],
    queryFn: () => backofficeApi<TournamentAdminAnswer>('marketing/tournaments/get', { query: { id } }),
    // The live channel says when scores moved; a slow refresh besides, while it runs.
    refetchInterval: (query) => (query.state.data?.row.status === 'active' ? 15_000 : false),
  });
  useLiveRefresh('tournament', ['tournament', String(id)]);
  // Kept here, above the editor that a save or an end remounts, so its notice outlives the remount.
  const [done, setDone] = useState<EditorOutcome | null>(null);
  if (answer.error) return <Notice tone="bad">{(answer.error as Error).message}</Notice>;
  if (!answer.data) return <p>…</p>;
  // The form starts again from what the server holds whenever that changes (after a save), not when only scores move.
  return <TournamentEditor key={JSON.stringify(answer.data.form)} id={id} answer={answer.data} done={done} onDone={setDone} />;
}

/** What the last save or end did, told after the editor remounts on the server's new form. */
type EditorOutcome = { kind: 'saved' } | { kind: 'ended'; paid: number };

function TournamentEditor({ id, answer, done, onDone }: { id: number; answer: TournamentAdminAnswer; done: EditorOutcome | null; onDone: (outcome: EditorOutcome) => void }) {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const client = useQueryClient();
  const key = ['tournament', String(id)];
  const [form, setForm] = useState<TournamentForm>(answer.form);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: () => backofficeApi<TournamentForm>('marketing/tournaments/update', { body: { ...form, id } }),
    onSuccess: async () => {
      onDone({ kind: 'saved' });
      await client.invalidateQueries({ queryKey: ['tournament'] });
      await client.invalidateQueries({ queryKey: ['tournaments'] });
    },
  });
  const end = useMutation({
    mutationFn: () => backofficeApi<{ paid: number }>('marketing/tournaments/end', { body: { id } }),
    onSuccess: (ended) => onDone({ kind: 'ended', paid: ended.paid }),
    onSettled: async () => {
      setConfirming(false);
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: ['tournaments'] });
    },
  });
  const { row, standings, views } = answer;
  const editable = row.status === 'upcoming' && can('marketing.manage');
  return (
    <>
      <Link to={`${BACKOFFICE_PATH}/tournaments`}>{t('back')}</Link>
      <PageHeader
        title={row.name}
        subtitle={
          <>
            <Badge tone={statusTone[row.status]}>{t(row.status)}</Badge> <span className="bo-mono">{row.sysname}</span> · {formatTime(row.starts_at, locale)} → {formatTime(row.ends_at, locale)} ·{' '}
            {t('players', { n: row.players })} · {formatAmount(row.total_prize, row.currency, locale)}
          </>
        }
        actions={
          <>
            {can('marketing.manage') && (
              <Link className="bo-button bo-button-default" to={`${BACKOFFICE_PATH}/tournaments/new?copy=${id}`}>
                {t('copy')}
              </Link>
            )}
            {editable && (
              <Button tone="primary" onClick={() => save.mutate()} disabled={save.isPending} data-testid="tournament-save">
                {t('save')}
              </Button>
            )}
            {row.status === 'active' && can('marketing.manage') && !confirming && (
              <Button tone="danger" onClick={() => setConfirming(true)} data-testid="tournament-end">
                {t('endNow')}
              </Button>
            )}
          </>
        }
      />
      {confirming && (
        <Notice tone="bad">
          {t('endConfirm', { name: row.name })}{' '}
          <Button tone="danger" onClick={() => end.mutate()} disabled={end.isPending} data-testid="tournament-end-confirm">
            {t('endYes')}
          </Button>{' '}
          <Button onClick={() => setConfirming(false)}>{t('cancel')}</Button>
        </Notice>
      )}
      {done?.kind === 'ended' && <Notice tone="good">{t('ended', { n: done.paid })}</Notice>}
      {end.error ? <Notice tone="bad">{fieldError(end.error, 'id') ?? (end.error as Error).message}</Notice> : null}
      {done?.kind === 'saved' && <Notice tone="good">{t('saved')}</Notice>}
      {save.error ? <Notice tone="bad">{(save.error as Error).message}</Notice> : null}
      <Panel title={t('leaderboard')} actions={row.status === 'active' ? <span className="bo-hint">{t('live')}</span> : undefined}>
        <table className="bo-table" data-testid="bo-tournament-standings">
          <thead>
            <tr>
              <th className="bo-num">{t('rank')}</th>
              <th>{t('player')}</th>
              <th className="bo-num">{t('points')}</th>
              <th className="bo-num">{t('prize')}</th>
            </tr>
          </thead>
          <tbody>
            {standings.length === 0 && (
              <tr>
                <td colSpan={4} className="bo-empty">
                  {t('empty')}
                </td>
              </tr>
            )}
            {standings.map((entry) => (
              <tr key={entry.rank} data-testid="bo-standing" data-user={entry.user_id}>
                <td className="bo-num">{entry.rank}</td>
                <td>
                  <Link to={`${BACKOFFICE_PATH}/players/${entry.user_id}`}>{entry.login}</Link> <span className="bo-hint">#{entry.user_id}</span>
                </td>
                <td className="bo-num">{entry.points}</td>
                <td className="bo-num">
                  {entry.prize ? formatAmount(entry.prize, row.currency, locale) : '—'}
                  {entry.prize_kind === 'bonus' ? ` (${t('bonus')})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      {!editable && <Notice>{t('readOnly')}</Notice>}
      <TournamentFormFields form={form} onChange={setForm} error={save.error} disabled={!editable} />
      <TournamentPreviews form={form} saved={views} />
    </>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { WITHDRAWAL_FLAGS, WITHDRAWAL_STATUS_VALUES, type WithdrawalDecisionView, type WithdrawalFlag, type WithdrawalRowView } from '../../../contract/backoffice-money.ts';
import { backofficeApi, ApiError, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { useCan, useMe } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextArea, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount } from '../ui/format.ts';
import { PaymentPlayerCell, PaymentTimeCell } from '../money-cells.tsx';
import '../money.css';

const texts = defineTexts({
  en: {
    title: 'Withdrawals',
    subtitle: 'Requests waiting for a decision, with what deserves a second look. Above {threshold} in the account currency two different members must approve.',
    caption: 'Withdrawal queue',
    status: 'Status',
    method: 'Method',
    any: 'Any',
    amountMin: 'Amount from',
    amountMax: 'Amount to',
    age: 'Age',
    older1: 'Older than 1 hour',
    older24: 'Older than 24 hours',
    older72: 'Older than 3 days',
    flag: 'Flag',
    filter: 'Filter',
    reset: 'Clear',
    requested: 'waiting',
    processing: 'paying out',
    approved: 'paid',
    declined: 'declined',
    cancelled: 'cancelled',
    all: 'all',
    requestedAt: 'Requested',
    player: 'Player',
    amount: 'Amount',
    flags: 'Flags',
    approvals: 'Approvals',
    first_withdrawal: 'first withdrawal',
    other_method: 'deposited by another method',
    bonus_converted: 'bonus just converted',
    net_win: 'net win 24 h',
    linked_accounts: 'linked accounts',
    unverified: 'identity not verified',
    chargeback: 'chargeback',
    risk_hold: 'held by compliance',
    heldBy: 'Held by compliance case #{id}: it cannot be approved until the case releases it or closes.',
    openCase: 'Open the case',
    fourEyes: 'two members',
    approvedBy: 'approved by {names}',
    waitingSecond: 'approved by {names}, waiting for a second member',
    oneMember: 'one member',
    approve: 'Approve',
    decline: 'Decline',
    review: 'Review',
    select: 'Select {id}',
    approveSelected: 'Approve selected ({n})',
    batchHint: 'Only rows without flags and within one member’s approval can be selected.',
    batchDone: '{ok} approved, {failed} refused.',
    keys: 'Keys: j / k to move, Enter to review, a to approve, d to decline.',
    close: 'Close',
    reason: 'Reason',
    reasonHint: 'Required to decline; an optional note when approving. Written to the audit trail.',
    requisites: 'Pays to',
    netWin: 'Net game result, last 24 h',
    linked: 'Shares an address with',
    otherMethods: 'Deposited by',
    reference: 'Reference',
    paid: 'Paid out: {id} ({ref}).',
    waiting: 'Approved. It waits for a second member: {id}.',
    refused: 'The provider refused the payout: {reason}. The reserve went back to the player.',
    retrying: 'The provider did not confirm the payout of {id}: it stays processing and is asked again automatically ({reason}).',
    declinedDone: 'Declined: {id}. The reserve went back to the player.',
    you: 'you',
    yourApproval: 'You approved this one already: a second member must approve it.',
    nobody: 'none yet',
    live: 'Updates live',
  },
  fr: {
    title: 'Retraits',
    subtitle: 'Les demandes en attente de décision, avec ce qui mérite un second regard. Au-delà de {threshold} dans la devise du compte, deux membres différents doivent approuver.',
    caption: 'File des retraits',
    status: 'Statut',
    method: 'Moyen',
    any: 'Tous',
    amountMin: 'Montant min.',
    amountMax: 'Montant max.',
    age: 'Ancienneté',
    older1: 'Plus d’une heure',
    older24: 'Plus de 24 heures',
    older72: 'Plus de 3 jours',
    flag: 'Signal',
    filter: 'Filtrer',
    reset: 'Effacer',
    requested: 'en attente',
    processing: 'en paiement',
    approved: 'payé',
    declined: 'refusé',
    cancelled: 'annulé',
    all: 'tous',
    requestedAt: 'Demandé',
    player: 'Joueur',
    amount: 'Montant',
    flags: 'Signaux',
    approvals: 'Approbations',
    first_withdrawal: 'premier retrait',
    other_method: 'dépôt par un autre moyen',
    bonus_converted: 'bonus tout juste converti',
    net_win: 'gain net 24 h',
    linked_accounts: 'comptes liés',
    unverified: 'identité non vérifiée',
    chargeback: 'rétrofacturation',
    risk_hold: 'bloqué par la conformité',
    heldBy: 'Bloqué par le dossier de conformité n° {id} : il ne peut pas être approuvé tant que le dossier ne le libère pas ou n’est pas clos.',
    openCase: 'Ouvrir le dossier',
    fourEyes: 'deux membres',
    approvedBy: 'approuvé par {names}',
    waitingSecond: 'approuvé par {names}, en attente d’un second membre',
    oneMember: 'un membre',
    approve: 'Approuver',
    decline: 'Refuser',
    review: 'Examiner',
    select: 'Sélectionner {id}',
    approveSelected: 'Approuver la sélection ({n})',
    batchHint: 'Seules les lignes sans signal et approuvables par un seul membre peuvent être sélectionnées.',
    batchDone: '{ok} approuvé(s), {failed} refusé(s).',
    keys: 'Touches : j / k pour se déplacer, Entrée pour examiner, a pour approuver, d pour refuser.',
    close: 'Fermer',
    reason: 'Motif',
    reasonHint: 'Obligatoire pour refuser ; une note facultative pour approuver. Inscrit au journal d’audit.',
    requisites: 'Paiement vers',
    netWin: 'Résultat de jeu net, dernières 24 h',
    linked: 'Partage une adresse avec',
    otherMethods: 'Dépôts par',
    reference: 'Référence',
    paid: 'Payé : {id} ({ref}).',
    waiting: 'Approuvé. En attente d’un second membre : {id}.',
    refused: 'Le prestataire a refusé le paiement : {reason}. La réserve est revenue au joueur.',
    retrying: "Le prestataire n'a pas confirmé le paiement de {id} : il reste en cours et lui est redemandé automatiquement ({reason}).",
    declinedDone: 'Refusé : {id}. La réserve est revenue au joueur.',
    you: 'vous',
    yourApproval: 'Vous avez déjà approuvé ce retrait : un second membre doit l’approuver.',
    nobody: 'aucune',
    live: 'Mis à jour en direct',
  },
});

const QUERY = ['backoffice', 'withdrawals'] as const;
const PAGE = 50;
type Page = { items: WithdrawalRowView[]; total: number; four_eyes: { threshold: string } };
type Focus = { id: string; action: 'approve' | 'decline' | 'review' };

const flagTone: Record<WithdrawalFlag, 'warn' | 'bad' | 'info'> = {
  first_withdrawal: 'info',
  other_method: 'warn',
  bonus_converted: 'warn',
  net_win: 'warn',
  linked_accounts: 'bad',
  unverified: 'bad',
  chargeback: 'bad',
  risk_hold: 'bad',
};

/** Rows a batch may approve: waiting, no flags, within one member's approval. */
const batchable = (row: WithdrawalRowView) => row.status === 'requested' && row.flags.length === 0 && !row.four_eyes.required;

export default function WithdrawalsScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const table = useTableParams({ sort: 'created_at', dir: 'asc', pageSize: PAGE });
  const filters = {
    status: table.filter('status') || 'requested',
    method: table.filter('method'),
    amount_min: table.filter('amount_min'),
    amount_max: table.filter('amount_max'),
    older_than_hours: table.filter('older_than_hours'),
    flag: table.filter('flag'),
  };
  const queryKey = [...QUERY, filters, table.page, table.sort, table.dir];
  const queue = useQuery({
    queryKey,
    queryFn: () => backofficeApi<Page>('withdrawals/list', { query: { ...filters, sort: table.sort, dir: table.dir, page: table.page, limit: PAGE } }),
    refetchInterval: 60_000,
  });
  useLiveRefresh('withdrawals', QUERY);
  const rows = queue.data?.items;
  const [focus, setFocus] = useState<Focus | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<{ tone: 'good' | 'info' | 'bad'; text: string } | null>(null);
  const focused = focus ? rows?.find((row) => row.id === focus.id) : undefined;
  const decide = can('withdrawals.decide');

  const batch = useMutation({
    mutationFn: async (ids: string[]) => {
      let ok = 0;
      let failed = 0;
      // One call per row: each its own decision and its own audit row.
      for (const id of ids) {
        try {
          await backofficeApi<WithdrawalDecisionView>('withdrawals/approve', { body: { id, unflagged_only: true } });
          ok++;
        } catch {
          failed++;
        }
      }
      return { ok, failed };
    },
    onSuccess: ({ ok, failed }) => {
      setSelected(new Set());
      setOutcome({ tone: failed ? 'bad' : 'good', text: t('batchDone', { ok, failed }) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY }),
  });

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    table.setFilters({
      status: value('status') === 'requested' ? '' : value('status'),
      method: value('method'),
      amount_min: value('amount_min'),
      amount_max: value('amount_max'),
      older_than_hours: value('older_than_hours'),
      flag: value('flag'),
    });
  }

  /** a / d on a focused row: open its review with approve (Enter confirms) or the decline reason ready. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.tagName !== 'TR' || !rows || event.ctrlKey || event.metaKey || event.altKey) return;
    const index = Array.from(target.parentElement?.children ?? []).indexOf(target);
    const row = rows[index];
    if (!row) return;
    if (event.key === 'a' || event.key === 'd') {
      if (!decide || row.status !== 'requested') return;
      event.preventDefault();
      setFocus({ id: row.id, action: event.key === 'a' ? 'approve' : 'decline' });
    }
  }

  const approverNames = (row: WithdrawalRowView) => row.four_eyes.approvers.map((member) => (member.id === me?.id ? t('you') : member.name)).join(', ');
  const columns: ColumnDef<WithdrawalRowView, unknown>[] = [
    ...(decide
      ? [
          {
            id: 'select',
            header: () => <span className="sr-only">{t('select', { id: '' })}</span>,
            cell: ({ row }: { row: { original: WithdrawalRowView } }) => (
              <input
                type="checkbox"
                aria-label={t('select', { id: row.original.id })}
                disabled={!batchable(row.original)}
                checked={selected.has(row.original.id)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(row.original.id);
                  else next.delete(row.original.id);
                  setSelected(next);
                }}
              />
            ),
          } satisfies ColumnDef<WithdrawalRowView, unknown>,
        ]
      : []),
    {
      id: 'created_at',
      header: t('requestedAt'),
      cell: ({ row }) => <PaymentTimeCell at={row.original.created_at} reference={row.original.id} locale={locale} />,
    },
    {
      id: 'player',
      header: t('player'),
      cell: ({ row }) => <PaymentPlayerCell userId={row.original.user_id} player={row.original.player} />,
    },
    {
      id: 'amount',
      header: t('amount'),
      cell: ({ row }) => (
        <span className="bo-num money-amount">
          {formatAmount(row.original.amount.amount, row.original.amount.currency, locale)}
          <div className="bo-hint" title={Object.values(row.original.requisites).join(' · ')}>
            {row.original.method}
          </div>
        </span>
      ),
    },
    {
      id: 'flags',
      header: t('flags'),
      cell: ({ row }) => (
        <span className="money-flags">
          {row.original.flags.map((flag) => (
            <Badge key={flag} tone={flagTone[flag]}>
              {flag === 'net_win' ? `${t(flag)} ${formatAmount(row.original.net_win_24h.amount, row.original.net_win_24h.currency, locale)}` : t(flag)}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'decision',
      header: t('approvals'),
      cell: ({ row }) => {
        const eyes = row.original.four_eyes;
        if (row.original.status !== 'requested') return <Badge tone={row.original.status === 'approved' ? 'good' : row.original.status === 'declined' ? 'bad' : 'neutral'}>{t(row.original.status as 'approved')}</Badge>;
        return (
          <div className="money-decision-cell">
            {decide && (
              <span className="bo-actions money-row-actions">
                <Button onClick={() => setFocus({ id: row.original.id, action: 'approve' })}>{t('approve')}</Button>
                <Button tone="danger" onClick={() => setFocus({ id: row.original.id, action: 'decline' })}>
                  {t('decline')}
                </Button>
              </span>
            )}
            <Badge tone={eyes.required ? 'info' : 'neutral'}>{eyes.required ? t('fourEyes') : t('oneMember')}</Badge>
            {eyes.approvers.length > 0 && (
              <div className="bo-hint" data-testid="approvals">
                {eyes.required ? t('waitingSecond', { names: approverNames(row.original) }) : t('approvedBy', { names: approverNames(row.original) })}
              </div>
            )}
          </div>
        );
      },
    },
  ];

  const selectable = rows?.filter(batchable) ?? [];
  const chosen = selectable.filter((row) => selected.has(row.id)).map((row) => row.id);
  const threshold = queue.data?.four_eyes.threshold ?? '500';

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { threshold })}
        actions={
          decide && (
            <Button tone="primary" disabled={!chosen.length || batch.isPending} onClick={() => batch.mutate(chosen)} title={t('batchHint')}>
              {t('approveSelected', { n: chosen.length })}
            </Button>
          )
        }
      />
      <form className="bo-filters" onSubmit={filter} key={JSON.stringify(filters)}>
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={[...WITHDRAWAL_STATUS_VALUES, 'all' as const].map((value) => ({ value, label: t(value) }))} />
        <SelectField
          label={t('method')}
          name="method"
          defaultValue={filters.method}
          options={[
            { value: '', label: t('any') },
            { value: 'bank_transfer', label: 'bank_transfer' },
            { value: 'skrill', label: 'skrill' },
          ]}
        />
        <TextField label={t('amountMin')} name="amount_min" inputMode="decimal" defaultValue={filters.amount_min} error={fieldError(queue.error, 'amount_min')} />
        <TextField label={t('amountMax')} name="amount_max" inputMode="decimal" defaultValue={filters.amount_max} error={fieldError(queue.error, 'amount_max')} />
        <SelectField
          label={t('age')}
          name="older_than_hours"
          defaultValue={filters.older_than_hours}
          options={[
            { value: '', label: t('any') },
            { value: '1', label: t('older1') },
            { value: '24', label: t('older24') },
            { value: '72', label: t('older72') },
          ]}
        />
        <SelectField label={t('flag')} name="flag" defaultValue={filters.flag} options={[{ value: '', label: t('any') }, ...WITHDRAWAL_FLAGS.map((flag) => ({ value: flag, label: t(flag) }))]} />
        <Button type="submit">{t('filter')}</Button>
        <Button tone="quiet" onClick={() => table.setFilters({ status: '', method: '', amount_min: '', amount_max: '', older_than_hours: '', flag: '' })}>
          {t('reset')}
        </Button>
      </form>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {queue.error && !(queue.error instanceof ApiError && Object.keys(queue.error.fields).length) && <Notice tone="bad">{(queue.error as Error).message}</Notice>}
      {focused && decide && (
        <DecisionPanel
          key={`${focused.id}-${focus?.action}`}
          row={focused}
          action={focus!.action}
          meId={me?.id}
          onClose={() => setFocus(null)}
          onDone={(result) => {
            setFocus(null);
            setOutcome(result);
            void queryClient.invalidateQueries({ queryKey: QUERY });
          }}
        />
      )}
      <p className="bo-hint">
        {t('keys')} <Badge tone="good">{t('live')}</Badge>
      </p>
      <div onKeyDown={onKeyDown}>
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={rows}
          total={queue.data?.total}
          loading={queue.isLoading}
          table={table}
          sortable={['created_at', 'amount']}
          rowKey={(row) => row.id}
          onOpen={(row) => setFocus({ id: row.id, action: 'review' })}
          rowTone={(row) => (row.flags.includes('linked_accounts') || row.flags.includes('unverified') || row.flags.includes('risk_hold') ? 'bad' : row.flags.length ? 'warn' : undefined)}
        />
      </div>
    </>
  );
}

function DecisionPanel({
  row,
  action,
  meId,
  onClose,
  onDone,
}: {
  row: WithdrawalRowView;
  action: Focus['action'];
  meId: number | undefined;
  onClose(): void;
  onDone(result: { tone: 'good' | 'info' | 'bad'; text: string }): void;
}) {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const approvedByMe = row.four_eyes.approvers.some((member) => member.id === meId);

  useEffect(() => {
    const form = formRef.current;
    if (action === 'decline') form?.querySelector('textarea')?.focus();
    else form?.querySelector<HTMLButtonElement>('button[value="approve"]:not(:disabled)')?.focus();
  }, [action]);

  async function send(kind: 'approve' | 'decline', form: HTMLFormElement) {
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    setError(null);
    setPending(true);
    try {
      const answer = await backofficeApi<WithdrawalDecisionView>(`withdrawals/${kind}`, { body: { id: row.id, ...(reason ? { reason } : {}) } });
      if (answer.outcome === 'paid') onDone({ tone: 'good', text: t('paid', { id: row.id, ref: answer.withdrawal.provider_ref ?? '' }) });
      else if (answer.outcome === 'waiting') onDone({ tone: 'info', text: t('waiting', { id: row.id }) });
      else if (answer.outcome === 'refused') onDone({ tone: 'bad', text: t('refused', { reason: answer.reason ?? '' }) });
      else if (answer.outcome === 'retrying') onDone({ tone: 'info', text: t('retrying', { id: row.id, reason: answer.reason ?? '' }) });
      else onDone({ tone: 'info', text: t('declinedDone', { id: row.id }) });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  }

  const names = row.four_eyes.approvers.map((member) => (member.id === meId ? t('you') : member.name)).join(', ');
  return (
    <Panel
      title={`${t('review')} ${row.id}`}
      className="money-decision"
      actions={
        <Button tone="quiet" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <form
        ref={formRef}
        className="money-decision-body"
        onSubmit={(event) => {
          event.preventDefault();
          void send(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === 'decline' ? 'decline' : 'approve', event.currentTarget);
        }}
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <dl className="bo-dl">
          <dt>{t('player')}</dt>
          <dd>
            {row.player ?? '—'} (#{row.user_id})
          </dd>
          <dt>{t('amount')}</dt>
          <dd className="money-amount">{formatAmount(row.amount.amount, row.amount.currency, locale)}</dd>
          <dt>{t('requisites')}</dt>
          <dd>
            {row.method} · {Object.values(row.requisites).join(' · ')}
          </dd>
          <dt>{t('flags')}</dt>
          <dd className="money-flags">
            {row.flags.length ? row.flags.map((flag) => <Badge key={flag} tone={flagTone[flag]}>{t(flag)}</Badge>) : '—'}
          </dd>
          <dt>{t('netWin')}</dt>
          <dd>{formatAmount(row.net_win_24h.amount, row.net_win_24h.currency, locale)}</dd>
          {row.linked_players.length > 0 && (
            <>
              <dt>{t('linked')}</dt>
              <dd>
                {row.linked_players.map((id) => (
                  <Link key={id} className="money-linked" to={`${BACKOFFICE_PATH}/players/${id}`}>
                    #{id}
                  </Link>
                ))}
              </dd>
            </>
          )}
          {row.other_deposit_methods.length > 0 && (
            <>
              <dt>{t('otherMethods')}</dt>
              <dd>{row.other_deposit_methods.join(', ')}</dd>
            </>
          )}
          <dt>{t('approvals')}</dt>
          <dd data-testid="decision-approvals">
            {row.four_eyes.required ? t('fourEyes') : t('oneMember')} · {row.four_eyes.approvers.length ? (row.four_eyes.required ? t('waitingSecond', { names }) : t('approvedBy', { names })) : t('nobody')}
          </dd>
        </dl>
        {row.risk_hold && (
          <Notice tone="bad">
            {t('heldBy', { id: row.risk_hold.case_id })} <Link to={`${BACKOFFICE_PATH}/risk/cases/${row.risk_hold.case_id}`}>{t('openCase')}</Link>
          </Notice>
        )}
        {approvedByMe && <Notice>{t('yourApproval')}</Notice>}
        <div>
          <TextArea label={t('reason')} name="reason" maxLength={500} error={fieldError(error, 'reason')} />
          <p className="bo-hint">{t('reasonHint')}</p>
        </div>
        {fieldError(error, 'id') && <Notice tone="bad">{fieldError(error, 'id')}</Notice>}
        {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
        <div className="bo-actions">
          <Button type="submit" tone="primary" value="approve" disabled={pending || approvedByMe || !!row.risk_hold}>
            {t('approve')}
          </Button>
          <Button type="submit" tone="danger" value="decline" disabled={pending}>
            {t('decline')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

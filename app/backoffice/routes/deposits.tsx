import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { DEPOSIT_STATUS_VALUES, type DepositRowView, type RefundDecisionView } from '../../../contract/backoffice-money.ts';
import { formatMinor, isCurrency, parseMajor } from '../../../contract/money.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import { PaymentPlayerCell, PaymentTimeCell } from '../money-cells.tsx';
import '../money.css';

const texts = defineTexts({
  en: {
    title: 'Deposits',
    subtitle: 'Payments in through the providers. A deposit left pending can be settled here through its provider, which then calls back as it would on its own; a paid one can be refunded, in full or in part.',
    refund: 'Refund',
    refundTitle: 'Refund {id}',
    refundLeft: 'Paid {amount}; {left} left to refund. The money leaves the player’s main balance, then the provider returns it to where it came from.',
    refundAmount: 'Amount ({currency})',
    refundAmountHint: 'Empty: all that is left',
    refundReason: 'Reason',
    refundSubmit: 'Refund through the provider',
    cancel: 'Cancel',
    refunded: 'Refunded {amount} of {id}.',
    refundFailed: 'The provider refused the refund of {id}: {reason}. The money is back on the player’s balance.',
    refundedSoFar: 'refunded {amount}',
    refundsSoFar: 'Refunds so far',
    refund_processing: 'processing',
    refund_refunded: 'refunded',
    refund_failed: 'failed',
    chargedBack: 'charged back {amount}',
    chargebackLine: '{kind} {amount}: {covered} from the balance, {shortfall} owed ({recovered} recovered)',
    kind_chargeback: 'chargeback',
    kind_refund: 'refund by the provider',
    caption: 'Deposits',
    status: 'Status',
    method: 'Method',
    any: 'Any',
    all: 'all',
    created: 'created',
    pending: 'pending',
    success: 'paid',
    failed: 'failed',
    cancelled: 'cancelled',
    amountMin: 'Amount from',
    amountMax: 'Amount to',
    reference: 'Reference',
    referenceHint: 'dep_… or the provider’s',
    filter: 'Filter',
    reset: 'Clear',
    when: 'Created',
    player: 'Player',
    amount: 'Amount',
    provider: 'Provider',
    settleSuccess: 'Settle: paid',
    settleFailed: 'Settle: failed',
    confirmSuccess: 'Settle {id} as paid? The player is credited {amount}.',
    confirmFailed: 'Settle {id} as failed? Nothing is credited.',
    settled: '{id} is now {status}.',
  },
  fr: {
    title: 'Dépôts',
    subtitle: 'Les paiements entrants des prestataires. Un dépôt resté en attente peut être réglé ici par son prestataire, qui rappelle alors la plateforme comme il le ferait de lui-même ; un dépôt payé peut être remboursé, en tout ou en partie.',
    refund: 'Rembourser',
    refundTitle: 'Rembourser {id}',
    refundLeft: 'Payé {amount} ; reste {left} à rembourser. L’argent quitte le solde principal du joueur, puis le prestataire le rend là d’où il venait.',
    refundAmount: 'Montant ({currency})',
    refundAmountHint: 'Vide : tout ce qui reste',
    refundReason: 'Motif',
    refundSubmit: 'Rembourser par le prestataire',
    cancel: 'Annuler',
    refunded: '{amount} remboursés sur {id}.',
    refundFailed: 'Le prestataire a refusé le remboursement de {id} : {reason}. L’argent est revenu sur le solde du joueur.',
    refundedSoFar: 'remboursé {amount}',
    refundsSoFar: 'Remboursements déjà faits',
    refund_processing: 'en cours',
    refund_refunded: 'remboursé',
    refund_failed: 'échoué',
    chargedBack: 'rétrofacturé {amount}',
    chargebackLine: '{kind} {amount} : {covered} pris sur le solde, {shortfall} dû ({recovered} recouvré)',
    kind_chargeback: 'rétrofacturation',
    kind_refund: 'remboursement par le prestataire',
    caption: 'Dépôts',
    status: 'Statut',
    method: 'Moyen',
    any: 'Tous',
    all: 'tous',
    created: 'créé',
    pending: 'en attente',
    success: 'payé',
    failed: 'échoué',
    cancelled: 'annulé',
    amountMin: 'Montant min.',
    amountMax: 'Montant max.',
    reference: 'Référence',
    referenceHint: 'dep_… ou celle du prestataire',
    filter: 'Filtrer',
    reset: 'Effacer',
    when: 'Créé',
    player: 'Joueur',
    amount: 'Montant',
    provider: 'Prestataire',
    settleSuccess: 'Régler : payé',
    settleFailed: 'Régler : échoué',
    confirmSuccess: 'Régler {id} comme payé ? Le joueur est crédité de {amount}.',
    confirmFailed: 'Régler {id} comme échoué ? Rien n’est crédité.',
    settled: '{id} est maintenant : {status}.',
  },
});

const QUERY = ['backoffice', 'deposits'] as const;
const PAGE = 50;
const statusTone = { success: 'good', pending: 'warn', created: 'info', failed: 'bad', cancelled: 'neutral' } as const;

export default function DepositsScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useTableParams({ sort: 'created_at', dir: 'desc', pageSize: PAGE });
  const filters = {
    status: table.filter('status') || 'all',
    method: table.filter('method'),
    amount_min: table.filter('amount_min'),
    amount_max: table.filter('amount_max'),
    reference: table.filter('reference'),
  };
  const deposits = useQuery({
    queryKey: [...QUERY, filters, table.page, table.sort, table.dir],
    queryFn: () => backofficeApi<{ items: DepositRowView[]; total: number }>('deposits/list', { query: { ...filters, sort: table.sort, dir: table.dir, page: table.page, limit: PAGE } }),
  });
  const [notice, setNotice] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);

  const settle = useMutation({
    mutationFn: (input: { id: string; outcome: 'success' | 'failed' }) => backofficeApi<DepositRowView>('deposits/settle', { body: input }),
    onSuccess: (row) => setNotice({ tone: 'good', text: t('settled', { id: row.id, status: t(row.status as 'success') }) }),
    onError: (error) => setNotice({ tone: 'bad', text: fieldError(error, 'id') ?? (error as Error).message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY }),
  });

  const [refunding, setRefunding] = useState<DepositRowView | null>(null);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    table.setFilters({ status: value('status') === 'all' ? '' : value('status'), method: value('method'), amount_min: value('amount_min'), amount_max: value('amount_max'), reference: value('reference') });
  }

  const columns: ColumnDef<DepositRowView, unknown>[] = [
    {
      id: 'created_at',
      header: t('when'),
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
        <span className="money-amount">
          {formatAmount(row.original.amount.amount, row.original.amount.currency, locale)}
          <div className="bo-hint">{row.original.method}</div>
          {row.original.refunds.length > 0 && (
            <div className="bo-hint" data-testid="refunded">
              {t('refundedSoFar', { amount: formatAmount(row.original.refunded.amount, row.original.refunded.currency, locale) })}
            </div>
          )}
          {row.original.chargebacks.length > 0 && (
            <div className="bo-hint" data-testid="charged-back">
              <Badge tone="bad">{t('chargedBack', { amount: formatAmount(row.original.charged_back.amount, row.original.charged_back.currency, locale) })}</Badge>
              {row.original.chargebacks.map((item) => (
                <div key={item.id}>
                  {t('chargebackLine', {
                    kind: t(`kind_${item.kind}`),
                    amount: formatAmount(item.amount.amount, item.amount.currency, locale),
                    covered: formatAmount(item.covered.amount, item.covered.currency, locale),
                    shortfall: formatAmount(item.shortfall.amount, item.shortfall.currency, locale),
                    recovered: formatAmount(item.recovered.amount, item.recovered.currency, locale),
                  })}
                </div>
              ))}
            </div>
          )}
        </span>
      ),
    },
    {
      id: 'provider',
      header: t('provider'),
      cell: ({ row }) => (
        <>
          {row.original.provider}
          <div className="bo-hint bo-mono money-ref">{row.original.provider_ref ?? '—'}</div>
        </>
      ),
    },
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => (
        <div className="money-decision-cell">
          <Badge tone={statusTone[row.original.status as keyof typeof statusTone] ?? 'neutral'}>{t(row.original.status as 'success')}</Badge>
          {can('deposits.settle') && (row.original.status === 'pending' || row.original.status === 'created') && (
            <span className="bo-actions money-row-actions">
              <Button
                disabled={settle.isPending}
                onClick={() =>
                  window.confirm(t('confirmSuccess', { id: row.original.id, amount: formatAmount(row.original.amount.amount, row.original.amount.currency, locale) })) &&
                  settle.mutate({ id: row.original.id, outcome: 'success' })
                }
              >
                {t('settleSuccess')}
              </Button>
              <Button tone="danger" disabled={settle.isPending} onClick={() => window.confirm(t('confirmFailed', { id: row.original.id })) && settle.mutate({ id: row.original.id, outcome: 'failed' })}>
                {t('settleFailed')}
              </Button>
            </span>
          )}
          {can('deposits.settle') && row.original.refundable && (
            <span className="bo-actions money-row-actions">
              <Button onClick={() => setRefunding(row.original)}>{t('refund')}</Button>
            </span>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="bo-filters" onSubmit={filter} key={JSON.stringify(filters)}>
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={(['all', ...DEPOSIT_STATUS_VALUES] as const).map((value) => ({ value, label: t(value) }))} />
        <SelectField
          label={t('method')}
          name="method"
          defaultValue={filters.method}
          options={[{ value: '', label: t('any') }, ...['card', 'sepa', 'skrill'].map((value) => ({ value, label: value }))]}
        />
        <TextField label={t('amountMin')} name="amount_min" inputMode="decimal" defaultValue={filters.amount_min} error={fieldError(deposits.error, 'amount_min')} />
        <TextField label={t('amountMax')} name="amount_max" inputMode="decimal" defaultValue={filters.amount_max} error={fieldError(deposits.error, 'amount_max')} />
        <TextField label={t('reference')} name="reference" placeholder={t('referenceHint')} defaultValue={filters.reference} />
        <Button type="submit">{t('filter')}</Button>
        <Button tone="quiet" onClick={() => table.setFilters({ status: '', method: '', amount_min: '', amount_max: '', reference: '' })}>
          {t('reset')}
        </Button>
      </form>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {refunding && (
        <RefundForm
          key={refunding.id}
          deposit={refunding}
          t={t}
          onClose={() => setRefunding(null)}
          onDone={(answer) => {
            setRefunding(null);
            const id = answer.deposit.id;
            setNotice(
              answer.outcome === 'refunded'
                ? { tone: 'good', text: t('refunded', { id, amount: formatAmount(answer.deposit.refunds.at(-1)?.amount.amount ?? '0', answer.deposit.amount.currency, locale) }) }
                : { tone: 'bad', text: t('refundFailed', { id, reason: answer.reason ?? '' }) },
            );
            void queryClient.invalidateQueries({ queryKey: QUERY });
          }}
        />
      )}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={deposits.data?.items}
        total={deposits.data?.total}
        loading={deposits.isLoading}
        table={table}
        sortable={['created_at', 'amount']}
        rowKey={(row) => row.id}
      />
    </>
  );
}

type T = ReturnType<typeof useTexts<keyof typeof texts.en>>;

/** What is left to refund of a deposit (after refunds and chargebacks), as a decimal string in its currency. */
function leftToRefund(deposit: DepositRowView): string {
  const { currency } = deposit.amount;
  if (!isCurrency(currency)) return deposit.amount.amount;
  return formatMinor((parseMajor(deposit.amount.amount, currency) ?? 0n) - (parseMajor(deposit.refunded.amount, currency) ?? 0n) - (parseMajor(deposit.charged_back.amount, currency) ?? 0n), currency);
}

function RefundForm({ deposit, t, onClose, onDone }: { deposit: DepositRowView; t: T; onClose(): void; onDone(answer: RefundDecisionView): void }) {
  const locale = useBackofficeLocale();
  const refund = useMutation({
    mutationFn: (body: { id: string; amount: string; reason: string }) => backofficeApi<RefundDecisionView>('deposits/refund', { body }),
    onSuccess: onDone,
  });
  const { currency } = deposit.amount;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    refund.mutate({ id: deposit.id, amount: String(form.get('amount') ?? '').trim(), reason: String(form.get('reason') ?? '') });
  }
  return (
    <Panel title={t('refundTitle', { id: deposit.id })} className="money-refund">
      <form className="bo-form" onSubmit={submit} noValidate aria-label={t('refundTitle', { id: deposit.id })}>
        <p className="bo-hint">{t('refundLeft', { amount: formatAmount(deposit.amount.amount, currency, locale), left: formatAmount(leftToRefund(deposit), currency, locale) })}</p>
        {deposit.refunds.length > 0 && (
          <ul className="bo-plain-list money-refunds" aria-label={t('refundsSoFar')}>
            {deposit.refunds.map((item) => (
              <li key={item.id}>
                <Badge tone={item.status === 'refunded' ? 'good' : item.status === 'failed' ? 'bad' : 'info'}>{t(`refund_${item.status}`)}</Badge> {formatAmount(item.amount.amount, item.amount.currency, locale)} · {item.reason} ·{' '}
                <span className="bo-hint">
                  {item.requested_by}, {formatTime(item.created_at, locale)}
                  {item.failure && ` · ${item.failure}`}
                </span>
              </li>
            ))}
          </ul>
        )}
        {(fieldError(refund.error, '_') || fieldError(refund.error, 'id')) && <Notice tone="bad">{fieldError(refund.error, '_') ?? fieldError(refund.error, 'id')}</Notice>}
        <TextField label={t('refundAmount', { currency })} name="amount" inputMode="decimal" placeholder={leftToRefund(deposit)} hint={t('refundAmountHint')} error={fieldError(refund.error, 'amount')} />
        <TextField label={t('refundReason')} name="reason" error={fieldError(refund.error, 'reason')} />
        <span className="bo-actions">
          <Button type="submit" tone="primary" disabled={refund.isPending}>
            {t('refundSubmit')}
          </Button>
          <Button tone="quiet" onClick={onClose}>
            {t('cancel')}
          </Button>
        </span>
      </form>
    </Panel>
  );
}

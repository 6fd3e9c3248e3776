import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { Badge, Notice, PageHeader, SelectField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import { STATUS_TONE, verificationTexts, type VerificationTextKey } from '../protection-texts.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    title: 'Identity verification',
    subtitle: 'Players who sent documents, the longest waiting first. Open a case to see the documents and decide.',
    status: 'Status',
    provider: 'Reviewed by',
    waiting: 'Waiting',
    any: 'Any',
    all: 'Every case',
    over24: 'Over 24 hours',
    over72: 'Over 3 days',
    over168: 'Over 7 days',
    player: 'Player',
    sent: 'Sent',
    documents: 'Documents',
    reason: 'Reason given',
    caption: 'Verification cases',
    hours: '{n} h',
    days: '{n} d',
    underHour: 'under an hour',
    noContact: 'no e-mail',
  },
  fr: {
    title: 'Vérification d’identité',
    subtitle: 'Les joueurs qui ont envoyé leurs documents, les plus anciens d’abord. Ouvrez un dossier pour voir les documents et décider.',
    status: 'Statut',
    provider: 'Examiné par',
    waiting: 'Attente',
    any: 'Tous',
    all: 'Tous les dossiers',
    over24: 'Plus de 24 heures',
    over72: 'Plus de 3 jours',
    over168: 'Plus de 7 jours',
    player: 'Joueur',
    sent: 'Envoyé',
    documents: 'Documents',
    reason: 'Motif donné',
    caption: 'Dossiers de vérification',
    hours: '{n} h',
    days: '{n} j',
    underHour: 'moins d’une heure',
    noContact: 'sans e-mail',
  },
});

type QueueRow = {
  user_id: number;
  status: VerificationTextKey & keyof typeof STATUS_TONE;
  provider: 'builtin' | 'sumsub';
  submitted_at: string | null;
  reviewed_at: string | null;
  reason: string | null;
  documents: VerificationTextKey[];
  player: { email: string | null; phone: string | null } | null;
};

const PAGE = 50;

/** Hours since `iso` (the queue's "waiting"), read once per render from the clock. */
const hoursSince = (iso: string | null, now: number) => (iso ? Math.max(0, Math.floor((now - new Date(iso).getTime()) / 3_600_000)) : 0);

/** The queue: cases waiting for a review (as `ops kyc:pending`), filtered, paged in the address, kept fresh live. */
export default function VerificationQueue() {
  const t = useTexts(texts);
  const v = useTexts(verificationTexts);
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const table = useTableParams({ pageSize: PAGE });
  const filters = { status: table.filter('status') || 'pending', provider: table.filter('provider'), older_than: table.filter('older_than') };
  const queryKey = ['backoffice', 'verification', 'queue', filters, table.page];
  const queue = useQuery({
    queryKey,
    queryFn: () => backofficeApi<{ items: QueueRow[]; total: number }>('verification/queue', { query: { ...filters, page: table.page, limit: PAGE } }),
  });
  useLiveRefresh('verification', ['backoffice', 'verification']);
  // Server data is rendered with the time it was fetched, so a re-render alone never moves it.
  const now = queue.dataUpdatedAt;

  const waited = (iso: string | null) => {
    const hours = hoursSince(iso, now);
    return hours >= 48 ? t('days', { n: Math.floor(hours / 24) }) : hours < 1 ? t('underHour') : t('hours', { n: hours });
  };

  const allColumns: ColumnDef<QueueRow, unknown>[] = [
    {
      id: 'player',
      header: t('player'),
      cell: ({ row }) => (
        <>
          <strong>{row.original.player?.email ?? row.original.player?.phone ?? t('noContact')}</strong>
          <div className="bo-hint">#{row.original.user_id}</div>
        </>
      ),
    },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge tone={STATUS_TONE[row.original.status]}>{v(row.original.status)}</Badge> },
    { id: 'provider', header: t('provider'), cell: ({ row }) => v(row.original.provider) },
    {
      id: 'sent',
      header: t('sent'),
      cell: ({ row }) => (
        <>
          {formatTime(row.original.submitted_at, locale)}
          {row.original.status === 'pending' && <div className="bo-hint">{waited(row.original.submitted_at)}</div>}
        </>
      ),
    },
    { id: 'documents', header: t('documents'), cell: ({ row }) => row.original.documents.map((kind) => v(kind)).join(', ') || '—' },
    { id: 'reason', header: t('reason'), cell: ({ row }) => row.original.reason ?? '' },
  ];
  // Cases waiting for review have no reason yet: the column shows for decided ones.
  const columns = allColumns.filter((column) => column.id !== 'reason' || filters.status !== 'pending');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="bo-filters">
        <SelectField
          label={t('status')}
          value={filters.status}
          onChange={(event) => table.setFilters({ status: event.target.value === 'pending' ? '' : event.target.value })}
          options={[
            { value: 'pending', label: v('pending') },
            { value: 'resubmission', label: v('resubmission') },
            { value: 'rejected', label: v('rejected') },
            { value: 'approved', label: v('approved') },
            { value: 'all', label: t('all') },
          ]}
          error={fieldError(queue.error, 'status')}
        />
        <SelectField
          label={t('provider')}
          value={filters.provider}
          onChange={(event) => table.setFilters({ provider: event.target.value })}
          options={[
            { value: '', label: t('any') },
            { value: 'builtin', label: v('builtin') },
            { value: 'sumsub', label: v('sumsub') },
          ]}
        />
        <SelectField
          label={t('waiting')}
          value={filters.older_than}
          onChange={(event) => table.setFilters({ older_than: event.target.value })}
          options={[
            { value: '', label: t('any') },
            { value: '24', label: t('over24') },
            { value: '72', label: t('over72') },
            { value: '168', label: t('over168') },
          ]}
          error={fieldError(queue.error, 'older_than')}
        />
      </div>
      {queue.isError && <Notice tone="bad">{queue.error.message}</Notice>}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={queue.data?.items}
        total={queue.data?.total}
        loading={queue.isLoading}
        table={table}
        rowKey={(row) => String(row.user_id)}
        onOpen={(row) => navigate(`${BACKOFFICE_PATH}/verification/${row.user_id}`)}
        rowTone={(row) => (row.status === 'pending' && hoursSince(row.submitted_at, now) >= 48 ? 'warn' : undefined)}
      />
    </>
  );
}

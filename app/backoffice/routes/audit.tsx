import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import type { AuditEntryView } from '../../../contract/backoffice.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { Button, PageHeader, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';

const texts = defineTexts({
  en: {
    title: 'Audit trail',
    subtitle: 'Every change made from the back office or an ops command: who, as what, on what, before and after. Rows are never changed or removed.',
    actor: 'Who',
    action: 'Action',
    subject: 'Subject',
    filter: 'Filter',
    at: 'When',
    change: 'Change',
    from: 'from',
    caption: 'Audit rows',
  },
  fr: {
    title: 'Journal d’audit',
    subtitle: 'Chaque modification faite depuis le back office ou une commande ops : qui, avec quel rôle, sur quoi, avant et après. Les lignes ne sont jamais modifiées ni supprimées.',
    actor: 'Qui',
    action: 'Action',
    subject: 'Sujet',
    filter: 'Filtrer',
    at: 'Quand',
    change: 'Modification',
    from: 'depuis',
    caption: 'Lignes d’audit',
  },
});

const PAGE = 50;

/** Short, readable before → after of the fields that changed. */
function changeOf(entry: AuditEntryView): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  const parts = keys.map((key) => `${key}: ${before[key] === undefined ? '∅' : JSON.stringify(before[key])} → ${after[key] === undefined ? '∅' : JSON.stringify(after[key])}`);
  const details = entry.details && typeof entry.details === 'object' && Object.keys(entry.details).length ? JSON.stringify(entry.details) : '';
  return [...parts, details].filter(Boolean).join(' · ');
}

export default function AuditScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const table = useTableParams({ pageSize: PAGE });
  const filters = { actor: table.filter('actor'), action: table.filter('action'), subject: table.filter('subject') };
  const trail = useQuery({
    queryKey: ['backoffice', 'audit', filters, table.page],
    queryFn: () => backofficeApi<{ items: AuditEntryView[]; total: number }>('audit/list', { query: { ...filters, page: table.page, limit: PAGE } }),
  });

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters({ actor: String(form.get('actor') ?? ''), action: String(form.get('action') ?? ''), subject: String(form.get('subject') ?? '') });
  }

  const columns: ColumnDef<AuditEntryView, unknown>[] = [
    { id: 'at', header: t('at'), cell: ({ row }) => <span title={row.original.request_id ?? undefined}>{formatTime(row.original.at, locale)}</span> },
    {
      id: 'actor',
      header: t('actor'),
      cell: ({ row }) => (
        <>
          {row.original.actor}
          <div className="bo-hint">
            {row.original.actor_role ?? ''} {row.original.ip ? `${t('from')} ${row.original.ip}` : ''}
          </div>
        </>
      ),
    },
    { id: 'action', header: t('action'), cell: ({ row }) => <span className="bo-mono">{row.original.action}</span> },
    { id: 'subject', header: t('subject'), cell: ({ row }) => <span className="bo-mono">{row.original.subject}</span> },
    { id: 'change', header: t('change'), cell: ({ row }) => <span className="bo-mono">{changeOf(row.original)}</span> },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="bo-filters" onSubmit={filter} key={JSON.stringify(filters)}>
        <TextField label={t('actor')} name="actor" defaultValue={filters.actor} />
        <TextField label={t('action')} name="action" defaultValue={filters.action} placeholder="staff." />
        <TextField label={t('subject')} name="subject" defaultValue={filters.subject} placeholder="user:12" />
        <Button type="submit">{t('filter')}</Button>
      </form>
      <DataTable caption={t('caption')} columns={columns} rows={trail.data?.items} total={trail.data?.total} loading={trail.isLoading} table={table} rowKey={(row) => String(row.id)} />
    </>
  );
}

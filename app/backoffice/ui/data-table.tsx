import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { defineTexts, useTexts } from '../i18n.ts';

const texts = defineTexts({
  en: { empty: 'Nothing here.', loading: 'Loading…', page: 'Page {page} of {pages}', previous: 'Previous', next: 'Next', rows: '{total} rows', keys: 'j / k to move, Enter to open' },
  fr: { empty: 'Rien ici.', loading: 'Chargement…', page: 'Page {page} sur {pages}', previous: 'Précédente', next: 'Suivante', rows: '{total} lignes', keys: 'j / k pour se déplacer, Entrée pour ouvrir' },
});

/**
 * Paging, sorting and filters live in the address (`?page=2&sort=created_at&dir=desc&status=...`):
 * a table can be shared, reloaded and navigated back to. The server pages and sorts; this reads
 * and writes the parameters.
 */
export function useTableParams(defaults: { sort?: string; dir?: 'asc' | 'desc'; pageSize?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = params.get('sort') ?? defaults.sort;
  const dir = (params.get('dir') as 'asc' | 'desc' | null) ?? defaults.dir ?? 'desc';
  const pageSize = defaults.pageSize ?? 50;
  /** Sets filters (an empty value removes one) and goes back to the first page. */
  const setFilters = (values: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in values)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, page, sort, dir, pageSize, offset: (page - 1) * pageSize, setFilters, filter: (key: string) => params.get(key) ?? '' };
}

type Props<T> = {
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  total?: number;
  loading?: boolean;
  table: ReturnType<typeof useTableParams>;
  /** Column ids the server can sort by. */
  sortable?: string[];
  rowKey(row: T): string;
  onOpen?(row: T): void;
  /** Highlights rows that need a look (flags in a queue). */
  rowTone?(row: T): 'warn' | 'bad' | undefined;
  caption: string;
};

/**
 * A server-paged table through TanStack Table (headless): sortable headers, pages, and keyboard
 * use in the queues (j/k or arrows move between rows, Enter opens one).
 */
export function DataTable<T>({ columns, rows, total, loading, table: params, sortable = [], rowKey, onOpen, rowTone, caption }: Props<T>) {
  const t = useTexts(texts);
  const body = useRef<HTMLTableSectionElement>(null);
  const sorting: SortingState = params.sort ? [{ id: params.sort, desc: params.dir === 'desc' }] : [];
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / params.pageSize)) : undefined;
  // The table instance is rebuilt from props on every render and nothing below is memoized, which
  // is what the compiler's warning asks to make sure of.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      params.setFilters({ sort: first?.id, dir: first ? (first.desc ? 'desc' : 'asc') : undefined });
    },
    getRowId: rowKey,
  });

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const rowsInBody = Array.from(body.current?.querySelectorAll<HTMLTableRowElement>('tr[tabindex]') ?? []);
    const index = rowsInBody.indexOf(document.activeElement as HTMLTableRowElement);
    const move = (to: number) => rowsInBody[Math.max(0, Math.min(rowsInBody.length - 1, to))]?.focus();
    if (event.key === 'j' || event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'k' || event.key === 'ArrowUp') move(index - 1);
    else return;
    event.preventDefault();
  }

  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const canSort = sortable.includes(header.column.id);
                const direction = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={direction ? (direction === 'desc' ? 'descending' : 'ascending') : undefined}>
                    {canSort ? (
                      <button type="button" className="bo-sort" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden>{direction === 'desc' ? ' ↓' : direction === 'asc' ? ' ↑' : ' ↕'}</span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              tabIndex={onOpen ? 0 : undefined}
              className={clsx(onOpen && 'bo-row-link', rowTone?.(row.original) && `bo-row-${rowTone(row.original)}`)}
              onClick={onOpen ? (event) => !(event.target as HTMLElement).closest('button, a, input, label') && onOpen(row.original) : undefined}
              onKeyDown={onOpen ? (event) => event.key === 'Enter' && event.target === event.currentTarget && onOpen(row.original) : undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {!table.getRowModel().rows.length && (
            <tr>
              <td colSpan={columns.length} className="bo-empty">
                {loading ? t('loading') : t('empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="bo-pager">
        <span>
          {total !== undefined && t('rows', { total })}
          {onOpen && <span className="bo-hint"> · {t('keys')}</span>}
        </span>
        <span className="bo-pager-buttons">
          <button type="button" className="bo-button bo-button-quiet" disabled={params.page <= 1} onClick={() => params.setFilters({ page: String(params.page - 1) })}>
            {t('previous')}
          </button>
          {pages !== undefined && <span>{t('page', { page: params.page, pages })}</span>}
          <button
            type="button"
            className="bo-button bo-button-quiet"
            disabled={pages !== undefined ? params.page >= pages : (rows?.length ?? 0) < params.pageSize}
            onClick={() => params.setFilters({ page: String(params.page + 1) })}
          >
            {t('next')}
          </button>
        </span>
      </div>
    </div>
  );
}

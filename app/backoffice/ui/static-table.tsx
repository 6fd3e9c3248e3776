import type { ReactNode } from 'react';

/**
 * A table whose rows are all on the page (no server paging): a caption for screen readers, the
 * header row, the rows, and one full-width line when there are none (`empty`).
 */
export function StaticTable({ caption, headers, testId, empty, children }: { caption: string; headers: string[]; testId?: string; empty: ReactNode | null; children: ReactNode }) {
  return (
    <div className="bo-table-wrap">
      <table className="bo-table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {children}
          {empty !== null && (
            <tr>
              <td colSpan={headers.length} className="bo-empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

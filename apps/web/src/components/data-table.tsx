import type { HTMLAttributes, ReactNode } from 'react';
import './data-table.css';

export interface Column<T> {
  /** The column header; `hidden` keeps it for screen readers only (e.g. an actions column). */
  header: string;
  hidden?: boolean;
  cell: (row: T) => ReactNode;
  /** Class of the column's cells: `mono`, `cell-message` (wrapping text), `cell-actions`. */
  className?: string;
}

/** A row's extra attributes (e.g. `data-user`, which tests and styles select rows by). */
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;

/**
 * The one table of the SPA's lists (logs, users, invitations, sources): a header row and one row
 * per item, scrolling sideways inside its frame on narrow screens instead of widening the page.
 * An empty list shows `empty` instead of a headless table.
 */
export function DataTable<T extends { id: number | string }>({
  rows,
  columns,
  empty,
  rowProps,
}: {
  rows: T[];
  columns: Column<T>[];
  empty?: ReactNode;
  rowProps?: (row: T) => RowAttributes;
}) {
  if (rows.length === 0 && empty !== undefined) return <p className="empty-state muted">{empty}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.hidden ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} {...rowProps?.(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

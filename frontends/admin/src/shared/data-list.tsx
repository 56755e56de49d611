import type { ReactNode } from 'react';
import { useMediaQuery, WIDE_SCREEN } from './use-media-query.ts';

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** Numbers line up on the right in the table. */
  readonly numeric?: boolean;
}

interface DataListProps<T> {
  /** Names the table (caption) or the card list (aria-label). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The rows are of the previous page or filter while the next one loads. */
  busy?: boolean;
  /** Gives a row a modifier class (e.g. a settled order). */
  rowClass?: (row: T) => string | undefined;
}

/**
 * One list, two layouts: a table on a wide screen, a card per row on a phone (each value under
 * its column name), so a 360px screen never scrolls sideways. Only one of them is in the page.
 */
export function DataList<T>({ label, columns, rows, rowKey, busy = false, rowClass }: DataListProps<T>) {
  const wide = useMediaQuery(WIDE_SCREEN);
  if (wide) {
    return (
      // The table may still be wider than a tablet: it scrolls inside its own box, reachable by keyboard.
      <div className="table-scroll" role="region" aria-label={label} tabIndex={0} aria-busy={busy || undefined}>
        <table className={`data-table${busy ? ' is-busy' : ''}`}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.numeric ? 'is-numeric' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClass?.(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.numeric ? 'is-numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className={`data-cards${busy ? ' is-busy' : ''}`} aria-label={label} aria-busy={busy || undefined}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={`data-card ${rowClass?.(row) ?? ''}`}>
          <dl className="data-card__fields">
            {columns.map((column) => (
              <div key={column.header} className="data-card__field">
                <dt>{column.header}</dt>
                <dd>{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

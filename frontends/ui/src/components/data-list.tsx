import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';
import styles from './data-list.module.css';
import { useMediaQuery, WIDE_SCREEN } from './use-media-query.ts';

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** Numbers line up on the right in the table. */
  readonly numeric?: boolean;
  /** Kept on one line in the table (actions, dates). */
  readonly nowrap?: boolean;
}

interface DataListProps<T> {
  /** Names the table (caption) or the card list (aria-label). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The rows are of the previous page or filter while the next one loads. */
  busy?: boolean;
  /** Gives a row a class of the page's own (e.g. a settled order). */
  rowClass?: (row: T) => string | undefined;
  /** From which width the list is a table; narrower, a card per row. The spec's 768px unless told. */
  wideQuery?: string;
}

/**
 * One list, two layouts (decision 0061): a table on a wide screen, a card per row on a phone
 * (each value under its column name), so a 360px screen never scrolls sideways. Only one of them
 * is in the page.
 */
export function DataList<T>({ label, columns, rows, rowKey, busy = false, rowClass, wideQuery = WIDE_SCREEN }: DataListProps<T>) {
  const wide = useMediaQuery(wideQuery);
  if (wide) {
    const cellClass = (column: Column<T>) => classNames(column.numeric && styles.numeric, column.nowrap && styles.nowrap) || undefined;
    return (
      // The table may still be wider than a tablet: it scrolls inside its own box, reachable by keyboard.
      <div className={styles.scroll} role="region" aria-label={label} tabIndex={0} aria-busy={busy || undefined}>
        <table className={classNames(styles.table, busy && styles.busy)}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cellClass(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClass?.(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={cellClass(column)}>
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
    <ul className={classNames(styles.cards, busy && styles.busy)} aria-label={label} aria-busy={busy || undefined}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={classNames(styles.card, rowClass?.(row))}>
          <dl className={styles.fields}>
            {columns.map((column) => (
              <div key={column.header} className={styles.field}>
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

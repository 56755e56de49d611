import type { FileReferences } from '@escrow/core';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';

/**
 * Every column that holds a stored file's URL. A test compares this list with the live schema
 * (any column named like a URL, photo, logo, file or image), so a new one cannot be forgotten
 * by the sweep: a file only it names would be deleted.
 */
export const FILE_URL_COLUMNS = [
  ['orders', 'product_photo_url'],
  ['orders', 'packaged_photo_url'],
  ['orders', 'pickup_photo_url'],
  ['sellers', 'logo_url'],
] as const satisfies readonly (readonly [keyof Database, string])[];

const CHUNK = 1_000;

/** A row that names a stored file: its table, the column and the row's id, and the URL it holds. */
export interface FileReferenceRow {
  readonly table: (typeof FILE_URL_COLUMNS)[number][0];
  readonly column: (typeof FILE_URL_COLUMNS)[number][1];
  readonly id: string;
  readonly url: string;
}

/** FileReferences, and every reference listed (for `escrow-admin storage check`). */
export interface KyselyFileReferences extends FileReferences {
  /**
   * Every row that names a file, column by column, in batches of at most `batchSize` (default
   * 500) read by id (keyset pages through the column's partial index: no offset, no snapshot
   * held across batches; a row changed meanwhile may be seen in its old or new state).
   */
  everyReference(batchSize?: number): AsyncIterable<readonly FileReferenceRow[]>;
}

/**
 * FileReferences over the columns above, each read through its partial index (migration 0008).
 * A batch of URLs is one parameter (a text[] on PostgreSQL, a JSON array on SQLite), so the
 * statement's text is the same for any batch size: one named prepared statement on PostgreSQL.
 */
export function createKyselyFileReferences(db: Kysely<Database>, dialect: SqlDialect): KyselyFileReferences {
  const among = (column: string, urls: readonly string[]): RawBuilder<boolean> =>
    dialect === 'postgres'
      ? sql<boolean>`${sql.ref(column)} = any(${[...urls]}::text[])`
      : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(urls)}))`;
  return {
    async referencedAmong(urls) {
      const named = new Set<string>();
      for (let at = 0; at < urls.length; at += CHUNK) {
        const chunk = urls.slice(at, at + CHUNK);
        const selects = FILE_URL_COLUMNS.map(([table, column]) => sql`select ${sql.ref(column)} as url from ${sql.table(table)} where ${among(column, chunk)}`);
        const { rows } = await sql<{ url: string }>`${sql.join(selects, sql` union `)}`.execute(db);
        for (const row of rows) named.add(row.url);
      }
      return named;
    },
    async anyReferenced() {
      for (const [table, column] of FILE_URL_COLUMNS) {
        const { rows } = await sql`select 1 as found from ${sql.table(table)} where ${sql.ref(column)} is not null limit 1`.execute(db);
        if (rows.length > 0) return true;
      }
      return false;
    },
    async *everyReference(batchSize = 500) {
      const limit = Math.max(1, Math.min(Math.floor(batchSize), 10_000));
      for (const [table, column] of FILE_URL_COLUMNS) {
        let after: string | null = null;
        for (;;) {
          const from: string | null = after;
          const { rows } = await sql<{ id: string; url: string }>`select id, ${sql.ref(column)} as url from ${sql.table(table)} where ${sql.ref(column)} is not null${from === null ? sql`` : sql` and id > ${from}`} order by id limit ${limit}`.execute(db);
          if (rows.length > 0) yield rows.map((row) => ({ table, column, id: row.id, url: row.url }));
          if (rows.length < limit) break;
          after = rows[rows.length - 1]!.id;
        }
      }
    },
  };
}

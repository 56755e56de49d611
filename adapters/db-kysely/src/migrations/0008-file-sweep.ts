import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { schemaKit } from './schema-kit.js';

/**
 * The daily sweep of stored files no row names (decision 0039):
 * - `job_leases`: one row per periodic job; whoever takes it (a conditional upsert) runs the
 *   job until `lease_until`, so API processes sharing one database run it once per period.
 * - partial indexes on every column that holds a stored file's URL, so the sweep's "which of
 *   these files does a row name" is a look-up per file, not a scan of the orders per batch.
 *   Only rows with a photo are in them: an order without photos costs nothing more to write.
 */
export function fileSweepMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey().check(sql`length(name) between 1 and 100`))
        .addColumn('holder', 'text', (c) => c.notNull().check(sql`length(holder) between 1 and 200`))
        .$call(k.timestamp('lease_until'))
        .execute();
      for (const [table, column] of [
        ['orders', 'product_photo_url'],
        ['orders', 'packaged_photo_url'],
        ['orders', 'pickup_photo_url'],
        ['sellers', 'logo_url'],
      ] as const) {
        await db.schema
          .createIndex(`${table}_${column}_idx`)
          .on(table)
          .column(column)
          .where(sql.ref(column), 'is not', null)
          .execute();
      }
    },
  };
}

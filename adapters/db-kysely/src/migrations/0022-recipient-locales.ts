import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** A frozen copy of core's LOCALES (a later language is a new migration). */
const LOCALES = ['en', 'sw'];

/**
 * Messages in the recipient's language (issue 19, decision 0066): the language each recipient's
 * SMS and emails are written in, 'en' or 'sw' (a CHECK refuses anything else):
 * - `orders.buyer_locale`: the buyer's (the seller's choice on the order, then the buyer's own
 *   switch); the payer gets the delivery code in it too;
 * - `users.locale`: the account's, from the request that opened it and the seller's switch;
 * - `rider_locales`: the rider's, by phone, from the rider's page switch. A rider is known by
 *   phone: listed by several sellers (one `riders` row each) or by none (assigned by name and
 *   phone), so the language is one row per phone, not a column of the list rows.
 * The two columns are NOT NULL with 'en' as the default, which every existing row takes (the
 * texts went out in English until now); a phone without a row reads English. ADD COLUMN with a
 * constant default rewrites no rows on PostgreSQL 11+.
 */
export function recipientLocalesMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of [
        ['orders', 'buyer_locale'],
        ['users', 'locale'],
      ] as const) {
        await db.schema
          .alterTable(table)
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql.lit('en')).check(oneOf(column, LOCALES)))
          .execute();
      }
      await db.schema
        .createTable('rider_locales')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('locale', 'text', (c) => c.notNull().check(oneOf('locale', LOCALES)))
        .$call(k.timestamp('updated_at'))
        .execute();
    },
  };
}

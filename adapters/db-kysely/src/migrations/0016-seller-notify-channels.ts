import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { schemaKit } from './schema-kit.js';

/**
 * How each seller is told about their orders (decision 0048): `sellers.notify_by_sms` and
 * `sellers.notify_by_email`, both true for every existing seller (the default each row takes)
 * and for new ones until they choose. At least one stays true (a seller told nothing would miss
 * payments and refunds): a table CHECK on PostgreSQL; on SQLite, which adds no table constraint
 * to a table that exists, the CHECK of the second column, which may name the first.
 */
export function sellerNotifyChannelsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await k.addBool(db, 'sellers', 'notify_by_sms', { default: true });
      if (dialect === 'postgres') {
        await k.addBool(db, 'sellers', 'notify_by_email', { default: true });
        await db.schema.alterTable('sellers').addCheckConstraint('sellers_notified_somehow', sql`notify_by_sms or notify_by_email`).execute();
      } else {
        await db.schema
          .alterTable('sellers')
          .addColumn('notify_by_email', 'integer', (c) => c.notNull().defaultTo(1).check(sql`notify_by_email in (0, 1) and (notify_by_sms = 1 or notify_by_email = 1)`))
          .execute();
      }
    },
  };
}

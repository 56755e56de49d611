import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { schemaKit } from './schema-kit.js';

/**
 * `failure_counters`: failures per key with the time of the latest, for waits that grow with
 * each failure (sign-in throttling, decision 0040). One row per key; `expires_at` is when the
 * count is forgotten (the latest failure plus the rule's memory), swept hourly.
 */
export function failureCountersMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('failure_counters')
        .addColumn('bucket_key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 1`))
        .$call(k.timestamp('last_failure_at'))
        .$call(k.timestamp('expires_at'))
        .execute();
      await db.schema.createIndex('failure_counters_expires_idx').on('failure_counters').column('expires_at').execute();
    },
  };
}

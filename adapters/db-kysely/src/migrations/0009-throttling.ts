import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { schemaKit } from './schema-kit.js';

/**
 * Throttling (decision 0040):
 * - `failure_counters`: failures per key with the time of the latest, for waits that grow with
 *   each failure (sign-in). One row per key; `expires_at` is when the count is forgotten (the
 *   latest failure plus the rule's memory), swept hourly.
 * - `server_secrets`: random secrets of the deployment, made once and shared by every instance
 *   (the key of the buyer's proof cookie). Not `system_config`, which holds the admin's settings.
 */
export function throttlingMigration(dialect: SqlDialect): Migration {
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
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull().check(sql`length(secret) >= 32`))
        .$call(k.timestamp('created_at'))
        .execute();
    },
  };
}

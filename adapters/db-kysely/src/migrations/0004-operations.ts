import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { schemaKit } from './schema-kit.js';

/** The outbox, idempotency keys and rate-limit counters: what keeps side effects safe. */
export function operationsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('outbox')
        .$call(k.seq())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .$call(k.timestamp('created_at'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
        .$call(k.timestamp('next_attempt_at'))
        .$call(k.timestamp('delivered_at', { nullable: true }))
        .addColumn('last_error', 'text')
        .execute();
      // Dispatchers only ever look for undelivered messages; delivered ones pile up outside it.
      await db.schema
        .createIndex('outbox_due_idx')
        .on('outbox')
        .columns(['next_attempt_at', 'created_at'])
        .where(sql.ref('delivered_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('expires_at'))
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();

      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('bucket_key', 'text', (c) => c.notNull())
        .$call(k.timestamp('window_start'))
        .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 0`))
        .$call(k.timestamp('expires_at'))
        .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket_key', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_limit_counters_expires_idx').on('rate_limit_counters').column('expires_at').execute();
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';

/**
 * The outbox dispatcher of decision 0038:
 * - `given_up_at`: a message the dispatcher gave up on (a permanent refusal, or too many
 *   attempts) is marked, kept for an operator, and never claimed again. Before, it was parked a
 *   year ahead; such rows are marked given up here.
 * - the claim's index: undelivered, not given up, in the order claims take them (longest due
 *   first), so a claim reads its batch straight off the index however long the backlog is.
 */
export function outboxDispatchMigration(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('outbox')
        .addColumn('given_up_at', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.check(sql`length(given_up_at) = 24`))
        .execute();
      // The old dispatcher parked a message it gave up on 365 days ahead; nothing else is due that late.
      const now = new Date();
      const parkedAfter = new Date(now.getTime() + 300 * 24 * 3_600_000).toISOString();
      await sql`update outbox set given_up_at = ${now.toISOString()} where delivered_at is null and next_attempt_at > ${parkedAfter}`.execute(db);

      await db.schema.dropIndex('outbox_due_idx').execute();
      await db.schema
        .createIndex('outbox_claim_idx')
        .on('outbox')
        .columns(['next_attempt_at', 'created_at', 'seq'])
        .where(sql.ref('delivered_at'), 'is', null)
        .where(sql.ref('given_up_at'), 'is', null)
        .execute();
      await db.schema.createIndex('outbox_given_up_idx').on('outbox').columns(['given_up_at', 'seq']).where(sql.ref('given_up_at'), 'is not', null).execute();
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** A frozen copy of core's SMS_DELIVERY_STATUSES (a later change is a new migration). */
const SMS_DELIVERY_STATUSES = ['Sent', 'Submitted', 'Buffered', 'Rejected', 'Success', 'Failed'];

/**
 * SMS through Africa's Talking (decision 0045):
 * - `outbox.provider_id`: what the provider called a message it accepted (Africa's Talking's
 *   messageId, the SMTP Message-ID), written with its delivery; NULL on rows delivered before.
 *   A partial index finds the row a delivery report names.
 * - `sms_delivery_reports`: each report Africa's Talking POSTs, once per (message id, status)
 *   (the unique key: a repeated report writes nothing). It names the message by the provider's
 *   id and no foreign key: a report may come before the outbox has written the id, or for a
 *   message this deployment never sent.
 */
export function smsDeliveryReportsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('outbox').addColumn('provider_id', 'text').execute();
      await db.schema.createIndex('outbox_provider_id_idx').on('outbox').column('provider_id').where(sql.ref('provider_id'), 'is not', null).execute();

      await db.schema
        .createTable('sms_delivery_reports')
        .$call(k.seq())
        .addColumn('provider_message_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', SMS_DELIVERY_STATUSES)))
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('network_code', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('retry_count', 'integer', (c) => c.check(sql`retry_count >= 0`))
        .$call(k.timestamp('received_at'))
        .addUniqueConstraint('sms_delivery_reports_message_status_key', ['provider_message_id', 'status'])
        .execute();
    },
  };
}

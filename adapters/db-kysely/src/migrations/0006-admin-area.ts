import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { executeAll, schemaKit } from './schema-kit.js';

/**
 * The admin area (issue 6):
 * - `admin_audit_log`: every admin write that touches no order (resolving a contact message,
 *   saving the Paybill, purging an inactive account), who, what, when, before and after.
 *   Append-only like the ledger: triggers refuse UPDATE and DELETE (and TRUNCATE).
 * - `anonymised_at` on users and sellers: set once by the inactive-account purge, which keeps
 *   the rows (orders and the ledger point at them) but removes the personal data.
 * - indexes for the admin lists: orders by buyer phone (search), sellers and contact messages
 *   newest first with id breaking ties (pages read straight off an index, decision 0019).
 */
export function adminAreaMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  const timestampType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('admin_audit_log')
        .$call(k.seq())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('actor', 'text', (c) => c.notNull().check(sql`length(actor) > 0`))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject_type', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .$call(k.timestamp('at'))
        .execute();
      await db.schema.createIndex('admin_audit_log_subject_idx').on('admin_audit_log').columns(['subject_type', 'subject_id', 'seq']).execute();
      await db.schema.createIndex('admin_audit_log_at_idx').on('admin_audit_log').columns(['at', 'seq']).execute();
      await executeAll(db, dialect === 'postgres' ? postgresAppendOnly() : sqliteAppendOnly());

      for (const table of ['users', 'sellers']) {
        await db.schema
          .alterTable(table)
          .addColumn('anonymised_at', timestampType, (c) => c.check(sql`length(anonymised_at) = 24`))
          .execute();
      }

      await db.schema.createIndex('orders_buyer_phone_created_id_idx').on('orders').columns(['buyer_phone', 'created_at', 'id']).execute();
      await db.schema.createIndex('sellers_created_id_idx').on('sellers').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('contact_submissions_created_id_idx').on('contact_submissions').columns(['created_at', 'id']).execute();
      await db.schema.dropIndex('contact_submissions_created_idx').execute();
      await db.schema.createIndex('contact_submissions_resolved_created_id_idx').on('contact_submissions').columns(['resolved', 'created_at', 'id']).execute();
    },
  };
}

function postgresAppendOnly(): RawBuilder<unknown>[] {
  return [
    sql`create function admin_audit_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'admin_audit_log is append-only: % refused', tg_op
          using errcode = 'restrict_violation';
      end
    $$`,
    sql`create trigger admin_audit_log_append_only before update or delete on admin_audit_log
      for each row execute function admin_audit_refuse_change()`,
    sql`create trigger admin_audit_log_no_truncate before truncate on admin_audit_log
      for each statement execute function admin_audit_refuse_change()`,
  ];
}

function sqliteAppendOnly(): RawBuilder<unknown>[] {
  return (['update', 'delete'] as const).map(
    (op) => sql`create trigger ${sql.id(`admin_audit_log_no_${op}`)} before ${sql.raw(op)} on admin_audit_log
      begin select raise(abort, ${sql.lit(`admin_audit_log is append-only: ${op.toUpperCase()} refused`)}); end`,
  );
}

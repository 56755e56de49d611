import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { executeAll, oneOf, schemaKit } from './schema-kit.js';

/** A frozen copy of core's posting kinds at the time of this migration. */
const POSTING_KINDS = ['payment_in', 'delivery_release', 'settlement_out', 'refund_reserve', 'refund_out', 'cash_fee_owed'];

/**
 * The double-entry ledger. It is append-only in the database itself, not only by convention:
 * triggers refuse UPDATE and DELETE (and TRUNCATE on PostgreSQL), so neither a bug nor a
 * hand-typed statement can rewrite money history. A correction is a new posting.
 */
export function ledgerMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ledger_postings')
        .$call(k.seq())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', POSTING_KINDS)))
        .addColumn('reference', 'text')
        .$call(k.timestamp('created_at'))
        .execute();
      await db.schema.createIndex('ledger_postings_order_idx').on('ledger_postings').columns(['order_id', 'seq']).execute();
      // Each of these money events happens once per order (PRODUCT-DECISIONS: "settlement
      // happens exactly once, whatever is retried or raced"). The use cases guarantee it with
      // the row lock and the status guard; this index is the last line if they ever do not.
      // Partial, so that a future kind that may repeat (a correction) is not caught by it.
      await db.schema
        .createIndex('ledger_postings_once_per_order_idx')
        .unique()
        .on('ledger_postings')
        .columns(['order_id', 'kind'])
        .where(oneOf('kind', POSTING_KINDS))
        .execute();

      await db.schema
        .createTable('ledger_entries')
        .addColumn('posting_id', 'text', (c) => c.notNull().references('ledger_postings.id'))
        .addColumn('line_no', 'integer', (c) => c.notNull().check(sql`line_no >= 0`))
        .addColumn('account', 'text', (c) => c.notNull().check(sql`length(account) > 0`))
        // Signed cents. Zero is allowed: a KSh 0 order still records its postings (core/ledger).
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_pk', ['posting_id', 'line_no'])
        .execute();
      await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').column('account').execute();

      await executeAll(db, dialect === 'postgres' ? postgresAppendOnly() : sqliteAppendOnly());
    },
  };
}

const LEDGER_TABLES = ['ledger_postings', 'ledger_entries'];

function postgresAppendOnly(): RawBuilder<unknown>[] {
  return [
    sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger is append-only: % on % refused', tg_op, tg_table_name
          using errcode = 'restrict_violation';
      end
    $$`,
    ...LEDGER_TABLES.flatMap((table) => [
      sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
        for each row execute function ledger_refuse_change()`,
      sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
        for each statement execute function ledger_refuse_change()`,
    ]),
  ];
}

function sqliteAppendOnly(): RawBuilder<unknown>[] {
  return LEDGER_TABLES.flatMap((table) =>
    (['update', 'delete'] as const).map(
      (op) => sql`create trigger ${sql.id(`${table}_no_${op}`)} before ${sql.raw(op)} on ${sql.table(table)}
        begin select raise(abort, ${sql.lit(`ledger is append-only: ${op.toUpperCase()} on ${table} refused`)}); end`,
    ),
  );
}

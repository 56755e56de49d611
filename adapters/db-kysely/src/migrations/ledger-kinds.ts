import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf } from './schema-kit.js';

/**
 * Widens the CHECK on `ledger_postings.kind` to `kinds` (new kinds of posting; none removed).
 * PostgreSQL replaces the constraint. SQLite cannot alter a constraint, so the table is rebuilt
 * again from its stored DDL with only the CHECK changed, in the migration's transaction: the rows
 * are copied aside, the append-only triggers dropped, the table emptied, dropped and created again
 * under the same name (so ledger_entries' foreign key still names it), the rows put back, and its
 * indexes and triggers recreated from their stored DDL; then a foreign key check.
 */
export async function widenPostingKinds(db: Kysely<unknown>, dialect: SqlDialect, from: readonly string[], to: readonly string[]): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'ledger_postings'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(db);
    for (const row of rows) await sql`alter table ledger_postings drop constraint ${sql.id(row.name)}`.execute(db);
    await sql`alter table ledger_postings add constraint ledger_postings_kind_check check (${oneOf('kind', to)})`.execute(db);
    return;
  }
  const schema = async (where: ReturnType<typeof sql>) => (await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_schema where ${where}`.execute(db)).rows;
  const [table] = await schema(sql`type = 'table' and name = 'ledger_postings'`);
  if (!table?.sql) throw new Error('ledger_postings: no stored DDL');
  const oldList = `(${from.map((k) => `'${k}'`).join(', ')})`;
  const newList = `(${to.map((k) => `'${k}'`).join(', ')})`;
  if (!table.sql.includes(oldList)) throw new Error(`ledger_postings: the kind CHECK is not ${oldList}: ${table.sql}`);
  const created = table.sql.replace(oldList, newList);
  const dependants = (await schema(sql`tbl_name = 'ledger_postings' and type in ('index', 'trigger') and sql is not null`)).map((row) => row.sql as string);

  // Inside the migration's transaction, where `foreign_keys = off` has no effect: the rows'
  // references from ledger_entries are deferred while the table is emptied, dropped and made
  // again under the same name, and satisfied again when the rows come back (checked below).
  await sql`pragma defer_foreign_keys = on`.execute(db);
  await sql`create table ledger_postings_copy as select * from ledger_postings`.execute(db);
  for (const row of await schema(sql`tbl_name = 'ledger_postings' and type = 'trigger'`)) await sql`drop trigger ${sql.id(row.name)}`.execute(db);
  await sql`delete from ledger_postings`.execute(db);
  await sql`drop table ledger_postings`.execute(db);
  await sql.raw(created).execute(db);
  await sql`insert into ledger_postings select * from ledger_postings_copy`.execute(db);
  await sql`drop table ledger_postings_copy`.execute(db);
  for (const ddl of dependants) await sql.raw(ddl).execute(db);
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length > 0) throw new Error(`ledger_postings rebuild broke ${broken.rows.length} foreign keys`);
}

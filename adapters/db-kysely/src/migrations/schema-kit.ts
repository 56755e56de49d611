import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';

/**
 * Dialect-aware column builders, so each migration states a table once for both databases.
 * The representations are explained in schema/column-types.ts. Migrations use these (and
 * `Kysely<unknown>`) instead of the live `Database` type: a migration is a frozen step, and must
 * not change when the schema types evolve.
 */
type Table = CreateTableBuilder<string, string>;
type Step = (table: Table) => Table;

export interface SchemaKit {
  readonly dialect: SqlDialect;
  /** ISO-8601 UTC text, 24 characters (`Date#toISOString()`); NOT NULL unless `nullable`. */
  timestamp(name: string, options?: { nullable?: boolean }): Step;
  /** BOOLEAN on PostgreSQL; INTEGER restricted to 0/1 on SQLite. Always NOT NULL. */
  bool(name: string, options?: { default?: boolean }): Step;
  /** Integer cents, never negative. */
  money(name: string, options?: { nullable?: boolean }): Step;
  /** Insertion order as the primary key; `id` stays the public identifier (UNIQUE). */
  seq(): Step;
  /** A boolean literal in this dialect, for defaults and conditions in raw SQL. */
  boolLiteral(value: boolean): RawBuilder<unknown>;
  /**
   * `bool` added to a table that has rows (ALTER TABLE ... ADD COLUMN): NOT NULL with its
   * default, which every existing row takes.
   */
  addBool(db: Kysely<unknown>, table: string, name: string, options: { default: boolean }): Promise<void>;
}

/** `name` in ('a', 'b', ...), for CHECK constraints over a closed set of values. */
export function oneOf(name: string, values: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(name)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export function schemaKit(dialect: SqlDialect): SchemaKit {
  const boolLiteral = (value: boolean): RawBuilder<unknown> => (dialect === 'postgres' ? sql.raw(value ? 'true' : 'false') : sql.raw(value ? '1' : '0'));
  const boolType = dialect === 'postgres' ? 'boolean' : 'integer';
  const boolColumn =
    (name: string, options: { default?: boolean }) =>
    (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => {
      let col = c.notNull();
      if (dialect === 'sqlite') col = col.check(sql`${sql.ref(name)} in (0, 1)`);
      if (options.default !== undefined) col = col.defaultTo(boolLiteral(options.default));
      return col;
    };
  return {
    dialect,
    boolLiteral,
    timestamp: (name, options = {}) => (t) =>
      // COLLATE "C" on PostgreSQL: byte order, whatever locale the database was created with,
      // so comparing and sorting these strings is comparing and sorting instants.
      t.addColumn(name, dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => {
        const checked = c.check(sql`length(${sql.ref(name)}) = 24`);
        return options.nullable ? checked : checked.notNull();
      }),
    bool: (name, options = {}) => (t) => t.addColumn(name, boolType, boolColumn(name, options)),
    addBool: async (db, table, name, options) => {
      await db.schema.alterTable(table).addColumn(name, boolType, boolColumn(name, options)).execute();
    },
    money: (name, options = {}) => (t) =>
      t.addColumn(name, 'bigint', (c) => {
        const checked = c.check(sql`${sql.ref(name)} >= 0`);
        return options.nullable ? checked : checked.notNull();
      }),
    seq: () => (t) =>
      dialect === 'postgres'
        ? t.addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
        : // INTEGER PRIMARY KEY is SQLite's rowid; AUTOINCREMENT keeps it from ever going back.
          t.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement()),
  };
}

/** Runs raw DDL statement by statement (better-sqlite3 prepares one statement at a time). */
export async function executeAll(db: Kysely<unknown>, statements: readonly RawBuilder<unknown>[]): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

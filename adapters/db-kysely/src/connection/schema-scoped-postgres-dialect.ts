import {
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type Driver,
  type DatabaseMetadataOptions,
  type DialectAdapter,
  type Kysely,
  type MigrationLockOptions,
  type TableMetadata,
} from 'kysely';
import { PreparedPostgresDriver, type PreparedPostgresDriverOptions } from './prepared-postgres-driver.js';
import { guardTextParameters } from './text-parameter-guard.js';

/** An arbitrary first key, so our advisory locks cannot meet another tool's. */
const ESCROW_MIGRATION_LOCK_CLASS = 0x0e5c;

/**
 * Kysely's PostgreSQL migration lock is one advisory lock for the whole database, so
 * migrating schema A waits for schema B. Migrations of one schema must not overlap; of two
 * schemas they may (a test per schema, several tenants). The lock is keyed by schema instead,
 * and stays session-level like Kysely's: the migrator takes it before its transaction begins.
 */
class SchemaScopedMigrationLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`select pg_advisory_lock(${ESCROW_MIGRATION_LOCK_CLASS}, hashtext(${lockKey(options)}))`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`select pg_advisory_unlock(${ESCROW_MIGRATION_LOCK_CLASS}, hashtext(${lockKey(options)}))`.execute(db);
  }
}

function lockKey(options: MigrationLockOptions): string {
  // handle.migrate() always names the schema (database-handle.ts); '' would mean "whole database".
  return `escrow-migrations:${options.lockTableSchema ?? ''}`;
}

/**
 * Kysely's migrator asks whether its bookkeeping table exists by listing the tables of every
 * schema, calling `has_schema_privilege(schema, ...)` and `pg_get_serial_sequence(table,
 * column)` per row. A schema or table dropped by another connection between the catalog read
 * and those calls makes the whole query fail ("schema ... does not exist", "column ... of
 * relation ... does not exist") about an object that is not even ours: a migration or health
 * check in one schema failed because a test or tenant elsewhere was cleaned up. The listing
 * only reads the catalog, so it is simply asked again.
 */
const CONCURRENT_DDL = new Set([
  '3F000', // invalid_schema_name
  '42P01', // undefined_table
  '42703', // undefined_column
]);

class RetryingPostgresIntrospector extends PostgresIntrospector {
  override async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await super.getTables(options);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !CONCURRENT_DDL.has(code) || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * 5));
      }
    }
  }
}

export class SchemaScopedPostgresDialect extends PostgresDialect {
  readonly #options: PreparedPostgresDriverOptions;

  constructor(options: PreparedPostgresDriverOptions) {
    super({ pool: options.pool });
    this.#options = options;
  }

  override createDriver(): Driver {
    // Text no column can hold is refused before it reaches the server (text-parameter-guard.ts).
    return guardTextParameters(new PreparedPostgresDriver(this.#options));
  }

  override createAdapter(): DialectAdapter {
    return new SchemaScopedMigrationLockAdapter();
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new RetryingPostgresIntrospector(db);
  }
}

import { PostgresAdapter, PostgresDialect, sql, type DialectAdapter, type Kysely, type MigrationLockOptions } from 'kysely';

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

export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new SchemaScopedMigrationLockAdapter();
  }
}

import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { guardTextParameters } from './text-parameter-guard.js';

/**
 * Kysely's SQLite driver already runs one transaction at a time: it owns a single connection
 * behind a mutex, held from BEGIN to COMMIT, so two transactions of one process never
 * interleave. What it cannot see is another process on the same file (the admin CLI next to
 * the API). With a plain (deferred) BEGIN, a transaction that read first and writes second
 * fails with SQLITE_BUSY when the other process wrote in between, and busy_timeout cannot
 * help. BEGIN IMMEDIATE takes the write lock up front, so the second writer waits
 * (busy_timeout) and then reads the first writer's committed rows.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * Some failures end the transaction inside SQLite itself (SQLITE_FULL, SQLITE_IOERR,
   * SQLITE_NOMEM, SQLITE_BUSY on a commit): the failed statement already rolled everything
   * back. Kysely still sends ROLLBACK, which then fails with "cannot rollback - no
   * transaction is active", and Kysely throws that instead of the statement's error: the log
   * said 'cannot rollback' where the cause was a full disk. There is nothing left to roll
   * back, so that refusal is dropped and the real error reaches the caller.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      if (error instanceof Error && NO_TRANSACTION.test(error.message)) return;
      throw error;
    }
  }
}

const NO_TRANSACTION = /^cannot rollback - no transaction is active/;

/**
 * SQLite does run DDL inside transactions; Kysely's adapter says it does not, which would make
 * the migrator apply a failing migration half-way. Saying yes makes each migration
 * all-or-nothing, and the BEGIN IMMEDIATE above doubles as the cross-process migration lock.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return guardTextParameters(new ImmediateSqliteDriver(this.#config));
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

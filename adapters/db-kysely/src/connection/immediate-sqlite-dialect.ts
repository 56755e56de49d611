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
}

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

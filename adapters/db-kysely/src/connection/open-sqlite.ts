import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { createHandle, type DatabaseHandle } from './database-handle.js';
import { ImmediateSqliteDialect } from './immediate-sqlite-dialect.js';
import { preparedSqliteDatabase } from './sqlite-statement-cache.js';

export interface SqliteOptions {
  /** A file path (its directory is created) or ':memory:'. */
  readonly file: string;
  /** How long a writer waits for another process's write lock before failing. Default 5 s. */
  readonly busyTimeoutMs?: number;
}

/** The embedded default: one SQLite file, one connection, writers serialised. */
export function openSqlite(options: SqliteOptions): DatabaseHandle {
  const { file } = options;
  // better-sqlite3 treats '' as an anonymous temporary database; never what a caller meant.
  if (file.trim() === '') throw new Error('openSqlite: file must be a path or ":memory:"');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });

  const sqlite = new BetterSqlite3(file);
  try {
    // WAL: readers never block the writer (':memory:' stays in 'memory' mode, harmlessly).
    sqlite.pragma('journal_mode = WAL');
    // FULL, not WAL's usual NORMAL: a committed payment must survive a power cut.
    sqlite.pragma('synchronous = FULL');
    // Off by default in SQLite, per connection: without it every REFERENCES is decoration.
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5_000))}`);
  } catch (error) {
    sqlite.close();
    throw error;
  }

  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: preparedSqliteDatabase(sqlite) }) });
  return createHandle({
    db,
    dialect: 'sqlite',
    close: async () => {
      await db.destroy();
      // Kysely only closes the database once it has run a query on it.
      if (sqlite.open) sqlite.close();
    },
  });
}

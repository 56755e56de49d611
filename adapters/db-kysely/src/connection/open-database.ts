import { join } from 'node:path';
import type { DatabaseHandle } from './database-handle.js';
import { openPostgres } from './open-postgres.js';
import { openSqlite } from './open-sqlite.js';

export interface OpenDatabaseOptions {
  /** DATABASE_URL: a postgres:// URL selects PostgreSQL; absent or empty selects SQLite. */
  readonly databaseUrl?: string | undefined;
  /** Where the embedded SQLite file lives: `<dataDir>/escrow.sqlite`. */
  readonly dataDir: string;
  readonly poolSize?: number;
  /** PostgreSQL: the server cancels statements running longer (default 30 s, openPostgres). */
  readonly statementTimeoutMs?: number;
  /** PostgreSQL: a pooled connection failed (checked out or idle); for logging. The process carries on. */
  readonly onConnectionError?: (error: Error) => void;
}

export const SQLITE_FILE_NAME = 'escrow.sqlite';

/** Chooses the database the way ARCHITECTURE.md says: SQLite unless DATABASE_URL is set. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const url = options.databaseUrl?.trim();
  if (!url) return openSqlite({ file: join(options.dataDir, SQLITE_FILE_NAME) });
  if (/^postgres(ql)?:\/\//i.test(url)) {
    return openPostgres({
      connectionString: url,
      ...(options.poolSize !== undefined ? { poolSize: options.poolSize } : {}),
      ...(options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
      ...(options.onConnectionError ? { onPoolError: options.onConnectionError } : {}),
    });
  }
  // Refuse rather than guess: a typo must not silently start an empty SQLite database.
  throw new Error(`DATABASE_URL must be a postgres:// or postgresql:// URL (got "${url.replace(/\/\/[^@/]*@/, '//***@')}")`);
}

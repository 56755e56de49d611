import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';

/**
 * The health check's write probe (docs/decisions/0036): `/api/health` commits one small row
 * here (id 'writes'), at most every 2 s per process, so a full disk, a read-only database or
 * an unreachable server shows as a failing write path. On SQLite it also inserts, and rolls
 * back, a page-sized row (id 'growth') to learn whether the file can still grow. No other
 * code reads or writes this table.
 */
export function healthProbeMigration(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('health_probe')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('checked_at', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.notNull())
        .addColumn('pad', dialect === 'postgres' ? 'bytea' : 'blob')
        .execute();
    },
  };
}

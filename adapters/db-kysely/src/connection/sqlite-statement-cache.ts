import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; Kysely's queries are parameterised, so a few hundred cover the app. */
const DEFAULT_CAPACITY = 500;

/**
 * The database as Kysely's SQLite driver takes it (its `SqliteDatabase` interface), over
 * better-sqlite3, with prepared statements kept (decision 0058; better-sqlite3 itself is left as
 * it is). The driver prepares every query afresh, and compiling the SQL was the largest single
 * cost of a buyer's order read under load (15% of the API's CPU in the benchmark profile,
 * docs/decisions/0021). A prepared statement is reusable and SQLite re-prepares it by itself
 * after a schema change. The driver runs one statement at a time on its single connection and
 * never iterates a statement while running another (the app never streams), so sharing
 * statements is safe. Least recently used statements are dropped past `capacity`.
 */
export function preparedSqliteDatabase(database: BetterSqlite3.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(source) {
      const cached = cache.get(source);
      if (cached) {
        cache.delete(source);
        cache.set(source, cached);
        return cached;
      }
      const statement = database.prepare(source);
      cache.set(source, statement);
      if (cache.size > capacity) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}

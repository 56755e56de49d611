import type BetterSqlite3 from 'better-sqlite3';

/** Distinct SQL texts kept prepared; Kysely's queries are parameterised, so a few hundred cover the app. */
const DEFAULT_CAPACITY = 500;

/**
 * The database as Kysely's SQLite driver sees it, with `prepare` answered from a cache. The
 * driver prepares every query afresh, and compiling the SQL was the largest single cost of a
 * buyer's order read under load (15% of the API's CPU in the benchmark profile, docs/decisions
 * 0021). A prepared statement is reusable and SQLite re-prepares it by itself after a schema
 * change. The driver runs one statement at a time on its single connection and never iterates
 * a statement while running another (the app never streams), so sharing statements is safe.
 * Least recently used statements are dropped past `capacity`.
 */
export function withStatementCache(database: BetterSqlite3.Database, capacity = DEFAULT_CAPACITY): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = (source: string): BetterSqlite3.Statement => {
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
  };
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparedSqliteDatabase } from '../../src/connection/sqlite-statement-cache.js';

/** better-sqlite3 with its prepare counted (the database under test is handed a wrapper, not patched). */
function countingDatabase() {
  const raw = new BetterSqlite3(':memory:');
  const counted = { prepared: 0 };
  const prepare = raw.prepare.bind(raw);
  const database = Object.assign(Object.create(raw) as BetterSqlite3.Database, {
    prepare: (source: string) => ((counted.prepared += 1), prepare(source)),
    close: () => raw.close(),
  });
  return { raw, database, counted };
}

describe('the SQLite statement cache (Kysely\'s SqliteDatabase over better-sqlite3)', () => {
  it('prepares each SQL text once, keeps the most recently used, and still sees schema changes', () => {
    const { raw, database, counted } = countingDatabase();
    const db = preparedSqliteDatabase(database, 2);
    db.prepare('create table t (a integer)').run([]);
    for (let i = 0; i < 5; i += 1) db.prepare('insert into t (a) values (?)').run([i]);
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 5 }]);
    expect(counted.prepared).toBe(3);
    // Capacity 2: the create statement was evicted and is prepared again when asked for.
    db.prepare('create table if not exists t (a integer)').run([]);
    expect(counted.prepared).toBe(4);
    db.prepare('alter table t add column b text').run([]);
    db.prepare('update t set b = ?').run(['x']);
    expect(db.prepare('select * from t limit 1').all([])).toEqual([{ a: 0, b: 'x' }]);
    expect(raw.prepare).toBe(BetterSqlite3.prototype.prepare);
    db.close();
    expect(raw.open).toBe(false);
  });

  it('a cached statement picks up a changed table (SQLite re-prepares it)', () => {
    const db = preparedSqliteDatabase(new BetterSqlite3(':memory:'), 10);
    db.prepare('create table t (a integer)').run([]);
    db.prepare('insert into t (a) values (1)').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    db.prepare('alter table t add column b text').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    db.close();
  });
});

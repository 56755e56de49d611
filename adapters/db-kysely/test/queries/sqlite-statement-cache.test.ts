import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/connection/sqlite-statement-cache.js';

describe('the SQLite statement cache', () => {
  it('prepares each SQL text once, keeps the most recently used, and still sees schema changes', () => {
    const raw = new BetterSqlite3(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get(target, property) {
        if (property === 'prepare') return (source: string) => ((prepared += 1), target.prepare(source));
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const db = withStatementCache(counting, 2);
    db.prepare('create table t (a integer)').run();
    for (let i = 0; i < 5; i += 1) db.prepare('insert into t (a) values (?)').run(i);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 5 });
    expect(prepared).toBe(3);
    // Capacity 2: the create statement was evicted and is prepared again when asked for.
    db.prepare('create table if not exists t (a integer)').run();
    db.prepare('alter table t add column b text').run();
    db.prepare('update t set b = ?').run('x');
    expect(db.prepare('select * from t limit 1').get()).toEqual({ a: 0, b: 'x' });
    expect(db.open).toBe(true);
    db.close();
    expect(raw.open).toBe(false);
  });

  it('a cached statement picks up a changed table (SQLite re-prepares it)', () => {
    const db = withStatementCache(new BetterSqlite3(':memory:'), 10);
    db.prepare('create table t (a integer)').run();
    db.prepare('insert into t (a) values (1)').run();
    expect(db.prepare('select * from t').get()).toEqual({ a: 1 });
    db.prepare('alter table t add column b text').run();
    expect(db.prepare('select * from t').get()).toEqual({ a: 1, b: null });
    db.close();
  });
});

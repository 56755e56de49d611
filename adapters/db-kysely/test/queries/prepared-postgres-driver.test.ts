import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTypeParsers } from '../../src/connection/pg-type-parsers.js';
import { SchemaScopedPostgresDialect } from '../../src/connection/schema-scoped-postgres-dialect.js';
import { createTestSchema, postgresForTests, type TestSchema } from '@escrow/test-kit/postgres';

const postgres = await postgresForTests('our PostgreSQL driver');

describe.runIf(postgres.available)('our PostgreSQL driver (decision 0058)', () => {
  let schema: TestSchema;
  const dbs: Kysely<unknown>[] = [];
  beforeAll(async () => {
    schema = await createTestSchema(postgres.url);
  });
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    await schema.drop();
  });

  /** Kysely on one connection of our driver, with openPostgres's type parsers; its client's query left as pg made it. */
  const open = (options: { capacity?: number; namedStatements?: boolean } = {}) => {
    const pool = new pg.Pool({ connectionString: postgres.url, max: 1, options: `-c search_path=${schema.schema}`, types: pgTypeParsers });
    // As openPostgres does: a terminated backend is reported, never an unhandled 'error'.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<unknown>({ dialect: new SchemaScopedPostgresDialect({ pool, ...options }) });
    dbs.push(db);
    return { db, pool };
  };

  // Through the same (only) connection, so it lists that session's statements.
  const preparedNames = async (db: Kysely<unknown>) => (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map((row) => row.name);

  it('prepares each parameterised text once per connection; texts without parameters and past the capacity stay unnamed', async () => {
    const { db } = open({ capacity: 3 });
    await sql`create table t (a integer primary key, b text)`.execute(db);
    for (let i = 0; i < 5; i += 1) await sql`insert into t (a, b) values (${i}, ${`row ${i}`})`.execute(db);
    expect((await sql`select b from t where a = ${3}`.execute(db)).rows).toEqual([{ b: 'row 3' }]);
    expect((await sql`select b from t where a = ${4}`.execute(db)).rows).toEqual([{ b: 'row 4' }]);
    expect(await preparedNames(db)).toEqual(['escrow_1_0', 'escrow_2_0']);
    // Capacity 3: the third text is named, the fourth runs unnamed.
    await sql`select count(*) from t where a > ${0}`.execute(db);
    await sql`select count(*) from t where a < ${9}`.execute(db);
    expect(await preparedNames(db)).toEqual(['escrow_1_0', 'escrow_2_0', 'escrow_3_0']);
    // A failing statement (unique violation) leaves the connection usable; changed rows are counted.
    await expect(sql`insert into t (a, b) values (${1}, ${'again'})`.execute(db)).rejects.toThrow(/duplicate key/);
    expect((await sql`select b from t where a = ${1}`.execute(db)).rows).toEqual([{ b: 'row 1' }]);
    expect((await sql`update t set b = ${'x'} where a < ${2}`.execute(db)).numAffectedRows).toBe(2n);
  });

  it("parses every execution's rows by the statement's kept shape, and a changed column type by its new one", async () => {
    const { db } = open();
    await sql`create table kept (id integer primary key, cents bigint, at timestamptz, note text)`.execute(db);
    await sql`insert into kept values (1, 2500000, '2026-11-28T10:00:00Z', null), (2, null, null, 'two')`.execute(db);
    const read = async () => (await sql<Record<string, unknown>>`select * from kept where id <= ${2} order by id`.execute(db)).rows;
    const expected = [
      { id: 1, cents: 2_500_000, at: new Date('2026-11-28T10:00:00Z'), note: null },
      { id: 2, cents: null, at: null, note: 'two' },
    ];
    // The first execution describes the rows; the next ones reuse its parsers (int8 as numbers, per pool).
    for (let i = 0; i < 3; i += 1) expect(await read()).toEqual(expected);
    await sql`alter table kept alter column cents type text`.execute(db);
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    expect(await read()).toEqual([{ ...expected[0], cents: '2500000' }, expected[1]]);
  });

  it('moves to fresh names when a prepared select * meets a table that changed shape', async () => {
    const { db } = open();
    await sql`create table shape (id integer primary key, a text)`.execute(db);
    await sql`insert into shape (id, a) values (${1}, ${'x'})`.execute(db);
    expect((await sql`select * from shape where id = ${1}`.execute(db)).rows).toEqual([{ id: 1, a: 'x' }]);
    // Another instance migrates while this one runs.
    await sql`alter table shape add column b text`.execute(db);
    await expect(sql`select * from shape where id = ${1}`.execute(db)).rejects.toThrow(/cached plan must not change result type/);
    expect((await sql`select * from shape where id = ${1}`.execute(db)).rows).toEqual([{ id: 1, a: 'x', b: null }]);
  });

  it('names nothing when asked not to (the migrations\' own connection)', async () => {
    const { db } = open({ namedStatements: false });
    expect((await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db)).rows).toEqual([{ n: 42 }]);
    expect(await preparedNames(db)).toEqual([]);
  });

  it('leaves pg\'s clients as pg made them', async () => {
    const { db, pool } = open();
    await sql`select ${1}::int as one`.execute(db);
    const client = await pool.connect();
    try {
      expect(Object.prototype.hasOwnProperty.call(client, 'query')).toBe(false);
      expect(client.query).toBe(pg.Client.prototype.query);
    } finally {
      client.release();
    }
  });

  it('drops a ROLLBACK refused because the connection is gone, so the transaction\'s own error is thrown', async () => {
    const { db } = open();
    const failure = db.transaction().execute(async (trx) => {
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
    });
    await expect(failure).rejects.toThrow(/terminat/i);
    // The pool replaced the dead client: the next query works.
    expect((await sql<{ one: number }>`select ${1}::int as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });
});

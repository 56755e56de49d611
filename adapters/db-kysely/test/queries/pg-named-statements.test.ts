import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useNamedStatements } from '../../src/connection/pg-named-statements.js';
import { createTestSchema, postgresForTests, type TestSchema } from '../support/postgres.js';

const postgres = await postgresForTests('named prepared statements');

describe.runIf(postgres.available)('named prepared statements on PostgreSQL', () => {
  let schema: TestSchema;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    schema = await createTestSchema(postgres.url);
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await schema.drop();
  });

  /** One connection whose pool names statements, up to `capacity` distinct texts. */
  const connect = (capacity: number) => {
    const pool = new pg.Pool({ connectionString: postgres.url, max: 1, options: `-c search_path=${schema.schema}` });
    useNamedStatements(pool, capacity);
    pools.push(pool);
    return pool.connect();
  };

  const preparedNames = async (client: pg.PoolClient) =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name);

  it('prepares each parameterised text once per connection; texts without parameters and past the capacity stay unnamed', async () => {
    const client = await connect(3);
    try {
      await client.query('create table t (a integer primary key, b text)');
      for (let i = 0; i < 5; i += 1) await client.query('insert into t (a, b) values ($1, $2)', [i, `row ${i}`]);
      expect((await client.query('select b from t where a = $1', [3])).rows).toEqual([{ b: 'row 3' }]);
      expect((await client.query('select b from t where a = $1', [4])).rows).toEqual([{ b: 'row 4' }]);
      expect(await preparedNames(client)).toEqual(['escrow_1_0', 'escrow_2_0']);
      // Capacity 3: the third text is named, the fourth runs unnamed.
      await client.query('select count(*) from t where a > $1', [0]);
      await client.query('select count(*) from t where a < $1', [9]);
      expect(await preparedNames(client)).toEqual(['escrow_1_0', 'escrow_2_0', 'escrow_3_0']);
      // A failing statement (unique violation) leaves the client usable.
      await expect(client.query('insert into t (a, b) values ($1, $2)', [1, 'again'])).rejects.toThrow(/duplicate key/);
      expect((await client.query('select b from t where a = $1', [1])).rows).toEqual([{ b: 'row 1' }]);
    } finally {
      client.release();
    }
  });

  it('moves to fresh names when a prepared select * meets a table that changed shape', async () => {
    const client = await connect(100);
    try {
      await client.query('create table shape (id integer primary key, a text)');
      await client.query('insert into shape (id, a) values ($1, $2)', [1, 'x']);
      expect((await client.query('select * from shape where id = $1', [1])).rows).toEqual([{ id: 1, a: 'x' }]);
      // Another instance migrates while this one runs.
      await client.query('alter table shape add column b text');
      await expect(client.query('select * from shape where id = $1', [1])).rejects.toThrow(/cached plan must not change result type/);
      expect((await client.query('select * from shape where id = $1', [1])).rows).toEqual([{ id: 1, a: 'x', b: null }]);
    } finally {
      client.release();
    }
  });
});

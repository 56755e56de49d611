import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { infrastructureFailure, openPostgres, type Database, type DatabaseHandle, type PostgresOptions } from '../src/index.js';
import { createTestSchema, postgresForTests, type TestSchema } from '@escrow/test-kit/postgres';
import { startTcpProxy, type TcpProxy } from '@escrow/test-kit/tcp-proxy';

// Every way a PostgreSQL connection is lost, on a real server, through a TCP proxy the test
// controls (the shared server is never stopped; only this test's own backends are terminated).
const postgres = await postgresForTests('connection loss');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated schema of its own, reached through a proxy; `errors` collects what the pool reported. */
async function throughProxy(options: Partial<PostgresOptions> = {}): Promise<{ handle: DatabaseHandle; db: Kysely<Database>; proxy: TcpProxy; schema: TestSchema; errors: Error[] }> {
  const schema = await createTestSchema(postgres.url);
  cleanups.push(() => schema.drop());
  const target = new URL(postgres.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  const errors: Error[] = [];
  const handle = openPostgres({ connectionString: proxy.urlFor(postgres.url), schema: schema.schema, poolSize: 3, connectionTimeoutMs: 2_000, onPoolError: (e) => errors.push(e), ...options });
  cleanups.push(() => handle.close());
  await handle.migrate();
  return { handle, db: handle.db, proxy, schema, errors };
}

/** Terminates this test's own backends only: those whose client port is one of the proxy's. */
async function terminateOwnBackends(proxy: TcpProxy): Promise<number> {
  const ports = proxy.upstreamPorts();
  if (ports.length === 0) return 0;
  return admin(async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where client_addr = '127.0.0.1' and client_port = any($1::int[]) and pid <> pg_backend_pid()",
      [ports],
    );
    for (const { pid } of rows) await client.query('select pg_terminate_backend($1)', [pid]);
    return rows.length;
  });
}

const insertConfig = (db: Kysely<Database>, key: string) =>
  db.insertInto('system_config').values({ config_key: key, config_value: 'v', updated_by: null, updated_at: new Date().toISOString() }).execute();
const configKeys = async (db: Kysely<Database>) => (await db.selectFrom('system_config').select('config_key').execute()).map((r) => r.config_key);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(postgres.available)('PostgreSQL connections that are lost', () => {
  it('a backend terminated between two statements of a transaction fails that transaction with its real cause, and the process carries on', async () => {
    const { db, proxy, errors } = await throughProxy();
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await insertConfig(trx, 'first');
        // The client is checked out and idle: before, its 'error' event had no listener and killed the process.
        expect(await terminateOwnBackends(proxy)).toBeGreaterThan(0);
        await sleep(200);
        await insertConfig(trx, 'second');
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    // The error that ended the transaction, not the ROLLBACK's "not queryable".
    expect(infrastructureFailure(failed)).toMatchObject({ part: 'database', reason: 'connection lost' });
    expect(errors.map((e) => (e as { code?: string }).code ?? e.message)).toContain('57P01');
    // The next statement runs on a fresh connection, and nothing of the failed transaction was kept.
    await insertConfig(db, 'after');
    expect(await configKeys(db)).toEqual(['after']);
  });

  it('a statement in flight when its backend is terminated fails with SQLSTATE 57P01, and the pool recovers', async () => {
    const { db, proxy } = await throughProxy();
    const slow = sql`select pg_sleep(5)`.execute(db).then(
      () => null,
      (error: unknown) => error,
    );
    await sleep(300);
    await terminateOwnBackends(proxy);
    const error = await slow;
    expect(infrastructureFailure(error)).toMatchObject({ reason: 'connection lost', cause: '57P01' });
    // An idle pooled connection whose backend was terminated too is dropped when its socket's
    // end is read; on a loaded machine a query may still pick it first, and fails as lost (a
    // request would answer 503). Within a few tries the pool serves from fresh connections.
    let rows: unknown;
    for (let attempt = 1; rows === undefined; attempt += 1) {
      try {
        rows = (await sql<{ one: number }>`select 1 as one`.execute(db)).rows;
      } catch (failure) {
        expect(infrastructureFailure(failure)).toMatchObject({ reason: 'connection lost' });
        if (attempt >= 3) throw failure;
      }
    }
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('every connection cut at once (idle and checked out): each holder fails, the next queries open new connections', async () => {
    const { db, proxy } = await throughProxy();
    // Fill the pool: one transaction holding a client, two idle ones.
    await Promise.all([sql`select 1`.execute(db), sql`select 1`.execute(db), sql`select 1`.execute(db)]);
    const held = db.transaction().execute(async (trx) => {
      await insertConfig(trx, 'held');
      proxy.cut();
      await sleep(200);
      await insertConfig(trx, 'held-2');
    });
    await expect(held).rejects.toSatisfy((error) => infrastructureFailure(error)?.reason === 'connection lost');
    const before = proxy.connectionsAccepted;
    await insertConfig(db, 'after-cut');
    expect(proxy.connectionsAccepted).toBeGreaterThan(before);
  });

  it('during an outage every query fails fast with an infrastructure error; when the server is back the pool serves again by itself', async () => {
    const { db, handle, proxy } = await throughProxy();
    await sql`select 1`.execute(db);
    proxy.refuse(true);
    const started = Date.now();
    for (let i = 0; i < 5; i += 1) {
      const error = await insertConfig(db, `down-${i}`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(infrastructureFailure(error), String(error)).toBeDefined();
    }
    expect(Date.now() - started).toBeLessThan(5 * 2_500);
    const writes = await handle.checkWrites();
    expect(writes).toMatchObject({ ok: false });
    expect(['connection lost', 'unreachable', 'timed out']).toContain(writes.reason);
    proxy.refuse(false);
    await insertConfig(db, 'back');
    expect(await configKeys(db)).toEqual(['back']);
  });

  it('a connection gone silent is given up after the query timeout and never handed out again', async () => {
    const { db, proxy } = await throughProxy({ queryTimeoutMs: 800, poolSize: 1 });
    await sql`select 1`.execute(db);
    proxy.blackhole(true);
    const started = Date.now();
    await expect(db.transaction().execute((trx) => insertConfig(trx, 'silent'))).rejects.toSatisfy((error) => infrastructureFailure(error)?.reason === 'timed out');
    expect(Date.now() - started).toBeLessThan(5_000);
    proxy.blackhole(false);
    // The one pooled client was ended: this runs on a new connection, outside any old transaction.
    await insertConfig(db, 'after-silence');
    expect(await configKeys(db)).toEqual(['after-silence']);
  });

  it('a read-only database refuses writes with SQLSTATE 25006, and the write probe says read-only', async () => {
    const schema = await createTestSchema(postgres.url);
    cleanups.push(() => schema.drop());
    const writable = openPostgres({ connectionString: postgres.url, schema: schema.schema, poolSize: 1 });
    await writable.migrate();
    await writable.close();
    const url = new URL(postgres.url);
    url.searchParams.set('options', `-c search_path=${schema.schema} -c default_transaction_read_only=on`);
    const handle = openPostgres({ connectionString: url.toString(), poolSize: 2 });
    cleanups.push(() => handle.close());
    const error = await insertConfig(handle.db, 'nope').then(
      () => null,
      (e: unknown) => e,
    );
    expect(infrastructureFailure(error)).toEqual({ part: 'database', reason: 'read-only', cause: '25006' });
    expect(await handle.check()).toEqual({ ok: true });
    expect(await handle.checkWrites()).toMatchObject({ ok: false, reason: 'read-only', detail: expect.stringContaining('25006') });
  });

  it('the write probe commits a row at most once per cache period', async () => {
    const { handle, db } = await throughProxy();
    expect(await handle.checkWrites()).toEqual({ ok: true });
    const first = await db.selectFrom('health_probe').select('checked_at').where('id', '=', 'writes').executeTakeFirstOrThrow();
    await Promise.all(Array.from({ length: 20 }, () => handle.checkWrites()));
    const again = await db.selectFrom('health_probe').select('checked_at').where('id', '=', 'writes').executeTakeFirstOrThrow();
    expect(again.checked_at).toBe(first.checked_at);
  });
});

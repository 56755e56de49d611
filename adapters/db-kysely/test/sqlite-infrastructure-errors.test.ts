import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { infrastructureFailure, openSqlite, WRITE_PROBE_CACHE_MS, type Database, type DatabaseHandle } from '../src/index.js';

// A full disk and a read-only database on a real SQLite file: the real cause reaches the
// caller, and the write probe of the health check sees it.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(): Promise<DatabaseHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'escrow-sqlite-infra-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const handle = openSqlite({ file: join(dir, 'escrow.sqlite') });
  cleanups.push(() => handle.close());
  await handle.migrate();
  return handle;
}

const insertConfig = (db: Kysely<Database>, key: string, value = 'v') =>
  db.insertInto('system_config').values({ config_key: key, config_value: value, updated_by: null, updated_at: new Date().toISOString() }).execute();

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** The file may not grow any more (`max_page_count` on the handle's one connection), and the free pages are used up. */
async function fillDisk(db: Kysely<Database>): Promise<void> {
  // A migration that rebuilt a table (0011, the ledger's posting kinds) leaves free pages inside
  // the file, which writes reuse without growing it: compact first, so "full" means full.
  await sql`vacuum`.execute(db);
  const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]?.page_count);
  await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
  for (let i = 0; i < 10_000; i += 1) {
    const error = await failureOf(insertConfig(db, `fill-${i}`, 'x'.repeat(2_000)));
    if (error) return;
  }
  throw new Error('the database never filled up');
}

describe('SQLite when the disk is full or the database read-only', () => {
  it('a statement failing with SQLITE_FULL inside a transaction reports SQLITE_FULL, not "cannot rollback"', async () => {
    const handle = await open();
    await fillDisk(handle.db);
    const error = await failureOf(
      handle.db.transaction().execute(async (trx) => {
        await insertConfig(trx, 'a', 'y'.repeat(3_000));
        await insertConfig(trx, 'b', 'y'.repeat(3_000));
      }),
    );
    // SQLite rolled the transaction back itself; Kysely's ROLLBACK then failed and hid this.
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(String(error)).not.toMatch(/cannot rollback/);
    expect(infrastructureFailure(error)).toEqual({ part: 'database', reason: 'disk full', cause: 'SQLITE_FULL' });
    // The connection is usable: reads work, and writes again once there is room.
    expect(await handle.check()).toEqual({ ok: true });
    await sql.raw('pragma max_page_count = 1073741823').execute(handle.db);
    await insertConfig(handle.db, 'room-again');
  });

  it('the write probe fails with "disk full" when the file cannot grow, and recovers after its cache period', async () => {
    const handle = await open();
    expect(await handle.checkWrites()).toEqual({ ok: true });
    await fillDisk(handle.db);
    await new Promise((resolve) => setTimeout(resolve, WRITE_PROBE_CACHE_MS + 50));
    expect(await handle.checkWrites()).toMatchObject({ ok: false, reason: 'disk full', detail: expect.stringContaining('SQLITE_FULL') });
    // The database still answers reads: only the write path fails.
    expect(await handle.check()).toEqual({ ok: true });
    await sql.raw('pragma max_page_count = 1073741823').execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, WRITE_PROBE_CACHE_MS + 50));
    expect(await handle.checkWrites()).toEqual({ ok: true });
  });

  it('the probe undoes its growth test: probing often does not grow the file', async () => {
    const handle = await open();
    const pages = async () => Number((await sql<{ page_count: number }>`pragma page_count`.execute(handle.db)).rows[0]?.page_count);
    expect(await handle.checkWrites()).toEqual({ ok: true });
    const after = await pages();
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, WRITE_PROBE_CACHE_MS + 20));
      expect(await handle.checkWrites()).toEqual({ ok: true });
    }
    expect(await pages()).toBe(after);
  });

  it('a read-only database (query_only) refuses writes with SQLITE_READONLY, and the write probe says read-only', async () => {
    const handle = await open();
    await sql.raw('pragma query_only = 1').execute(handle.db);
    const error = await failureOf(handle.db.transaction().execute((trx) => insertConfig(trx, 'ro')));
    expect(error).toMatchObject({ code: 'SQLITE_READONLY' });
    expect(infrastructureFailure(error)).toEqual({ part: 'database', reason: 'read-only', cause: 'SQLITE_READONLY' });
    expect(await handle.checkWrites()).toMatchObject({ ok: false, reason: 'read-only' });
  });
});

describe('infrastructureFailure', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    [coded('SQLITE_FULL'), 'disk full'],
    [coded('SQLITE_IOERR_WRITE'), 'I/O error'],
    [coded('SQLITE_READONLY_DBMOVED'), 'read-only'],
    [coded('SQLITE_BUSY'), 'busy'],
    [coded('SQLITE_CANTOPEN'), 'unreachable'],
    [coded('SQLITE_NOMEM'), 'out of memory'],
    [coded('08006'), 'connection lost'],
    [coded('57P01'), 'connection lost'],
    [coded('57P03'), 'unreachable'],
    [coded('53100'), 'disk full'],
    [coded('53300'), 'busy'],
    [coded('25006'), 'read-only'],
    [coded('57014'), 'timed out'],
    [coded('ECONNREFUSED'), 'unreachable'],
    [coded('ECONNRESET'), 'connection lost'],
    [coded('ENOSPC'), 'disk full'],
    [coded('EROFS'), 'read-only'],
    [new Error('Connection terminated unexpectedly'), 'connection lost'],
    [new Error('timeout exceeded when trying to connect'), 'timed out'],
    [new Error('Client has encountered a connection error and is not queryable'), 'connection lost'],
    [new Error('wrapped', { cause: coded('SQLITE_FULL') }), 'disk full'],
    [new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], ''), 'unreachable'],
  ] as const)('recognises %s', (error, reason) => {
    expect(infrastructureFailure(error)?.reason).toBe(reason);
  });

  it.each([
    [new Error('boom')],
    [coded('SQLITE_CONSTRAINT_UNIQUE')],
    [coded('SQLITE_ERROR')],
    [coded('23505')],
    [coded('40001')],
    [coded('42P01')],
    [coded('ENOENT')],
    [new TypeError('x is undefined')],
    ['a string'],
    [null],
    // A marker that is not of the shape: no guess.
    [Object.assign(new Error('x'), { infrastructureFailure: { part: 'storage', reason: 'gone fishing', cause: 'x' } })],
    [Object.assign(new Error('x'), { infrastructureFailure: { part: 'printer', reason: 'busy', cause: 'x' } })],
    [Object.assign(new Error('x'), { infrastructureFailure: undefined })],
  ])('leaves %s to be a bug (500)', (error) => {
    expect(infrastructureFailure(error)).toBeUndefined();
  });

  it("recognises another adapter's error that says it is a failure of the infrastructure (the object storage's ObjectStorageError), first in its cause chain", () => {
    const storage = Object.assign(new Error('object storage (bucket photos): put pickup/a.png failed: TimeoutError'), {
      infrastructureFailure: { part: 'storage', reason: 'timed out', cause: 'TimeoutError' },
    });
    expect(infrastructureFailure(storage)).toEqual({ part: 'storage', reason: 'timed out', cause: 'TimeoutError' });
    // Its own cause (a socket's ECONNREFUSED) would say "network"; the adapter's word comes first.
    const refused = Object.assign(new Error('object storage: check failed', { cause: coded('ECONNREFUSED') }), { infrastructureFailure: { part: 'storage', reason: 'unreachable', cause: 'ECONNREFUSED' } });
    expect(infrastructureFailure(refused)?.part).toBe('storage');
    expect(infrastructureFailure(new Error('upload failed', { cause: storage }))?.part).toBe('storage');
  });
});
